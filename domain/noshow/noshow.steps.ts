import { formatNumericDate } from '../shared/clinical-time';
import { registerNoShow, withdrawNoShow } from '../agenda/agenda.use-cases';
import { runUseCaseWithin } from '../audit/use-case';
import type { AppointmentStatus } from '../agenda/agenda.schemas';
import { knownPeople } from '../ai/known-people';
import type { AuditActor } from '../audit/audit.service';
import type { EntityManager } from '../db/orm';
import { heldLetter } from '../gp-letter/gp-letter.service';
import {
  approveGpLetter,
  claimNoShowLetter,
  dispatchLetter,
  offerLetterRewrite,
  rejectLetterRewrite,
  withdrawLetter,
} from '../gp-letter/gp-letter.use-cases';
import { dismissNudgesAbout, recordNudge } from '../nudge/nudge.service';
import type { Patient } from '../patient/patient.entity';
import { displayName, findPatient } from '../patient/patient.service';
import { onceOnly } from '../shared/effects';
import type { Approval, LetterRewrite, NoShowJob, PreparedNoShow } from './noshow';

/*
 * The database steps of the no-show workflow, one activity each. Every write runs inside
 * `onceOnly` with a key of the workflow run: a retried activity (a worker that died after the
 * commit) gets the first outcome back instead of writing a second time.
 */

/**
 * The opening and closing a new draft gets when the patient has no open one to rewrite. No name
 * under the closing: whoever registers the no-show prepares the letter, the psychiatrist who
 * approves it signs (their name and title are printed under the text).
 */
function newDraft(patient: Patient): string {
  const born = patient.birthDate ? `, geboren ${formatNumericDate(String(patient.birthDate))}` : '';
  return `Geachte collega,\n\nHierbij informeren wij u over uw patiënt ${displayName(patient)}${born}.\n\nMet collegiale groet,`;
}

/**
 * Step 1: the appointment becomes `niet-verschenen` and the patient's open draft is taken for this
 * process (a new draft when there is none). The writes happen once; the letter is read anew.
 */
export async function prepareNoShow(em: EntityManager, job: NoShowJob, key: string): Promise<PreparedNoShow> {
  const done = await onceOnly(em, job.actor.organisationId, key, async () => {
    const { appointment, previousStatus } = await runUseCaseWithin(em, job.actor, registerNoShow, {
      appointmentId: job.appointmentId,
      at: new Date(job.requestedAt),
    });
    const patient = await findPatient(em, appointment.patientId);
    const { letter } = await runUseCaseWithin(em, job.actor, claimNoShowLetter, {
      patientId: patient.id,
      appointmentId: appointment.id,
      workflowId: job.workflowId,
      newDraftText: newDraft(patient),
    });
    return { letterId: letter.id, previousStatus, start: appointment.start, type: appointment.type };
  });
  const letter = await heldLetter(em, done.letterId);
  const patient = await findPatient(em, letter.patientId);
  const gp = { name: letter.gpName ?? null, practice: letter.gpPractice ?? null };
  return {
    letterId: letter.id,
    patientId: patient.id,
    patientName: displayName(patient),
    people: await knownPeople(em, { patientIds: [patient.id], texts: [letter.originalText] }),
    gp,
    appointment: { id: job.appointmentId, start: done.start, type: done.type, previousStatus: done.previousStatus as AppointmentStatus },
    draft: letter.originalText,
  };
}

/** Step 3: the rewrite is stored as a new version and offered for review. */
export async function storeRewrite(
  em: EntityManager,
  job: NoShowJob,
  letterId: string,
  rewrite: LetterRewrite,
  key: string,
): Promise<void> {
  await onceOnly(em, job.actor.organisationId, key, async () => {
    await runUseCaseWithin(em, job.actor, offerLetterRewrite, {
      letterId,
      rewrite: { text: rewrite.text, source: rewrite.bron, model: rewrite.model, note: rewrite.melding ?? null },
    });
    return null;
  });
}

/** A letter that waits too long for review gets a reminder for every clinician of the organisation. */
export async function remindReview(
  em: EntityManager,
  job: NoShowJob,
  prepared: Pick<PreparedNoShow, 'letterId' | 'patientId' | 'patientName'>,
  index: number,
  key: string,
): Promise<void> {
  await onceOnly(em, job.actor.organisationId, key, async () => {
    const waiting = index === 1 ? 'wacht op beoordeling' : `wacht nog steeds op beoordeling (herinnering ${index})`;
    recordNudge(em, job.actor, {
      kind: 'huisartsbrief_beoordelen',
      text: `De huisartsbrief van ${prepared.patientName} over de gemiste afspraak ${waiting}.`,
      href: `/brieven/${prepared.letterId}`,
      patientId: prepared.patientId,
      subjectId: prepared.letterId,
    });
    return null;
  });
}

export async function approve(em: EntityManager, job: NoShowJob, letterId: string, approval: Approval, key: string): Promise<void> {
  await onceOnly(em, job.actor.organisationId, key, async () => {
    await runUseCaseWithin(em, approval.reviewer, approveGpLetter, { letterId, finalText: approval.finalText });
    await dismissNudgesAbout(em, letterId, 'huisartsbrief_beoordelen');
    return null;
  });
}

/** The reviewer rejected the rewrite: the letter is the clinician's concept again, the no-show stands. */
export async function reject(
  em: EntityManager,
  job: NoShowJob,
  letterId: string,
  reviewer: AuditActor,
  reason: string,
  key: string,
): Promise<void> {
  await onceOnly(em, job.actor.organisationId, key, async () => {
    await runUseCaseWithin(em, reviewer, rejectLetterRewrite, { letterId, reason });
    await dismissNudgesAbout(em, letterId, 'huisartsbrief_beoordelen');
    return null;
  });
}

export async function dispatch(em: EntityManager, actor: AuditActor, letterId: string, key: string): Promise<void> {
  await onceOnly(em, actor.organisationId, key, async () => {
    await runUseCaseWithin(em, actor, dispatchLetter, { letterId });
    return null;
  });
}

/** The no-show is withdrawn before the review: the draft is free again and the appointment as it was. */
export async function withdraw(em: EntityManager, actor: AuditActor, prepared: PreparedNoShow, key: string): Promise<void> {
  await onceOnly(em, actor.organisationId, key, async () => {
    await runUseCaseWithin(em, actor, withdrawLetter, { letterId: prepared.letterId });
    await dismissNudgesAbout(em, prepared.letterId, 'huisartsbrief_beoordelen');
    await runUseCaseWithin(em, actor, withdrawNoShow, {
      appointmentId: prepared.appointment.id,
      previousStatus: prepared.appointment.previousStatus,
    });
    return null;
  });
}
