import { defineUseCase, thePatient } from '../audit/use-case';
import {
  administer,
  administrationPatients,
  isPrescriber,
  medicationOverview,
  orderPatients,
  prescribe,
  prescribersOnly,
  recordEffect,
  stopOrder,
} from './medication.service';

/** The medication list, today's doses, the zo-nodig state and the week's registrations; its allergy status is read too. */
export const medicationOf = defineUseCase({
  name: 'medication.overview',
  action: 'read',
  resourceType: 'MedicationRequest',
  patients: (_em, input: { patientId: string }) => thePatient(input),
  run: (em, actor, { patientId }) => medicationOverview(em, actor, patientId),
  logged: () => [{}, { resourceType: 'AllergyIntolerance' }],
});

/** A new line on the medication list, by a doctor; a blocking safety warning needs a reason to override it. */
export const prescribeMedication = defineUseCase({
  name: 'medication.prescribe',
  action: 'create',
  resourceType: 'MedicationRequest',
  patients: (_em, input: { patientId: string; prescription: unknown }) => thePatient(input),
  allowed: isPrescriber,
  refusal: prescribersOnly,
  run: (em, actor, { patientId, prescription }) => prescribe(em, actor, patientId, prescription),
  logged: (order) => ({
    resourceId: order.id,
    ...(order.overriddenWarnings.length
      ? { details: { waarschuwingGenegeerd: order.overriddenWarnings.map((warning) => warning.code) } }
      : {}),
  }),
});

/** An order stopped with a reason, by a doctor: the log names the order's patient, whichever door. */
export const stopMedication = defineUseCase({
  name: 'medication.stop',
  action: 'update',
  resourceType: 'MedicationRequest',
  patients: (em, input: { orderId: string; stop: unknown; patientId?: string }) => orderPatients(em, input.orderId),
  resourceOf: ({ orderId }) => orderId,
  allowed: isPrescriber,
  refusal: prescribersOnly,
  run: (em, actor, { orderId, stop, patientId }) => stopOrder(em, actor, orderId, stop, patientId ? { patientId } : {}),
  logged: (order) => ({ patientIds: [order.patientId] }),
});

/**
 * One dose registered on an order (a fixed dose at its moment, or a zo-nodig dose): the log names
 * the created registration and the order's patient; a refused attempt names the order.
 */
export const administerDose = defineUseCase({
  name: 'medication.administer',
  action: 'create',
  resourceType: 'MedicationAdministration',
  patients: (em, input: { orderId: string; dose: unknown; patientId?: string }) => orderPatients(em, input.orderId),
  resourceOf: ({ orderId }) => orderId,
  run: (em, actor, { orderId, dose, patientId }) => administer(em, actor, orderId, dose, patientId ? { patientId } : {}),
  logged: (registered) => ({ resourceId: registered.id, patientIds: [registered.patientId] }),
});

/** The effect of a zo-nodig dose, written once afterwards. */
export const recordDoseEffect = defineUseCase({
  name: 'medication.effect',
  action: 'update',
  resourceType: 'MedicationAdministration',
  patients: (em, input: { administrationId: string; effect: unknown; patientId?: string }) =>
    administrationPatients(em, input.administrationId),
  resourceOf: ({ administrationId }) => administrationId,
  run: (em, actor, { administrationId, effect, patientId }) =>
    recordEffect(em, actor, administrationId, effect, patientId ? { patientId } : {}),
  logged: (registered) => ({ patientIds: [registered.patientId] }),
});
