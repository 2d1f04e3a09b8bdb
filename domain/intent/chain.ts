import { cancelReasonProblem, type CancelReasonCode } from '../agenda/cancel-reasons';
import type { AuditActor } from '../audit/audit.service';
import { dischargeMessages, type DischargeReasonCode } from '../discharge/discharge.vocabulary';
import type { ReportCategory } from '../report/report.schemas';
import { isWriting, type ChainAction, type Entities, type Intent } from './intent.schemas';

/*
 * An intent chain: the steps of one assistant request, their preparation, the clinician's
 * confirmation and the writes. Pure, so the workflow, the worker and the app share one model.
 */

export type StepKind = 'read' | 'write' | 'skip';

export type StepStatus =
  'voorbereiden' | 'klaar_voor_bevestiging' | 'keuze_nodig' | 'bezig' | 'klaar' | 'mislukt' | 'overgeslagen' | 'geannuleerd';

export type ChainStatus = 'voorbereiden' | 'wacht_op_bevestiging' | 'bezig' | 'voltooid' | 'afgewezen' | 'verlopen' | 'mislukt';

export const finishedChainStatuses: readonly ChainStatus[] = ['voltooid', 'afgewezen', 'verlopen', 'mislukt'];

/** What a write step will touch, resolved during preparation; the confirmation is about exactly this. */
export interface StepPlan {
  patientId?: string;
  patientName?: string;
  appointmentId?: string;
  /** The start of the appointment to change, or of the one to create. */
  start?: string;
  /** Where a rescheduled appointment moves to. */
  moveTo?: string;
  type?: string;
  category?: ReportCategory;
  content?: string;
  includeInHandover?: boolean;
  /** Why an appointment is cancelled: one of the choices and/or the clinician's words. */
  reasonCode?: CancelReasonCode;
  reason?: string;
  /** A discharge's reason (its words are `reason`) and date, shown in the block and changeable before confirming. */
  dischargeReasonCode?: DischargeReasonCode;
  dischargedOn?: string;
  /** Dutch: what stands out about the moment (outside agenda hours, a weekend for a weekday kind); shown, not refused. */
  warnings?: string[];
}

export interface Candidate {
  appointmentId: string;
  label: string;
  /** The step's summary once this candidate is chosen. */
  summary: string;
  /** The plan's warnings once this candidate is chosen (a move of this kind to that moment). */
  warnings?: string[];
}

export interface ChainStep {
  index: number;
  intent: Intent;
  entities: Entities;
  kind: StepKind;
  status: StepStatus;
  /** Dutch one-liner of what will happen, or what happened. */
  summary: string;
  plan?: StepPlan;
  candidates?: Candidate[];
  result?: unknown;
  /** Dutch, shown to the clinician as is. */
  error?: string;
}

export interface ChainState {
  chainId: string;
  organisationId: string;
  userId: string;
  status: ChainStatus;
  steps: ChainStep[];
}

export interface IntentChainInput {
  chainId: string;
  actor: AuditActor;
  actions: ChainAction[];
  /** How long the prepared chain waits for the clinician; 24 hours unless a test says otherwise. */
  confirmWithinMs?: number;
}

/** Step index (as a string, JSON keys are) → the chosen appointment of a step that asked for a choice. */
export type Choices = Record<string, string>;

/** What the clinician changed in a prepared write before confirming it. */
export interface StepEdit {
  content?: string;
  category?: ReportCategory;
  includeInHandover?: boolean;
  /** The new appointment's start, or where a rescheduled one moves to. */
  start?: string;
  /** A cancellation's reason, asked in the block before confirming. */
  reasonCode?: CancelReasonCode;
  reason?: string;
  /** A discharge's reason and date. */
  dischargeReasonCode?: DischargeReasonCode;
  dischargedOn?: string;
}

/** Step index (as a string) → the clinician's changes to that write. */
export type Edits = Record<string, StepEdit>;

export interface ConfirmChain {
  choices?: Choices;
  edits?: Edits;
}

/** Why a chain cannot be decided on any more, by where it stands. */
export const notAwaitingConfirmation: Record<Exclude<ChainStatus, 'wacht_op_bevestiging'>, string> = {
  voorbereiden: 'De opdracht wordt nog voorbereid. Probeer het zo opnieuw.',
  bezig: 'Deze opdracht is al bevestigd en wordt uitgevoerd.',
  voltooid: 'Deze opdracht is al afgerond.',
  afgewezen: 'Deze opdracht is al afgewezen.',
  verlopen: 'De tijd om te bevestigen is verstreken. Geef de opdracht opnieuw.',
  mislukt: 'Deze opdracht kan niet meer worden bevestigd.',
};

export const chainMessages = {
  notFound: 'Deze opdracht van de assistent is niet gevonden.',
  preparing: 'Wordt voorbereid…',
  notUnderstood: 'Dit deel van de opdracht is niet begrepen en wordt overgeslagen.',
  chooseAppointment: 'Kies welke afspraak bedoeld is.',
  unknownChoice: 'Kies een van de voorgestelde afspraken.',
  notEditable: 'Deze stap kan niet worden aangepast.',
  disruption: 'Deze stap kon door een storing niet worden uitgevoerd. Probeer het later opnieuw.',
} as const;

export function chainWorkflowId(chainId: string): string {
  return `intent-chain-${chainId}`;
}

export function stepKind(intent: Intent): StepKind {
  if (intent === 'unknown') return 'skip';
  return isWriting(intent) ? 'write' : 'read';
}

export function pendingStep(action: ChainAction, index: number): ChainStep {
  return {
    index,
    intent: action.intent,
    entities: action.entities,
    kind: stepKind(action.intent),
    status: 'voorbereiden',
    summary: chainMessages.preparing,
  };
}

export function initialChainState({ chainId, actor, actions }: IntentChainInput): ChainState {
  return {
    chainId,
    organisationId: actor.organisationId,
    userId: actor.userId,
    status: 'voorbereiden',
    steps: actions.map(pendingStep),
  };
}

export function failedStep(step: ChainStep, error: string): ChainStep {
  return { ...step, status: 'mislukt', error };
}

/**
 * Every patient a chain's state shows (for the access log): the patients its steps name and plan
 * for, and those in what its read steps found (`patientId` anywhere in a result, the patients a
 * search step found).
 */
export function chainPatientIds(state: ChainState): string[] {
  const found = new Set<string>();
  const walk = (value: unknown, depth: number): void => {
    if (depth > 6 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach((item) => walk(item, depth + 1));
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'patientId' && typeof inner === 'string') found.add(inner);
      else walk(inner, depth + 1);
    }
  };
  for (const step of state.steps) {
    walk([step.entities, step.plan, step.result], 0);
    if (step.intent === 'zoeken') {
      const results = (step.result as { results?: { id?: unknown }[] } | undefined)?.results ?? [];
      for (const result of results) if (typeof result.id === 'string') found.add(result.id);
    }
  }
  return [...found];
}

/** Field → Dutch message for every step that asks for a choice and did not get a valid one. */
export function missingChoices(steps: readonly ChainStep[], choices: Choices): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const step of steps) {
    if (step.status !== 'keuze_nodig') continue;
    const choice = choices[String(step.index)];
    if (!choice) fields[`choices.${step.index}`] = chainMessages.chooseAppointment;
    else if (!step.candidates?.some((candidate) => candidate.appointmentId === choice))
      fields[`choices.${step.index}`] = chainMessages.unknownChoice;
  }
  return fields;
}

/** A step that asked for a choice and got one of its candidates is ready like any other. */
export function withChoices(steps: readonly ChainStep[], choices: Choices): ChainStep[] {
  return steps.map((step) => {
    const chosen =
      step.status === 'keuze_nodig'
        ? step.candidates?.find((candidate) => candidate.appointmentId === choices[String(step.index)])
        : undefined;
    if (!chosen) return step;
    const { warnings: _shownForAll, ...plan } = step.plan ?? {};
    return {
      ...step,
      status: 'klaar_voor_bevestiging',
      summary: chosen.summary,
      plan: { ...plan, appointmentId: chosen.appointmentId, ...(chosen.warnings ? { warnings: chosen.warnings } : {}) },
    };
  });
}

/** Which fields of a write the clinician may change before confirming it. */
const editableFields: Partial<Record<Intent, readonly (keyof StepEdit)[]>> = {
  dagnotitie: ['content', 'category', 'includeInHandover'],
  create_appointment: ['start'],
  reschedule_appointment: ['start'],
  cancel_appointment: ['reasonCode', 'reason'],
  ontslag: ['dischargeReasonCode', 'reason', 'dischargedOn'],
};

/** Every field some write lets the clinician change: what a confirmation form may carry. */
export const editableFieldNames: readonly (keyof StepEdit)[] = [...new Set(Object.values(editableFields).flat())];

/**
 * Field → Dutch message for every cancellation the confirmation leaves without a reason: the block
 * asks for one as the page does (CONTRACT §7), before anything is written.
 */
export function missingReasons(steps: readonly ChainStep[], edits: Edits): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const step of steps) {
    if (step.intent !== 'cancel_appointment' || step.kind !== 'write') continue;
    if (step.status !== 'klaar_voor_bevestiging' && step.status !== 'keuze_nodig') continue;
    const edit = edits[String(step.index)] ?? {};
    const problem = cancelReasonProblem(edit.reasonCode ?? step.plan?.reasonCode, edit.reason ?? step.plan?.reason);
    if (problem) fields[`edits.${step.index}.reason`] = problem;
  }
  return fields;
}

/**
 * Field → Dutch message for every discharge the confirmation leaves on ‘Anders’ without words: said
 * before anything in the chain is written, as the page says it (ADR 0080).
 */
export function missingDischargeReasons(steps: readonly ChainStep[], edits: Edits): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const step of steps) {
    if (step.intent !== 'ontslag' || step.status !== 'klaar_voor_bevestiging') continue;
    const edit = edits[String(step.index)] ?? {};
    const code = edit.dischargeReasonCode ?? step.plan?.dischargeReasonCode;
    if (code === 'anders' && !(edit.reason ?? step.plan?.reason)?.trim())
      fields[`edits.${step.index}.reason`] = dischargeMessages.otherNeedsText;
  }
  return fields;
}

/** Field → Dutch message for every change that does not fit its step (a read, or a field that step has not). */
export function editErrors(steps: readonly ChainStep[], edits: Edits): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [index, edit] of Object.entries(edits)) {
    const step = steps.find((candidate) => String(candidate.index) === index);
    const allowed = step && step.kind === 'write' ? (editableFields[step.intent] ?? []) : [];
    for (const field of Object.keys(edit) as (keyof StepEdit)[]) {
      if (!allowed.includes(field)) fields[`edits.${index}.${field}`] = chainMessages.notEditable;
    }
  }
  return fields;
}

/** The prepared plans with the clinician's changes: the confirmation is about what the block showed last. */
export function withEdits(steps: readonly ChainStep[], edits: Edits): ChainStep[] {
  return steps.map((step) => {
    const edit = edits[String(step.index)];
    if (!edit || step.kind !== 'write' || !step.plan) return step;
    const { start, ...note } = edit;
    const moved = start ? (step.intent === 'reschedule_appointment' ? { moveTo: start } : { start }) : {};
    return { ...step, plan: { ...step.plan, ...note, ...moved } };
  });
}
