import {
  approveGpLetter,
  chooseLetterGp,
  claimNoShowLetter,
  dispatchLetter,
  editGpLetter,
  letterInbox,
  letterOfAppointment,
  newGpLetterForm,
  offerLetterRewrite,
  printGpLetter,
  readGpLetter,
  rejectLetterRewrite,
  reviewGpLetter,
  startGpLetter,
  withdrawLetter,
} from '../../../domain/gp-letter/gp-letter.use-cases';
import { asOwner, createAppointment, createGpLetter, type SignedIn } from '../../support/factories';
import { json, request } from '../../support/http';
import { newPatient } from './arrange';
import { doorCase, statusOf } from './doors';

const draftText = 'Geachte collega Jansen,\n\nHierbij informeren wij u over uw patiënt.\n\nMet collegiale groet,';

/** A patient with a concept letter to a known GP (no API writes a draft: the factory). */
export async function withLetter({ cookie, organisationId, user }: SignedIn) {
  const patientId = await newPatient(cookie);
  const letterId = await createGpLetter(organisationId, { patientId, createdBy: user.id, text: draftText });
  return { patientId, letterId };
}

/** A whole quarter of an hour, two hours ago: an appointment that has begun, the clinician's own. */
export async function missedAppointment({ organisationId, user }: SignedIn, patientId: string): Promise<string> {
  const start = new Date(Math.floor((Date.now() - 120 * 60_000) / 900_000) * 900_000);
  return createAppointment(organisationId, { patientId, practitionerId: user.id, startAt: start });
}

const ok = async (response: Promise<Response>, what: string): Promise<Response> => {
  const answered = await response;
  if (answered.status >= 400) throw new Error(`${what} answered ${answered.status}: ${await answered.text()}`);
  return answered;
};

export const registerNoShow = (cookie: string, appointmentId: string) =>
  ok(json(`/api/noshow/${appointmentId}/cancel`, { method: 'POST', cookie, body: {} }), 'cancel');
const rewrite = (cookie: string, appointmentId: string) =>
  ok(json(`/api/noshow/${appointmentId}/rescript`, { method: 'POST', cookie, body: {} }), 'rescript');

/** The no-show registered and the letter rewritten: it waits for review. */
async function waitingForReview(clinician: SignedIn) {
  const { patientId, letterId } = await withLetter(clinician);
  const appointmentId = await missedAppointment(clinician, patientId);
  await registerNoShow(clinician.cookie, appointmentId);
  const context = (await (await rewrite(clinician.cookie, appointmentId)).json()) as { letter: { rewrittenText: string } };
  return { patientId, letterId, appointmentId, finalText: `${context.letter.rewrittenText}\n\nPS: telefonisch bereikt.` };
}

const reviewPage = (letterId: string, cookie: string, fields: Record<string, string>) =>
  request(`/brieven/${letterId}`, { method: 'POST', cookie, body: new URLSearchParams(fields) });

export async function approved(clinician: SignedIn) {
  const arranged = await waitingForReview(clinician);
  await ok(reviewPage(arranged.letterId, clinician.cookie, { intent: 'approve', finalText: arranged.finalText }), 'approve');
  return arranged;
}

/** A letter made ready to send, set as the process leaves it (the process itself is the dispatch's case). */
async function readyToSend(clinician: SignedIn) {
  const arranged = await withLetter(clinician);
  await asOwner(clinician.organisationId, (db) =>
    db.query(
      `update gp_letters set status = 'verzendklaar', rewritten_text = original_text, final_text = original_text,
              reviewer_id = $2, reviewed_at = now(), dispatched_at = now(), dispatched_by = $2
        where id = $1`,
      [arranged.letterId, clinician.user.id],
    ),
  );
  return arranged;
}

/*
 * The review page's decisions (approve, reject, dispatch, withdraw) go to the no-show process and
 * read the letter before and after (`gpLetter.read`); the no-show API answers with the process's
 * context instead. So dispatch and withdraw are compared here through the API only.
 */
export const cases = [
  doorCase({
    useCase: reviewGpLetter,
    arrange: withLetter,
    doors: {
      page: ({ cookie }, { letterId }) => statusOf(request(`/brieven/${letterId}?_data=routes/_app.brieven.$letterId`, { cookie })),
    },
  }),
  doorCase({
    useCase: letterInbox,
    arrange: withLetter,
    doors: { page: ({ cookie }) => statusOf(request('/brieven?_data=routes/_app.brieven._index', { cookie })) },
  }),
  doorCase({
    useCase: newGpLetterForm,
    arrange: async ({ cookie }) => ({ patientId: await newPatient(cookie) }),
    doors: {
      page: ({ cookie }, { patientId }) =>
        statusOf(request(`/brieven/nieuw?patient=${patientId}&_data=routes/_app.brieven.nieuw`, { cookie })),
    },
  }),
  doorCase({
    useCase: startGpLetter,
    arrange: async ({ cookie }) => ({ patientId: await newPatient(cookie) }),
    doors: {
      page: ({ cookie }, { patientId }) =>
        statusOf(
          request(`/brieven/nieuw?patient=${patientId}`, {
            method: 'POST',
            cookie,
            body: new URLSearchParams({ subject: 'Voortgang', text: draftText, gpName: 'Dr. H. Jansen', gpPractice: '', gpAddress: '' }),
          }),
        ),
    },
  }),
  doorCase({
    useCase: editGpLetter,
    arrange: withLetter,
    doors: {
      page: ({ cookie }, { letterId }) =>
        statusOf(reviewPage(letterId, cookie, { intent: 'opslaan', subject: 'Voortgang', text: `${draftText}\n\nDr. A. Arts` })),
    },
  }),
  doorCase({
    useCase: chooseLetterGp,
    arrange: withLetter,
    doors: {
      page: ({ cookie }, { letterId }) =>
        statusOf(reviewPage(letterId, cookie, { intent: 'huisarts', gpName: 'Dr. P. Kramer', gpPractice: 'De Linde', gpAddress: '' })),
    },
  }),
  doorCase({
    useCase: printGpLetter,
    arrange: readyToSend,
    doors: {
      pdf: ({ cookie }, { letterId }) => statusOf(request(`/brieven/${letterId}/pdf`, { cookie })),
      print: ({ cookie }, { letterId }) =>
        statusOf(request(`/brieven/${letterId}/afdrukken?_data=routes/brieven.$letterId.afdrukken`, { cookie })),
    },
  }),
  doorCase({
    useCase: letterOfAppointment,
    arrange: async (clinician) => {
      const arranged = await withLetter(clinician);
      return { ...arranged, appointmentId: await missedAppointment(clinician, arranged.patientId) };
    },
    doors: { api: ({ cookie }, { appointmentId }) => statusOf(json(`/api/noshow/${appointmentId}/context`, { cookie })) },
  }),
  doorCase({
    // No free draft: the process writes a new one.
    useCase: claimNoShowLetter,
    arrange: async (clinician) => {
      const patientId = await newPatient(clinician.cookie);
      return { patientId, appointmentId: await missedAppointment(clinician, patientId) };
    },
    doors: { api: ({ cookie }, { appointmentId }) => statusOf(registerNoShow(cookie, appointmentId)) },
  }),
  doorCase({
    // The rewrite follows the registration in the process: the door waits for it.
    useCase: offerLetterRewrite,
    arrange: async (clinician) => {
      const arranged = await withLetter(clinician);
      return { ...arranged, appointmentId: await missedAppointment(clinician, arranged.patientId) };
    },
    doors: {
      api: async ({ cookie }, { appointmentId }) => {
        await registerNoShow(cookie, appointmentId);
        return statusOf(rewrite(cookie, appointmentId));
      },
    },
  }),
  doorCase({
    useCase: approveGpLetter,
    role: 'psychiater',
    arrange: waitingForReview,
    doors: {
      page: ({ cookie }, { letterId, finalText }) => statusOf(reviewPage(letterId, cookie, { intent: 'approve', finalText })),
    },
  }),
  doorCase({
    useCase: rejectLetterRewrite,
    arrange: waitingForReview,
    doors: {
      page: ({ cookie }, { letterId }) => statusOf(reviewPage(letterId, cookie, { intent: 'reject', reason: 'Te stellig geformuleerd.' })),
    },
  }),
  doorCase({
    useCase: readGpLetter,
    arrange: waitingForReview,
    doors: {
      page: ({ cookie }, { letterId }) => statusOf(reviewPage(letterId, cookie, { intent: 'reject', reason: 'Te stellig geformuleerd.' })),
    },
  }),
  doorCase({
    useCase: dispatchLetter,
    role: 'psychiater',
    arrange: approved,
    doors: { api: ({ cookie }, { appointmentId }) => statusOf(json(`/api/noshow/${appointmentId}/dispatch`, { method: 'PATCH', cookie })) },
  }),
  doorCase({
    useCase: withdrawLetter,
    arrange: waitingForReview,
    doors: {
      api: ({ cookie }, { appointmentId }) => statusOf(json(`/api/noshow/${appointmentId}/withdraw`, { method: 'POST', cookie, body: {} })),
    },
  }),
];
