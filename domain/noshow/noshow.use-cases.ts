import { defineUseCase } from '../audit/use-case';
import { findNoShowAppointments } from './noshow.service';

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
