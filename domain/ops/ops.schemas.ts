import { countOf } from '../shared/text';
import { z } from '../shared/validation';

// Browser-safe: the beheer page renders labels and durations from here; the Temporal client stays
// in temporal/ops.ts.

/** Temporal's visibility names, so a filter reads the same here as in the Temporal UI. */
export const workflowStatuses = [
  'Running',
  'Completed',
  'Failed',
  'Terminated',
  'TimedOut',
  'Canceled',
  'ContinuedAsNew',
  'Paused',
  'Unknown',
] as const;
export type WorkflowStatus = (typeof workflowStatuses)[number];

/** The statuses ops filter on; the rare others (continued as new, paused) are listed under "Alle". */
export const filterStatuses = [
  'Running',
  'Completed',
  'Failed',
  'Terminated',
  'TimedOut',
  'Canceled',
] as const satisfies readonly WorkflowStatus[];
export type FilterStatus = (typeof filterStatuses)[number];

export const workflowStatusLabels: Record<WorkflowStatus, string> = {
  Running: 'Lopend',
  Completed: 'Voltooid',
  Failed: 'Mislukt',
  Terminated: 'Beëindigd',
  TimedOut: 'Tijdslimiet verstreken',
  Canceled: 'Geannuleerd',
  ContinuedAsNew: 'Voortgezet',
  Paused: 'Gepauzeerd',
  Unknown: 'Onbekend',
};

/** The statuses that end with something to explain: the page shows why. */
export const statusesWithError: readonly WorkflowStatus[] = ['Failed', 'Terminated', 'TimedOut'];

/** The product's workflow types (workflows/index.ts), as the beheer page names them. */
export const workflowTypeLabels: Record<string, string> = {
  healthCheck: 'Gezondheidscontrole',
  intentChain: 'Opdracht aan de assistent',
  handoverGeneration: 'Overdracht samenvatten',
  wardHandoverGeneration: 'Overdracht afdeling samenvatten',
  treatmentPlanGeneration: 'Behandelplan opstellen',
  noShow: 'Niet verschenen opvolgen',
};

/** A type the product does not know (an old or foreign workflow) is named as such, not by its code name. */
export function workflowTypeLabel(type: string): string {
  return Object.hasOwn(workflowTypeLabels, type) ? workflowTypeLabels[type]! : 'Onbekend type';
}

/**
 * The page's query parameters. A value that is not allowed falls back to "all" instead of a 400:
 * these are links, and an old bookmark should still open the page. The type pattern also keeps
 * quotes out of the visibility query built from it.
 */
export const workflowFilterSchema = z.object({
  status: z.enum(filterStatuses).optional().catch(undefined),
  type: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_]{0,99}$/)
    .optional()
    .catch(undefined),
});
export type WorkflowFilter = z.output<typeof workflowFilterSchema>;

export interface WorkflowErrorStep {
  /** Dutch: where in the chain the failure arose ("Activiteit checkDatabase", "Fout (AppError)"). */
  label: string;
  message: string;
}

/** Why a run ended badly: the cause in Dutch, the root cause as the system gave it, the chain from the workflow down beneath it. */
export interface WorkflowError {
  /** Dutch, from the kind of failure only (never its message, so never patient data): "Een stap bleef mislukken, ook na herhalen." */
  cause: string;
  summary: string;
  chain: WorkflowErrorStep[];
}

/** One run as the beheer page shows it: identifiers, timing and status, never inputs or results. */
export interface WorkflowExecution {
  type: string;
  /** The business id (`handover-<patientId>-…`): ids only, no names. */
  workflowId: string;
  runId: string;
  status: WorkflowStatus;
  startTime: string;
  closeTime: string | null;
  durationMs: number | null;
  error: WorkflowError | null;
  /** How the process itself ended, where Temporal's "completed" does not say (an assistant chain that failed). */
  outcome?: WorkflowOutcome | null;
  /** A running run that waits for a clinician (a chain's confirmation, a letter's review): since when (ADR 0073). */
  waitingSince?: string | null;
}

/** A running run that waits for a clinician is not stuck: it gets its own state on the page. */
export const waitingLabel = 'Wacht op bevestiging';

/**
 * Who starts a failed run again (ADR 0073). Only a run the app can start without a clinician's
 * signed command is started again from the beheer page; a clinical process is started again by the
 * clinician whose command it was, and the page says how.
 */
export const retryOfType: Record<string, { byBeheer: true } | { byBeheer: false; how: string }> = {
  healthCheck: { byBeheer: true },
  intentChain: {
    byBeheer: false,
    how: 'Een opdracht aan de assistent herhaalt de zorgverlener zelf: zo bevestigt hij opnieuw wat er wordt vastgelegd.',
  },
  handoverGeneration: { byBeheer: false, how: 'Start opnieuw zodra een zorgverlener de overdracht opnieuw laat samenvatten.' },
  wardHandoverGeneration: {
    byBeheer: false,
    how: 'Start opnieuw zodra een zorgverlener de overdracht van de afdeling opnieuw laat samenvatten.',
  },
  treatmentPlanGeneration: { byBeheer: false, how: 'Start opnieuw zodra een zorgverlener het behandelplan opnieuw laat opstellen.' },
  noShow: { byBeheer: false, how: 'Start opnieuw zodra de zorgverlener de afspraak opnieuw als niet verschenen registreert.' },
};

export function retryOf(type: string): { byBeheer: true } | { byBeheer: false; how: string } {
  return Object.hasOwn(retryOfType, type)
    ? retryOfType[type]!
    : { byBeheer: false, how: 'Dit type workflow kan niet vanaf deze pagina opnieuw worden gestart.' };
}

/** The retry form: a run named by its business id; the type and status are read from Temporal, not from the form. */
export const retryWorkflowSchema = z.object({
  workflowId: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, 'Onbekende workflow.'),
});

export const retryMessages = {
  started: 'De workflow is opnieuw gestart. De nieuwe uitvoering staat bovenaan zodra Temporal haar toont.',
  notFound: 'Deze workflow is niet gevonden.',
  notFailed: 'Alleen een mislukte, beëindigde of verlopen workflow kan opnieuw worden gestart.',
  running: 'Deze workflow loopt al opnieuw.',
  notByBeheer: 'Deze workflow start de zorgverlener opnieuw, niet het functioneel beheer.',
} as const;

/** A product outcome that differs from Temporal's status: shown instead of "Voltooid". */
export const workflowOutcomes = { mislukt: 'Mislukt', afgewezen: 'Afgewezen', verlopen: 'Verlopen' } as const;
export type WorkflowOutcome = keyof typeof workflowOutcomes;
export function workflowOutcome(value: unknown): WorkflowOutcome | null {
  return typeof value === 'string' && Object.hasOwn(workflowOutcomes, value) ? (value as WorkflowOutcome) : null;
}

/** "85 ms", "1,2 s", "4 min 5 s", "2 uur 5 min", "3 dagen 4 uur": short enough for a table column. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  if (ms < 10_000) return `${String(Math.floor(ms / 100) / 10).replace('.', ',')} s`;
  const seconds = Math.floor(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} uur ${minutes % 60} min` : `${hours} uur`;
  const days = countOf(Math.floor(hours / 24), 'dag', 'dagen');
  return hours % 24 ? `${days} ${hours % 24} uur` : days;
}

/** The Temporal UI's page of the namespace, or of one run (its full history); none without a configured UI. */
export function temporalUiUrl(base: string | undefined, namespace: string, run?: { workflowId: string; runId: string }): string | null {
  if (!base) return null;
  const workflows = `${base}/namespaces/${encodeURIComponent(namespace)}/workflows`;
  return run ? `${workflows}/${encodeURIComponent(run.workflowId)}/${encodeURIComponent(run.runId)}` : workflows;
}
