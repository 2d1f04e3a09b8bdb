import { readAppointment } from '../agenda/agenda.use-cases';
import { defineUseCase, runUseCaseWithin, thePatient, type AccessOf } from '../audit/use-case';
import type { EntityManager } from '../db/orm';
import { contactPersonsOf } from '../patient/contact-persons';
import { displayName, findPatient } from '../patient/patient.service';
import { maySignGpLetter, onlySignerApproves, type RewriteSource } from './gp-letter.schemas';
import {
  approveLetter,
  claimDraftLetter,
  editDraftLetter,
  getGpLetter,
  gpLetterInbox,
  heldLetter,
  letterDocument,
  letterForAppointment,
  letterPatients,
  markReadyToSend,
  offerRewrite,
  rejectRewrite,
  returnToDraft,
  setLetterGp,
  startLetter,
} from './gp-letter.service';

/*
 * The GP letter's use cases (ADR 0068). Every row names the letter and its patient, read from the
 * letter itself: a door that names only the letter (`/brieven/:id`) logs the same patient as the
 * no-show process that holds it. A transition that changes nothing (a second approval) logs nothing.
 */

const ofLetter = (em: EntityManager, { letterId }: { letterId: string }) => letterPatients(em, letterId);
const theLetter = ({ letterId }: { letterId: string }) => letterId;
const letterRow = (letter: { id: string; patientId: string }, details?: Record<string, unknown>): AccessOf => ({
  resourceId: letter.id,
  patientIds: [letter.patientId],
  details,
});

/** A letter with its history (the no-show process reads it before and after a decision). */
export const readGpLetter = defineUseCase({
  name: 'gpLetter.read',
  action: 'read',
  resourceType: 'GpLetter',
  patients: ofLetter,
  resourceOf: theLetter,
  run: (em, _actor, { letterId }: { letterId: string }) => getGpLetter(em, letterId),
  logged: (letter) => letterRow(letter),
});

/**
 * The review page: the letter, the missed appointment it reports and the GPs the record knows, in
 * one transaction. The appointment's read is logged by its own declaration, as before.
 */
export const reviewGpLetter = defineUseCase({
  name: 'gpLetter.review',
  action: 'read',
  resourceType: 'GpLetter',
  patients: ofLetter,
  resourceOf: theLetter,
  run: async (em, actor, { letterId }: { letterId: string }) => {
    const letter = await getGpLetter(em, letterId);
    return {
      letter,
      appointment: letter.appointmentId ? await runUseCaseWithin(em, actor, readAppointment, { id: letter.appointmentId }) : null,
      // The GPs the record knows, to choose from when the letter has none yet.
      knownGps: (await contactPersonsOf(em, letter.patientId)).filter((contact) => contact.relation === 'huisarts'),
    };
  },
  logged: ({ letter }) => letterRow(letter),
});

/** The letter a no-show of this appointment concerns (the no-show's context); none: nothing read, nothing logged. */
export const letterOfAppointment = defineUseCase({
  name: 'gpLetter.ofAppointment',
  action: 'read',
  resourceType: 'GpLetter',
  patients: (_em, input: { appointmentId: string; patientId: string }) => thePatient(input),
  run: (em, _actor, { appointmentId, patientId }) => letterForAppointment(em, appointmentId, patientId),
  logged: (letter) => (letter ? letterRow(letter) : []),
});

/** The reviewers' inbox, logged as one search naming every listed patient. */
export const letterInbox = defineUseCase({
  name: 'gpLetter.inbox',
  action: 'search',
  resourceType: 'GpLetter',
  patients: () => [],
  run: (em) => gpLetterInbox(em),
  logged: ({ waiting, others }) => ({ patientIds: [...new Set([...waiting, ...others].map((letter) => letter.patientId))] }),
});

/** The form for a new letter: the patient it is about and the GP the record knows, logged as a read of the patient. */
export const newGpLetterForm = defineUseCase({
  name: 'gpLetter.newForm',
  action: 'read',
  resourceType: 'Patient',
  patients: (_em, input: { patientId: string }) => thePatient(input),
  resourceOf: ({ patientId }) => patientId,
  run: async (em, _actor, { patientId }) => {
    const patient = await findPatient(em, patientId);
    const gp = (await contactPersonsOf(em, patient.id)).find((contact) => contact.relation === 'huisarts');
    return { patient: { id: patient.id, name: displayName(patient) }, gpName: gp?.name ?? '' };
  },
});

/** A new concept to the patient's GP, from the record. */
export const startGpLetter = defineUseCase({
  name: 'gpLetter.start',
  action: 'create',
  resourceType: 'GpLetter',
  patients: (_em, input: { patientId: string } & Record<string, unknown>) => thePatient(input),
  run: (em, actor, input) => startLetter(em, actor, input),
  logged: (letter) => letterRow(letter),
});

/** The clinician's edit of a free concept; the same text again is no new version and no row. */
export const editGpLetter = defineUseCase({
  name: 'gpLetter.edit',
  action: 'update',
  resourceType: 'GpLetter',
  patients: ofLetter,
  resourceOf: theLetter,
  run: (em, actor, { letterId, draft }: { letterId: string; draft: unknown }) => editDraftLetter(em, actor, letterId, draft),
  logged: ({ letter, changed }) => (changed ? letterRow(letter) : []),
});

/** To whom the letter goes, until it is approved. */
export const chooseLetterGp = defineUseCase({
  name: 'gpLetter.chooseGp',
  action: 'update',
  resourceType: 'GpLetter',
  patients: ofLetter,
  resourceOf: theLetter,
  run: (em, _actor, { letterId, gp }: { letterId: string; gp: unknown }) => setLetterGp(em, letterId, gp),
  logged: (letter) => letterRow(letter, { huisarts: 'gekozen' }),
});

/** The verzendklare letter for its PDF or its print view. */
export const printGpLetter = defineUseCase({
  name: 'gpLetter.document',
  action: 'read',
  resourceType: 'GpLetter',
  patients: ofLetter,
  resourceOf: theLetter,
  run: (em, _actor, { letterId }: { letterId: string }) => letterDocument(em, letterId),
  logged: (document) => letterRow(document.letter),
});

/** The no-show process takes the patient's free draft; a new draft (none free) is logged as created. */
export const claimNoShowLetter = defineUseCase({
  name: 'gpLetter.claim',
  action: 'create',
  resourceType: 'GpLetter',
  patients: (_em, input: { patientId: string; appointmentId: string; workflowId: string; newDraftText: string }) => thePatient(input),
  run: (em, actor, { patientId, appointmentId, workflowId, newDraftText }) =>
    claimDraftLetter(em, actor, patientId, appointmentId, workflowId, newDraftText),
  logged: ({ letter, created }) => (created ? letterRow(letter) : []),
});

/** The no-show's rewrite offered for review. */
export const offerLetterRewrite = defineUseCase({
  name: 'gpLetter.offerRewrite',
  action: 'update',
  resourceType: 'GpLetter',
  patients: ofLetter,
  resourceOf: theLetter,
  run: async (
    em,
    actor,
    {
      letterId,
      rewrite,
    }: { letterId: string; rewrite: { text: string; source: RewriteSource; model: string | null; note: string | null } },
  ) => {
    const letter = await heldLetter(em, letterId);
    offerRewrite(em, actor, letter, rewrite);
    return { id: letter.id, patientId: letter.patientId, source: rewrite.source };
  },
  logged: (letter) => letterRow(letter, { status: 'ter_beoordeling', source: letter.source }),
});

/** Only the treatment's lead signs: the reviewer's approval with the final text, once. */
export const approveGpLetter = defineUseCase({
  name: 'gpLetter.approve',
  action: 'update',
  resourceType: 'GpLetter',
  patients: ofLetter,
  resourceOf: theLetter,
  allowed: (actor) => maySignGpLetter(actor.role),
  refusal: onlySignerApproves,
  run: async (em, actor, { letterId, finalText }: { letterId: string; finalText: string }) => {
    const letter = await heldLetter(em, letterId);
    const changed = approveLetter(em, actor, letter, finalText);
    return { id: letter.id, patientId: letter.patientId, changed, edited: finalText !== letter.rewrittenText };
  },
  logged: ({ changed, edited, ...letter }) => (changed ? letterRow(letter, { status: 'goedgekeurd', edited }) : []),
});

/** The reviewer rejects the rewrite: a free concept again; rejected already, nothing changes. */
export const rejectLetterRewrite = defineUseCase({
  name: 'gpLetter.reject',
  action: 'update',
  resourceType: 'GpLetter',
  patients: ofLetter,
  resourceOf: theLetter,
  run: async (em, actor, { letterId, reason }: { letterId: string; reason: string }) => {
    const letter = await heldLetter(em, letterId);
    return { id: letter.id, patientId: letter.patientId, changed: rejectRewrite(em, actor, letter, reason) };
  },
  logged: ({ changed, ...letter }) => (changed ? letterRow(letter, { status: 'concept', herschrijving: 'afgewezen' }) : []),
});

/** The approved letter made ready to send, once. */
export const dispatchLetter = defineUseCase({
  name: 'gpLetter.dispatch',
  action: 'update',
  resourceType: 'GpLetter',
  patients: ofLetter,
  resourceOf: theLetter,
  run: async (em, actor, { letterId }: { letterId: string }) => {
    const letter = await heldLetter(em, letterId);
    return { id: letter.id, patientId: letter.patientId, changed: markReadyToSend(em, actor, letter) };
  },
  logged: ({ changed, ...letter }) => (changed ? letterRow(letter, { status: 'verzendklaar' }) : []),
});

/** A withdrawn no-show: the letter is a free concept again. */
export const withdrawLetter = defineUseCase({
  name: 'gpLetter.withdraw',
  action: 'update',
  resourceType: 'GpLetter',
  patients: ofLetter,
  resourceOf: theLetter,
  run: async (em, actor, { letterId }: { letterId: string }) => {
    const letter = await heldLetter(em, letterId);
    returnToDraft(em, actor, letter);
    return { id: letter.id, patientId: letter.patientId };
  },
  logged: (letter) => letterRow(letter, { status: 'concept' }),
});
