import {
  cancelAppointmentOf,
  listAgenda,
  moveAppointment,
  newAppointmentForm,
  planAppointment,
  queryAgenda,
  readAppointment,
  registerNoShow,
  undoCancellation,
  undoMove,
  withdrawNoShow,
} from '../../../domain/agenda/agenda.use-cases';
import type { AppointmentStatus } from '../../../domain/agenda/agenda.schemas';
import { generateBsn } from '../../../domain/demo/patient-generator';
import { readChainState } from '../../../domain/intent/chain.use-cases';
import { findNoShow } from '../../../domain/noshow/noshow.use-cases';
import { addDaysToIsoDate, clinicalToday, startOfClinicalDay, wallClockOf } from '../../../domain/shared/clinical-time';
import { createAppointment, registerPatient, type SignedIn } from '../../support/factories';
import { json, request } from '../../support/http';
import { newPatient } from './arrange';
import { doorCase, statusOf } from './doors';

/*
 * The agenda, the reports and the assistant's writes (ADR 0068). Every appointment arranged here
 * gets a day of its own, so a page that lists a whole day shows only the patient of that pass.
 */

/** Days for arranged appointments: the assistant looks 14 days ahead for an appointment it is not told the day of. */
let nearDays = 1;
/** Days to plan or move to, apart from the arranged ones. */
let farDays = 40;

/** A day no other pass of this file uses (near: within 14 days; else beyond), and 10:00 on it. */
function freshDay(near = false): { day: string; at: Date; wallClock: { datum: string; tijd: string } } {
  const day = addDaysToIsoDate(clinicalToday(), near ? nearDays++ : farDays++);
  const at = new Date(startOfClinicalDay(day)!.getTime() + 10 * 3600_000);
  const [datum, tijd] = wallClockOf(at).split('T') as [string, string];
  return { day, at, wallClock: { datum, tijd: tijd.slice(0, 5) } };
}

/** A patient with one appointment of the clinician's, on a day of its own (or just begun, for a no-show). */
async function withAppointment(clinician: SignedIn, options: { status?: AppointmentStatus; begun?: boolean; name?: string } = {}) {
  const patientId = options.name ? await namedPatient(clinician.cookie, options.name) : await newPatient(clinician.cookie);
  const { day, at } = options.begun ? { day: clinicalToday(), at: new Date(Date.now() - 60_000) } : freshDay(true);
  const startAt = at;
  const appointmentId = await createAppointment(clinician.organisationId, {
    patientId,
    practitionerId: clinician.user.id,
    startAt,
    status: options.status,
  });
  return { patientId, appointmentId, day, start: startAt.toISOString(), end: new Date(startAt.getTime() + 45 * 60_000).toISOString() };
}

/** A new patient named Anna <family>, for the searches. */
const namedPatient = (cookie: string, family: string) =>
  registerPatient(cookie, {
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: generateBsn(Math.random) }],
    name: [{ family, given: ['Anna'] }],
  });

/** A family name no other patient has, for the searches. */
const uniqueName = () => `Deur${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

/** A chain of one assistant step for the clinician, prepared and waiting for the confirmation. */
export async function preparedChain(cookie: string, action: { intent: string; entities: Record<string, unknown> }): Promise<string> {
  const created = await json('/api/intent/chains', { method: 'POST', cookie, body: { actions: [{ ...action, confidence: 0.9 }] } });
  if (created.status !== 201) throw new Error(`starting a chain answered ${created.status}: ${await created.text()}`);
  const state = (await created.json()) as { chainId: string; status: string };
  if (state.status !== 'wacht_op_bevestiging') throw new Error(`the chain is ${state.status}`);
  return state.chainId;
}

export const confirm = (cookie: string, chainId: string) =>
  statusOf(json(`/api/intent/chains/${chainId}/confirm`, { method: 'POST', cookie, body: {} }));

export const form = (fields: Record<string, string>) => new URLSearchParams(fields);

export const cases = [
  doorCase({
    useCase: listAgenda,
    arrange: (clinician) => withAppointment(clinician),
    doors: {
      record: ({ cookie }, { patientId }) =>
        statusOf(request(`/patients/${patientId}/agenda?_data=routes/_app.patients.$id.agenda`, { cookie })),
      agenda: ({ cookie }, { day }) => statusOf(request(`/agenda?weergave=dag&datum=${day}&_data=routes/_app.agenda`, { cookie })),
    },
  }),
  doorCase({
    useCase: queryAgenda,
    arrange: (clinician) => withAppointment(clinician),
    doors: {
      assistant: ({ cookie }, { patientId, day }) =>
        statusOf(request(`/api/assistant/agenda?start=${day}&end=${day}&patientId=${patientId}`, { cookie })),
    },
  }),
  doorCase({
    useCase: readAppointment,
    arrange: (clinician) => withAppointment(clinician),
    doors: {
      page: ({ cookie }, { appointmentId }) =>
        statusOf(request(`/agenda/${appointmentId}?_data=routes/_app.agenda.$appointmentId`, { cookie })),
    },
  }),
  doorCase({
    useCase: newAppointmentForm,
    arrange: async ({ cookie }) => {
      const name = uniqueName();
      return { patientId: await namedPatient(cookie, name), name };
    },
    doors: {
      page: ({ cookie }, { name }) => statusOf(request(`/agenda/nieuw?zoek=Anna%20${name}&_data=routes/_app.agenda.nieuw`, { cookie })),
    },
  }),
  doorCase({
    useCase: planAppointment,
    arrange: async ({ cookie }) => ({ patientId: await newPatient(cookie) }),
    doors: {
      api: ({ cookie }, { patientId }) =>
        statusOf(
          json('/api/assistant/agenda/create', {
            method: 'POST',
            cookie,
            body: { patientId, start: freshDay().at.toISOString(), type: 'behandelgesprek' },
          }),
        ),
      page: ({ cookie }, { patientId }) =>
        statusOf(
          request('/agenda/nieuw', {
            method: 'POST',
            cookie,
            body: form({ patientId, type: 'behandelgesprek', ...freshDay().wallClock, duur: '45' }),
          }),
        ),
      assistant: async ({ cookie }, { patientId }) =>
        confirm(
          cookie,
          await preparedChain(cookie, { intent: 'create_appointment', entities: { patientId, datetime: freshDay().at.toISOString() } }),
        ),
    },
  }),
  doorCase({
    useCase: cancelAppointmentOf,
    // The assistant's plan is made beforehand (its preparation reads the agenda); the door is the confirmation.
    arrange: async (clinician) => {
      const arranged = await withAppointment(clinician);
      const chainId = await preparedChain(clinician.cookie, {
        intent: 'cancel_appointment',
        entities: { patientId: arranged.patientId, identifier: arranged.appointmentId, content: 'Patiënt heeft afgezegd' },
      });
      return { ...arranged, chainId };
    },
    doors: {
      api: ({ cookie }, { appointmentId }) =>
        statusOf(json('/api/assistant/agenda/cancel', { method: 'POST', cookie, body: { appointmentId, reasonCode: 'afgezegd' } })),
      page: ({ cookie }, { appointmentId }) =>
        statusOf(
          request(`/agenda/${appointmentId}`, {
            method: 'POST',
            cookie,
            body: form({ intent: 'annuleren', bevestigd: 'ja', reasonCode: 'afgezegd' }),
          }),
        ),
      assistant: ({ cookie }, { chainId }) => confirm(cookie, chainId),
    },
  }),
  doorCase({
    useCase: undoCancellation,
    // Cancelled a moment ago (the undo restores what the cancellation kept, within its window).
    arrange: async (clinician) => {
      const arranged = await withAppointment(clinician);
      const cancelled = await json('/api/assistant/agenda/cancel', {
        method: 'POST',
        cookie: clinician.cookie,
        body: { appointmentId: arranged.appointmentId, reasonCode: 'dubbel' },
      });
      if (cancelled.status !== 200) throw new Error(`cancelling answered ${cancelled.status}`);
      return arranged;
    },
    doors: {
      page: ({ cookie }, { appointmentId }) =>
        statusOf(request(`/agenda/${appointmentId}`, { method: 'POST', cookie, body: form({ intent: 'annuleren-ongedaan' }) })),
    },
  }),
  doorCase({
    useCase: moveAppointment,
    arrange: async (clinician) => {
      const arranged = await withAppointment(clinician);
      const chainId = await preparedChain(clinician.cookie, {
        intent: 'reschedule_appointment',
        entities: { patientId: arranged.patientId, identifier: arranged.appointmentId, datetime: freshDay().at.toISOString() },
      });
      return { ...arranged, chainId };
    },
    doors: {
      api: ({ cookie }, { appointmentId }) =>
        statusOf(
          json('/api/assistant/agenda/reschedule', { method: 'POST', cookie, body: { appointmentId, start: freshDay().at.toISOString() } }),
        ),
      page: ({ cookie }, { appointmentId }) =>
        statusOf(
          request(`/agenda/${appointmentId}`, { method: 'POST', cookie, body: form({ intent: 'verplaatsen', ...freshDay().wallClock }) }),
        ),
      assistant: ({ cookie }, { chainId }) => confirm(cookie, chainId),
    },
  }),
  doorCase({
    useCase: undoMove,
    arrange: (clinician) => withAppointment(clinician, { status: 'verplaatst' }),
    doors: {
      page: ({ cookie }, { appointmentId, start, end }) =>
        statusOf(
          request(`/agenda/${appointmentId}`, {
            method: 'POST',
            cookie,
            body: form({ intent: 'ongedaan', start, end, status: 'gepland' }),
          }),
        ),
    },
  }),
  doorCase({
    useCase: registerNoShow,
    arrange: (clinician) => withAppointment(clinician, { begun: true }),
    doors: {
      assistant: ({ cookie }, { appointmentId }) =>
        statusOf(json(`/api/noshow/${appointmentId}/cancel`, { method: 'POST', cookie, body: {} })),
    },
  }),
  doorCase({
    useCase: withdrawNoShow,
    arrange: async (clinician) => {
      const arranged = await withAppointment(clinician, { begun: true });
      const registered = await json(`/api/noshow/${arranged.appointmentId}/cancel`, { method: 'POST', cookie: clinician.cookie, body: {} });
      if (registered.status >= 400) throw new Error(`registering the no-show answered ${registered.status}`);
      return arranged;
    },
    doors: {
      assistant: ({ cookie }, { appointmentId }) =>
        statusOf(json(`/api/noshow/${appointmentId}/withdraw`, { method: 'POST', cookie, body: {} })),
    },
  }),
  doorCase({
    useCase: findNoShow,
    arrange: async (clinician) => {
      const name = uniqueName();
      return { ...(await withAppointment(clinician, { begun: true, name })), name };
    },
    doors: {
      assistant: ({ cookie }, { name }) => statusOf(request(`/api/noshow/find?patientName=Anna%20${name}`, { cookie })),
    },
  }),
  doorCase({
    useCase: readChainState,
    arrange: async ({ cookie }) => {
      const patientId = await newPatient(cookie);
      const chainId = await preparedChain(cookie, {
        intent: 'dagnotitie',
        entities: { patientId, category: 'observatie', content: 'Rustig op de afdeling.' },
      });
      return { patientId, chainId };
    },
    doors: {
      assistant: ({ cookie }, { chainId }) => statusOf(request(`/api/intent/chains/${chainId}`, { cookie })),
    },
  }),
];
