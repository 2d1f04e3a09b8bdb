import type { AppointmentStatus } from '../agenda/agenda.schemas';
import type { KnownPerson } from '../ai/pseudonymise';
import type { AuditActor } from '../audit/audit.service';
import type { RewriteSource } from '../gp-letter/gp-letter.schemas';

/*
 * The no-show process: pure types and wording, shared by the workflow (which may import nothing
 * that touches the database), the worker's activities and the app.
 */

export const noShowStatuses = [
  'voorbereiden',
  'herschrijven',
  'ter_beoordeling',
  'goedgekeurd',
  'verzendklaar',
  'geannuleerd',
  'afgewezen',
  'mislukt',
] as const;
export type NoShowStatus = (typeof noShowStatuses)[number];

export const noShowStatusLabels: Record<NoShowStatus, string> = {
  voorbereiden: 'Niet verschenen registreren',
  herschrijven: 'Brief herschrijven',
  ter_beoordeling: 'Wacht op beoordeling',
  goedgekeurd: 'Goedgekeurd, nog niet verzendklaar',
  verzendklaar: 'Verzendklaar',
  geannuleerd: 'Geannuleerd',
  afgewezen: 'Herschrijving afgewezen',
  mislukt: 'Mislukt',
};

/** Why a no-show can no longer be withdrawn, by where it stands. */
export const notCancellable: Partial<Record<NoShowStatus, string>> = {
  goedgekeurd: 'De brief is al goedgekeurd; de registratie ‘niet verschenen’ kan niet meer worden ingetrokken.',
  verzendklaar: 'De brief is al verzendklaar; de registratie ‘niet verschenen’ kan niet meer worden ingetrokken.',
  mislukt: 'De opvolging van ‘niet verschenen’ is al beëindigd.',
  geannuleerd: 'De registratie ‘niet verschenen’ is al ingetrokken.',
  afgewezen: 'De herschreven brief is al afgewezen; de registratie ‘niet verschenen’ blijft staan.',
};

/** Why a letter cannot be made ready to send, by where its process stands. */
export const notDispatchable: Partial<Record<NoShowStatus, string>> = {
  geannuleerd: 'De opvolging van ‘niet verschenen’ is ingetrokken; er is geen brief om verzendklaar te maken.',
  mislukt: 'De opvolging van ‘niet verschenen’ is mislukt; er is geen brief om verzendklaar te maken.',
  verzendklaar: 'Deze brief is al verzendklaar.',
  afgewezen: 'De herschreven brief is afgewezen; er is geen brief om verzendklaar te maken.',
};

/** Before the review a clinician may still withdraw the no-show; after it, the letter stands. */
export const cancellableStatuses: readonly NoShowStatus[] = ['voorbereiden', 'herschrijven', 'ter_beoordeling'];
/** A process in one of these is over; a new command for the appointment starts a new one. */
export const restartableStatuses: readonly NoShowStatus[] = ['geannuleerd', 'afgewezen', 'mislukt'];

/** How long a rewritten letter waits before the reviewers get a reminder (and again after each period). */
export const defaultReminderAfterMs = 3 * 24 * 3600_000;

export function noShowWorkflowId(appointmentId: string): string {
  return `noshow-${appointmentId}`;
}

export interface NoShowJob {
  /** The clinician who registered the no-show; the process writes on their behalf until the review. */
  actor: AuditActor;
  appointmentId: string;
  workflowId: string;
  /** What happens next, in the clinician's words; the letter reports it. Null: the standard sentence. */
  followUp: string | null;
  /** The moment of the command: a retried step judges the appointment against the same clock. */
  requestedAt: string;
  /** Three days unless set; tests shorten it to seconds. */
  reminderAfterMs?: number;
}

export interface PreparedNoShow {
  letterId: string;
  patientId: string;
  patientName: string;
  /** For pseudonymisation: the patient and the GP are both people the model must not see. */
  people: KnownPerson[];
  gp: { name: string | null; practice: string | null };
  appointment: { id: string; start: string; type: string; previousStatus: AppointmentStatus };
  /** The draft as the clinician wrote it: the text that is rewritten and compared with. */
  draft: string;
}

export type PrepareResult = { ok: true; prepared: PreparedNoShow } | { ok: false; error: string };

export interface LetterRewrite {
  text: string;
  bron: RewriteSource;
  model: string | null;
  /** Dutch, for the reviewer: why the local rewrite was used although a model is configured. */
  melding?: string;
}

/** The reviewer's decision, carried by the `approve` signal: the final text as approved. */
export interface Approval {
  reviewer: AuditActor;
  finalText: string;
}

/**
 * The workflow memo: where the process stands. Readable with `describe` while no worker runs and
 * after the process ended, so it is the one source of the process's state for the app.
 */
export interface NoShowState {
  workflowId: string;
  organisationId: string;
  userId: string;
  appointmentId: string;
  status: NoShowStatus;
  letterId: string | null;
  patientId: string | null;
  reminders: number;
  rewrite: { bron: RewriteSource; model: string | null; melding?: string } | null;
  error?: string;
}

export function initialNoShowState(job: NoShowJob): NoShowState {
  return {
    workflowId: job.workflowId,
    organisationId: job.actor.organisationId,
    userId: job.actor.userId,
    appointmentId: job.appointmentId,
    status: 'voorbereiden',
    letterId: null,
    patientId: null,
    reminders: 0,
    rewrite: null,
  };
}

export const noShowMessages = {
  disruption: 'De brief kon door een storing niet worden verwerkt. Probeer het opnieuw.',
  noProcess: 'Er loopt voor deze afspraak geen opvolging van ‘niet verschenen’.',
  notRegistered:
    'Bij deze afspraak is (nog) niet geregistreerd dat de patiënt niet verscheen. Registreer dat eerst; daarna wordt de huisartsbrief herschreven.',
  notAwaitingReview: 'Deze brief wacht niet (meer) op beoordeling. Vernieuw de pagina.',
  withdrawnMeanwhile: 'De registratie ‘niet verschenen’ is intussen ingetrokken; de brief is teruggezet naar concept.',
  emptyLetter: 'De brief mag niet leeg zijn.',
  rejectionReason: 'Geef kort aan waarom de herschreven brief wordt afgewezen.',
  defaultFollowUp:
    'Wij nemen contact op met de patiënt om een nieuwe afspraak te maken en informeren u als de behandeling daardoor vertraging oploopt.',
} as const;
