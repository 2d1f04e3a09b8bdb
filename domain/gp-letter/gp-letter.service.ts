import { staffNames } from '../auth/staff-names';
import type { AuditActor } from '../audit/audit.service';
import type { EntityManager } from '../db/orm';
import { Patient } from '../patient/patient.entity';
import { displayName, findPatient } from '../patient/patient.service';
import { AppError } from '../shared/errors';
import { isUuid } from '../shared/ids';
import { GpLetter, GpLetterVersion } from './gp-letter.entity';
import {
  draftLetterSchema,
  type GpLetterEvent,
  gpLetterNotFound,
  type GpLetterStatus,
  letterGpSchema,
  newLetterSchema,
  maySignGpLetter,
  notYetReviewed,
  onlySignerApproves,
  type RewriteSource,
  signerTitle,
} from './gp-letter.schemas';
import { parseOrThrow } from '../shared/validation';
import { Organisation, User } from '../auth/auth.entities';

/*
 * The GP letter's own rules: which draft a process may take, and the transitions concept →
 * ter_beoordeling → goedgekeurd → verzendklaar (or back to concept), each one a new version.
 */

export interface GpLetterVersionView {
  version: number;
  event: GpLetterEvent;
  status: GpLetterStatus;
  text: string;
  /** The reviewer's reason, for a rejected rewrite. */
  note: string | null;
  by: string | null;
  at: string;
}

export interface GpLetterView {
  id: string;
  patientId: string;
  patientName: string;
  gp: { name: string | null; practice: string | null; address: string | null };
  subject: string;
  status: GpLetterStatus;
  originalText: string;
  rewrittenText: string | null;
  finalText: string | null;
  rewrite: { source: RewriteSource; model: string | null; note: string | null; at: string } | null;
  appointmentId: string | null;
  workflowId: string | null;
  /** Who approved and signed: name and title from their profile. */
  reviewer: { id: string; name: string; title: string } | null;
  reviewedAt: string | null;
  dispatchedAt: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
  versions: GpLetterVersionView[];
}

/** The reduced row of the inbox. */
export interface GpLetterSummary {
  id: string;
  patientId: string;
  patientName: string;
  gpName: string | null;
  subject: string;
  status: GpLetterStatus;
  appointmentId: string | null;
  /** The start of the missed appointment the rewrite reports. */
  appointmentStart: string | null;
  rewriteSource: RewriteSource | null;
  /** When it entered its current status, for "newest first". */
  since: string;
  reminders: number;
}

async function view(em: EntityManager, letter: GpLetter): Promise<GpLetterView> {
  const [patient, versions] = await Promise.all([
    em.findOne(Patient, { id: letter.patientId }, { fields: ['id', 'nameGiven', 'namePrefix', 'familyName'] }),
    em.find(GpLetterVersion, { letterId: letter.id }, { orderBy: { version: 'asc' } }),
  ]);
  const [names, signer] = await Promise.all([
    staffNames(
      em,
      versions.map((row) => row.createdBy),
    ),
    letter.reviewerId ? em.findOne(User, { id: letter.reviewerId }, { fields: ['id', 'displayName', 'role'] }) : null,
  ]);
  return {
    id: letter.id,
    patientId: letter.patientId,
    patientName: patient ? displayName(patient) : '',
    gp: { name: letter.gpName ?? null, practice: letter.gpPractice ?? null, address: letter.gpAddress ?? null },
    subject: letter.subject,
    status: letter.status,
    originalText: letter.originalText,
    rewrittenText: letter.rewrittenText ?? null,
    finalText: letter.finalText ?? null,
    rewrite:
      letter.rewriteSource && letter.rewrittenAt
        ? {
            source: letter.rewriteSource,
            model: letter.rewriteModel ?? null,
            note: letter.rewriteNote ?? null,
            at: letter.rewrittenAt.toISOString(),
          }
        : null,
    appointmentId: letter.appointmentId ?? null,
    workflowId: letter.workflowId ?? null,
    reviewer: letter.reviewerId
      ? { id: letter.reviewerId, name: signer?.displayName ?? 'onbekend', title: signer ? signerTitle(signer.role) : '' }
      : null,
    reviewedAt: letter.reviewedAt?.toISOString() ?? null,
    dispatchedAt: letter.dispatchedAt?.toISOString() ?? null,
    createdAt: letter.createdAt.toISOString(),
    updatedAt: letter.updatedAt.toISOString(),
    version: letter.version,
    versions: versions.map((row) => ({
      version: row.version,
      event: row.event,
      status: row.status,
      text: row.text,
      note: row.note ?? null,
      by: row.createdBy ? (names.get(row.createdBy) ?? null) : null,
      at: row.createdAt.toISOString(),
    })),
  };
}

async function findLetter(em: EntityManager, id: string): Promise<GpLetter> {
  const letter = isUuid(id) ? await em.findOne(GpLetter, { id }) : null;
  if (!letter) throw AppError.notFound(gpLetterNotFound);
  return letter;
}

/** The patient a letter of the organisation is about; an unknown id or another organisation's letter names nobody. */
export async function letterPatients(em: EntityManager, id: string): Promise<string[]> {
  if (!isUuid(id)) return [];
  const letter = await em.findOne(GpLetter, { id }, { fields: ['patientId'] });
  return letter ? [letter.patientId] : [];
}

/** A letter of the organisation with its history. */
export async function getGpLetter(em: EntityManager, id: string): Promise<GpLetterView> {
  return view(em, await findLetter(em, id));
}

/** The letter a no-show of this appointment concerns: the one it rewrote, else the patient's open draft. */
export async function letterForAppointment(em: EntityManager, appointmentId: string, patientId: string): Promise<GpLetterView | null> {
  const letter =
    (await em.findOne(GpLetter, { appointmentId }, { orderBy: { updatedAt: 'desc' } })) ??
    (await em.findOne(GpLetter, { patientId, status: 'concept', workflowId: null }, { orderBy: { updatedAt: 'desc' } }));
  return letter ? view(em, letter) : null;
}

function addVersion(
  em: EntityManager,
  letter: GpLetter,
  event: GpLetterEvent,
  text: string,
  actor: AuditActor | null,
  note: string | null = null,
): void {
  letter.version += 1;
  em.create(GpLetterVersion, {
    organisationId: letter.organisationId,
    letterId: letter.id,
    version: letter.version,
    event,
    status: letter.status,
    text,
    note,
    createdBy: actor?.userId ?? null,
    workflowId: letter.workflowId ?? null,
  });
}

export interface NewGpLetter {
  patientId: string;
  subject: string;
  text: string;
  gpName?: string | null;
  gpPractice?: string | null;
  gpAddress?: string | null;
}

/** A draft letter, version 1. */
export async function createDraftLetter(em: EntityManager, actor: AuditActor, input: NewGpLetter): Promise<GpLetter> {
  const patient = await findPatient(em, input.patientId);
  const letter = em.create(GpLetter, {
    organisationId: actor.organisationId,
    patientId: patient.id,
    subject: input.subject,
    originalText: input.text,
    gpName: input.gpName ?? null,
    gpPractice: input.gpPractice ?? null,
    gpAddress: input.gpAddress ?? null,
    createdBy: actor.userId,
    version: 1,
  });
  // Versions refer to the letter by id only: the letter must be written first.
  await em.flush();
  em.create(GpLetterVersion, {
    organisationId: actor.organisationId,
    letterId: letter.id,
    version: 1,
    event: 'concept',
    status: 'concept',
    text: input.text,
    createdBy: actor.userId,
  });
  return letter;
}

/**
 * The draft a no-show process rewrites: the patient's newest free draft, locked so a second process
 * cannot take it too; without one, a new draft to the patient's last known GP (`created`).
 */
export async function claimDraftLetter(
  em: EntityManager,
  actor: AuditActor,
  patientId: string,
  appointmentId: string,
  workflowId: string,
  newDraftText: string,
): Promise<{ letter: GpLetter; created: boolean }> {
  const held = await em.findOne(GpLetter, { workflowId });
  if (held) return { letter: held, created: false };
  const [free] = await em.execute<{ id: string }[]>(
    "select id from gp_letters where patient_id = ? and status = 'concept' and workflow_id is null order by updated_at desc limit 1 for update skip locked",
    [patientId],
  );
  let letter: GpLetter;
  if (free) {
    letter = await findLetter(em, free.id);
  } else {
    const previous = await em.findOne(GpLetter, { patientId }, { orderBy: { createdAt: 'desc' } });
    letter = await createDraftLetter(em, actor, {
      patientId,
      subject: 'Niet verschenen op afspraak',
      text: newDraftText,
      gpName: previous?.gpName,
      gpPractice: previous?.gpPractice,
    });
  }
  letter.workflowId = workflowId;
  letter.appointmentId = appointmentId;
  return { letter, created: !free };
}

export async function heldLetter(em: EntityManager, letterId: string): Promise<GpLetter> {
  return findLetter(em, letterId);
}

/** The rewrite is offered for review; the draft itself stays as it was. */
export function offerRewrite(
  em: EntityManager,
  actor: AuditActor,
  letter: GpLetter,
  rewrite: { text: string; source: RewriteSource; model: string | null; note: string | null },
): void {
  letter.status = 'ter_beoordeling';
  letter.rewrittenText = rewrite.text;
  letter.rewriteSource = rewrite.source;
  letter.rewriteModel = rewrite.model;
  letter.rewriteNote = rewrite.note;
  letter.rewrittenAt = new Date();
  letter.finalText = null;
  letter.reviewerId = null;
  letter.reviewedAt = null;
  addVersion(em, letter, 'herschreven', rewrite.text, actor);
}

const notReviewable: Record<Exclude<GpLetterStatus, 'ter_beoordeling'>, string> = {
  concept: 'Deze brief is nog niet herschreven en wacht niet op beoordeling.',
  goedgekeurd: 'Deze brief is al goedgekeurd.',
  verzendklaar: 'Deze brief is al verzendklaar.',
};

/** Why a letter cannot be approved now, or null when it can. */
export function approvalRefusal(status: GpLetterStatus): string | null {
  return status === 'ter_beoordeling' ? null : notReviewable[status];
}

/** 403 unless this person may approve and sign a GP letter (`maySignGpLetter`). */
export function assertMaySignGpLetter(actor: Pick<AuditActor, 'role'>): void {
  if (!maySignGpLetter(actor.role)) throw AppError.forbidden(onlySignerApproves);
}

/** The reviewer's approval with the final text; false when it was approved already (nothing changes). */
export function approveLetter(em: EntityManager, reviewer: AuditActor, letter: GpLetter, finalText: string): boolean {
  if (letter.status === 'goedgekeurd' || letter.status === 'verzendklaar') return false;
  const refusal = approvalRefusal(letter.status);
  if (refusal) throw new AppError('conflict', refusal);
  letter.status = 'goedgekeurd';
  letter.finalText = finalText;
  letter.reviewerId = reviewer.userId;
  letter.reviewedAt = new Date();
  addVersion(em, letter, 'goedgekeurd', finalText, reviewer);
  return true;
}

export { notYetReviewed };

/** An approved letter made ready to send; false when it was already (nothing changes). */
export function markReadyToSend(em: EntityManager, actor: AuditActor, letter: GpLetter): boolean {
  if (letter.status === 'verzendklaar') return false;
  if (letter.status !== 'goedgekeurd') throw new AppError('conflict', notYetReviewed);
  letter.status = 'verzendklaar';
  letter.dispatchedAt = new Date();
  letter.dispatchedBy = actor.userId;
  // The process is over: the letter no longer blocks a new no-show of this patient.
  addVersion(em, letter, 'verzendklaar', letter.finalText ?? '', actor);
  letter.workflowId = null;
  return true;
}

/** The letter back to a concept of the clinician's own text: the rewrite and where it came from are gone (its versions stay). */
function clearRewrite(letter: GpLetter): void {
  letter.status = 'concept';
  letter.rewrittenText = null;
  letter.rewriteSource = null;
  letter.rewriteModel = null;
  letter.rewriteNote = null;
  letter.rewrittenAt = null;
}

/**
 * The reviewer rejects the rewrite: the letter is a free concept again with the text the
 * clinician wrote, and the reason is kept in its history. The no-show itself stands.
 */
export function rejectRewrite(em: EntityManager, reviewer: AuditActor, letter: GpLetter, reason: string): boolean {
  if (letter.status === 'concept' && letter.workflowId === null) return false;
  const refusal = approvalRefusal(letter.status);
  if (refusal) throw new AppError('conflict', refusal);
  clearRewrite(letter);
  addVersion(em, letter, 'afgewezen', letter.originalText, reviewer, reason);
  letter.workflowId = null;
  return true;
}

/** A withdrawn no-show: the letter is a free draft again, with the text the clinician wrote. */
export function returnToDraft(em: EntityManager, actor: AuditActor, letter: GpLetter): void {
  if (letter.status === 'goedgekeurd' || letter.status === 'verzendklaar')
    throw new AppError('conflict', 'Deze brief is al goedgekeurd; de registratie ‘niet verschenen’ kan niet meer worden ingetrokken.');
  const wasRewritten = letter.status === 'ter_beoordeling';
  clearRewrite(letter);
  if (wasRewritten) addVersion(em, letter, 'ingetrokken', letter.originalText, actor);
  letter.workflowId = null;
}

/**
 * The reviewers' inbox: letters waiting for review, newest first, and the rest of the
 * organisation's recent letters for context. Logged as one search over the listed patients.
 */
export async function gpLetterInbox(em: EntityManager, limit = 100): Promise<{ waiting: GpLetterSummary[]; others: GpLetterSummary[] }> {
  const rows = await em.execute<
    {
      id: string;
      patient_id: string;
      name_given: string[];
      name_prefix: string | null;
      family_name: string;
      gp_name: string | null;
      subject: string;
      status: GpLetterStatus;
      appointment_id: string | null;
      appointment_start: Date | null;
      rewrite_source: RewriteSource | null;
      since: Date;
      reminders: string;
    }[]
  >(
    `select l.id, l.patient_id, p.name_given, p.name_prefix, p.family_name, l.gp_name, l.subject, l.status, l.appointment_id, a.start_at as appointment_start, l.rewrite_source,
            coalesce(case l.status when 'ter_beoordeling' then l.rewritten_at when 'goedgekeurd' then l.reviewed_at when 'verzendklaar' then l.dispatched_at end, l.updated_at) as since,
            (select count(*) from nudges n where n.subject_id = l.id and n.kind = 'huisartsbrief_beoordelen') as reminders
       from gp_letters l join patients p on p.id = l.patient_id left join appointments a on a.id = l.appointment_id
      order by (l.status = 'ter_beoordeling') desc, since desc
      limit ?`,
    [limit],
  );
  const summaries: GpLetterSummary[] = rows.map((row) => ({
    id: row.id,
    patientId: row.patient_id,
    patientName: displayName({ nameGiven: row.name_given, namePrefix: row.name_prefix, familyName: row.family_name }),
    gpName: row.gp_name,
    subject: row.subject,
    status: row.status,
    appointmentId: row.appointment_id,
    appointmentStart: row.appointment_start ? new Date(row.appointment_start).toISOString() : null,
    rewriteSource: row.rewrite_source,
    since: new Date(row.since).toISOString(),
    reminders: Number(row.reminders),
  }));
  return {
    waiting: summaries.filter((letter) => letter.status === 'ter_beoordeling'),
    others: summaries.filter((letter) => letter.status !== 'ter_beoordeling'),
  };
}

/** A new letter to the GP, started from the patient's record: a concept the clinician can go on editing. */
export async function startLetter(em: EntityManager, actor: AuditActor, input: unknown): Promise<GpLetterView> {
  const valid = parseOrThrow(newLetterSchema, input);
  const letter = await createDraftLetter(em, actor, valid);
  return view(em, letter);
}

/**
 * A concept edited by the clinician: its subject and text, as a new version (`changed`: not the same
 * text again). Only a free concept: one that a no-show process holds or that was rewritten is
 * reviewed on its own page instead.
 */
export async function editDraftLetter(
  em: EntityManager,
  actor: AuditActor,
  id: string,
  input: unknown,
): Promise<{ letter: GpLetterView; changed: boolean }> {
  const { subject, text } = parseOrThrow(draftLetterSchema, input);
  const letter = await findLetter(em, id);
  if (letter.status !== 'concept' || letter.workflowId)
    throw new AppError('conflict', 'Alleen een concept dat niet in een opvolging van ‘niet verschenen’ zit, kan worden aangepast.');
  if (letter.subject === subject && letter.originalText === text) return { letter: await view(em, letter), changed: false };
  letter.subject = subject;
  letter.originalText = text;
  addVersion(em, letter, 'aangepast', text, actor);
  return { letter: await view(em, letter), changed: true };
}

/** To whom the letter goes; it can be chosen until the letter is approved. */
export async function setLetterGp(em: EntityManager, id: string, input: unknown): Promise<GpLetterView> {
  const gp = parseOrThrow(letterGpSchema, input);
  const letter = await findLetter(em, id);
  if (letter.status === 'goedgekeurd' || letter.status === 'verzendklaar')
    throw new AppError('conflict', 'Deze brief is al goedgekeurd; de huisarts kan niet meer worden gewijzigd.');
  letter.gpName = gp.gpName;
  letter.gpPractice = gp.gpPractice;
  letter.gpAddress = gp.gpAddress;
  return view(em, letter);
}

/** What the printed letter shows besides its text: letterhead, patient identification, approver. */
export interface LetterDocument {
  letter: GpLetterView;
  organisation: string;
  patient: { name: string; birthDate: string | null; bsn: string | null };
  approvedBy: string;
  /** The approver's title, printed under their name ("Psychiater, regiebehandelaar"). */
  approverTitle: string;
  dispatchedAt: string;
}

/** A letter made ready to send, for its PDF and its print view; 409 before that. */
export async function letterDocument(em: EntityManager, id: string): Promise<LetterDocument> {
  const letter = await findLetter(em, id);
  if (letter.status !== 'verzendklaar' || !letter.finalText || !letter.dispatchedAt)
    throw new AppError('conflict', 'Alleen een verzendklare brief kan worden afgedrukt of gedownload.');
  const [shown, patient, organisation] = await Promise.all([
    view(em, letter),
    findPatient(em, letter.patientId),
    em.findOne(Organisation, { id: letter.organisationId }, { fields: ['name'] }),
  ]);
  return {
    letter: shown,
    organisation: organisation?.name ?? '',
    patient: { name: displayName(patient), birthDate: patient.birthDate ?? null, bsn: patient.bsn ?? null },
    approvedBy: shown.reviewer?.name ?? '',
    approverTitle: shown.reviewer?.title ?? '',
    dispatchedAt: letter.dispatchedAt.toISOString(),
  };
}
