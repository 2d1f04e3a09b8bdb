import { defineUseCase, runUseCaseWithin } from '../audit/use-case';
import { lookUpPatients, readPatient } from '../patient/patient.use-cases';
import type { AppointmentStatus } from './agenda.schemas';
import type { DateRange } from './agenda.dates';
import {
  agendaFor,
  appointmentPatients,
  clinicians,
  appointmentsBetween,
  cancelAppointment,
  createAppointment,
  getAppointment,
  markNoShow,
  namedPatients,
  rescheduleAppointment,
  restoreAfterNoShow,
  restoreCancellation,
  restoreSchedule,
} from './agenda.service';

/*
 * The agenda's use cases (ADR 0068): the agenda pages, the assistant's API, its chains and the
 * no-show process all run these, so an appointment's access is logged alike whichever door.
 * A change names the appointment and its patient, looked up from the appointment (not from the
 * page); a read of a range names the patients it shows.
 */

/** A door's raw input (a JSON body, a form turned into the API's shape), for the fields the log needs. */
const fieldOf = (input: unknown, name: string): unknown =>
  typeof input === 'object' && input !== null ? (input as Record<string, unknown>)[name] : undefined;
const appointmentOf = (input: unknown): string | null => {
  const id = fieldOf(input, 'appointmentId');
  return typeof id === 'string' ? id : null;
};

/** An appointment's change logged as an update with the status it got (the patient from the appointment itself). */
const changed = (status: AppointmentStatus) => ({ details: { status } });

/** The appointments of a range (a page's day or week, a patient's record, the assistant's search), earliest first. */
export const listAgenda = defineUseCase({
  name: 'agenda.list',
  action: 'search',
  resourceType: 'Appointment',
  patients: (_em, { filter }: { range: DateRange; filter?: { practitionerId?: string; patientId?: string } }) =>
    filter?.patientId ? [filter.patientId] : [],
  run: (em, actor, { range, filter }) => appointmentsBetween(em, actor, range, filter),
  // The patients the range shows, computed once with the (shared) read.
  logged: (read) => ({ patientIds: [...read.patientIds] }),
});

/** The assistant's agenda question: a label ("morgen"), a start and end, or today; one patient's or the clinician's own. */
export const queryAgenda = defineUseCase({
  name: 'agenda.query',
  action: 'search',
  resourceType: 'Appointment',
  patients: (em, query: unknown) => namedPatients(em, fieldOf(query, 'patientId')),
  run: (em, actor, query) => agendaFor(em, actor, query),
  logged: (read) => ({ patientIds: [...read.patientIds] }),
});

/** One appointment, for its panel. */
export const readAppointment = defineUseCase({
  name: 'agenda.read',
  action: 'read',
  resourceType: 'Appointment',
  patients: (em, { id }: { id: string }) => appointmentPatients(em, id),
  resourceOf: ({ id }) => id,
  run: (em, _actor, { id }) => getAppointment(em, id),
  logged: (appointment) => ({ resourceId: appointment.id, patientIds: [appointment.patientId] }),
});

/** A new appointment (the agenda's form, the assistant's API and chain); the practitioner is the clinician unless told. */
export const planAppointment = defineUseCase({
  name: 'agenda.create',
  action: 'create',
  resourceType: 'Appointment',
  patients: (em, input: unknown) => namedPatients(em, fieldOf(input, 'patientId')),
  run: (em, actor, input) => createAppointment(em, actor, input),
  logged: (appointment) => ({ resourceId: appointment.id, patientIds: [appointment.patientId] }),
});

/** Cancels the clinician's own appointment with a reason; a second cancel changes nothing and is logged as a read. */
export const cancelAppointmentOf = defineUseCase({
  name: 'agenda.cancel',
  action: 'update',
  resourceType: 'Appointment',
  patients: (em, input: unknown) => appointmentPatients(em, appointmentOf(input)),
  resourceOf: appointmentOf,
  run: (em, actor, input) => cancelAppointment(em, actor, input),
  logged: ({ appointment, previousStatus }) => ({
    resourceId: appointment.id,
    patientIds: [appointment.patientId],
    ...(previousStatus === 'geannuleerd' ? { action: 'read' as const } : changed('geannuleerd')),
  }),
});

/** Undoes a cancellation made a moment ago (the panel's "Ongedaan maken"): the status it had before, kept with it. */
export const undoCancellation = defineUseCase({
  name: 'agenda.undo-cancel',
  action: 'update',
  resourceType: 'Appointment',
  patients: (em, input: { appointmentId: string }) => appointmentPatients(em, input.appointmentId),
  resourceOf: appointmentOf,
  run: (em, actor, input) => restoreCancellation(em, actor, input),
  logged: ({ appointment }) => ({ resourceId: appointment.id, patientIds: [appointment.patientId], ...changed(appointment.status) }),
});

/** Moves the clinician's own appointment; without a new end it keeps its length. */
export const moveAppointment = defineUseCase({
  name: 'agenda.reschedule',
  action: 'update',
  resourceType: 'Appointment',
  patients: (em, input: unknown) => appointmentPatients(em, appointmentOf(input)),
  resourceOf: appointmentOf,
  run: (em, actor, input) => rescheduleAppointment(em, actor, input),
  logged: ({ appointment }) => ({ resourceId: appointment.id, patientIds: [appointment.patientId], ...changed('verplaatst') }),
});

/** Undoes a move made a moment ago: the start, end and status it had. */
export const undoMove = defineUseCase({
  name: 'agenda.undo-reschedule',
  action: 'update',
  resourceType: 'Appointment',
  patients: (em, input: { appointmentId: string; start: string; end: string; status: string }) =>
    appointmentPatients(em, input.appointmentId),
  resourceOf: appointmentOf,
  run: (em, actor, input) => restoreSchedule(em, actor, input),
  logged: ({ appointment }) => ({ resourceId: appointment.id, patientIds: [appointment.patientId], ...changed(appointment.status) }),
});

/**
 * The patient did not come (the no-show process's first step): `niet-verschenen`. A second
 * registration changes nothing and logs nothing.
 */
export const registerNoShow = defineUseCase({
  name: 'agenda.no-show',
  action: 'update',
  resourceType: 'Appointment',
  patients: (em, { appointmentId }: { appointmentId: string; at: Date }) => appointmentPatients(em, appointmentId),
  resourceOf: ({ appointmentId }) => appointmentId,
  run: (em, actor, { appointmentId, at }) => markNoShow(em, actor, appointmentId, at),
  logged: ({ appointment, previousStatus }) =>
    previousStatus === 'niet-verschenen'
      ? []
      : { resourceId: appointment.id, patientIds: [appointment.patientId], ...changed('niet-verschenen') },
});

/** A withdrawn no-show: the appointment back to the status it had, unless someone changed it since (then nothing is logged). */
export const withdrawNoShow = defineUseCase({
  name: 'agenda.no-show-withdrawn',
  action: 'update',
  resourceType: 'Appointment',
  patients: (em, { appointmentId }: { appointmentId: string; previousStatus: AppointmentStatus }) => appointmentPatients(em, appointmentId),
  resourceOf: ({ appointmentId }) => appointmentId,
  run: (em, actor, { appointmentId, previousStatus }) => restoreAfterNoShow(em, actor, appointmentId, previousStatus),
  logged: ({ appointment, restored }, { previousStatus }) =>
    restored ? { resourceId: appointment.id, patientIds: [appointment.patientId], ...changed(previousStatus) } : [],
});

/**
 * The new-appointment form: the patient chosen (or the patients a search finds) and the team to plan
 * with, in one transaction. The patient's read and the search are logged by the patient's own declarations.
 */
export const newAppointmentForm = defineUseCase({
  name: 'agenda.new-form',
  action: 'search',
  resourceType: 'Patient',
  patients: (em, { patientId }: { patientId: string | null; search: string }) => namedPatients(em, patientId),
  run: async (em, actor, { patientId, search }) => ({
    patient: patientId ? await runUseCaseWithin(em, actor, readPatient, { patientId }) : null,
    matches:
      search.length >= 2 && !patientId ? await runUseCaseWithin(em, actor, lookUpPatients, { query: { q: search, limit: '8' } }) : [],
    team: await clinicians(em),
  }),
  logged: () => [],
});
