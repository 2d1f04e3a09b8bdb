import { appointmentPatients, ownAppointmentView } from '../agenda/agenda.service';
import { readAppointment } from '../agenda/agenda.use-cases';
import { defineUseCase, runUseCaseWithin } from '../audit/use-case';
import { findNoShowAppointments, noShowRecord } from './noshow.service';

/**
 * The chat's "… is niet verschenen": the clinician's appointments the sentence can mean. The
 * patients it searches and each of their days are logged by the reads it is made of (the patient
 * search, `agenda.list`), so this logs no row of its own; a refused search names nobody.
 */
export const findNoShow = defineUseCase({
  name: 'noshow.find',
  action: 'search',
  resourceType: 'Appointment',
  patients: () => [],
  run: (em, actor, query: unknown) => findNoShowAppointments(em, actor, query),
  logged: () => [],
});

/**
 * `GET …/context`: the appointment, patient, GP and letter of a no-show. The reads it is made of log
 * themselves (`agenda.read`, `gpLetter.ofAppointment`); a refused one names the appointment's patient.
 */
export const noShowContextOf = defineUseCase({
  name: 'noshow.context',
  action: 'read',
  resourceType: 'Appointment',
  patients: (em, { appointmentId }: { appointmentId: string }) => appointmentPatients(em, appointmentId),
  resourceOf: ({ appointmentId }) => appointmentId,
  run: (em, actor, { appointmentId }) => noShowRecord(em, actor, appointmentId),
  logged: () => [],
});

/**
 * Before a no-show is registered or withdrawn: the appointment must be the clinician's own. Nothing
 * is read that the command does not log itself; another clinician's appointment is a logged refusal.
 */
export const ownNoShowAppointment = defineUseCase({
  name: 'noshow.own-appointment',
  action: 'update',
  resourceType: 'Appointment',
  patients: (em, { appointmentId }: { appointmentId: string }) => appointmentPatients(em, appointmentId),
  resourceOf: ({ appointmentId }) => appointmentId,
  run: (em, actor, { appointmentId }) => ownAppointmentView(em, actor, appointmentId),
  logged: () => [],
});

/**
 * `PATCH …/dispatch`: the appointment read before the approved letter is marked `verzendklaar` (the
 * process's activity logs the letter's change); a refusal is logged as an attempt on the letter.
 */
export const dispatchNoShowLetter = defineUseCase({
  name: 'noshow.dispatch',
  action: 'update',
  resourceType: 'GpLetter',
  patients: (em, { appointmentId }: { appointmentId: string }) => appointmentPatients(em, appointmentId),
  attemptDetails: ({ appointmentId }) => ({ appointmentId, status: 'verzendklaar' }),
  run: (em, actor, { appointmentId }) => runUseCaseWithin(em, actor, readAppointment, { id: appointmentId }),
  logged: () => [],
});
