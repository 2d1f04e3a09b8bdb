import type { Appointment as FhirAppointment, AppointmentParticipant, Practitioner, Reference } from '@medplum/fhirtypes';
import type { EntityManager } from '../db/orm';
import { patientReference, withStaff, type ClinicalResource } from '../fhir/clinical';
import { codeParameter, dateParameter, idParameter, patientParameter } from '../fhir/search';
import { appointmentTypeLabels, type AppointmentStatus, type AppointmentType } from './agenda.schemas';
import { Appointment } from './appointment.entity';

/** The agenda's statuses in FHIR; a moved appointment is booked at its new time. */
const fhirStatus: Record<AppointmentStatus, FhirAppointment['status']> = {
  gepland: 'booked',
  verplaatst: 'booked',
  geannuleerd: 'cancelled',
  afgerond: 'fulfilled',
  'niet-verschenen': 'noshow',
};
export const appointmentStatusUrl = 'https://ggz-epd.nl/fhir/StructureDefinition/appointment-status';
export const appointmentTypeSystem = 'https://ggz-epd.nl/fhir/CodeSystem/afspraaktype';

/** An appointment changes (moved, cancelled): its version is the moment of its last change. */
export const appointmentVersion = (row: Appointment): string => String(row.updatedAt.getTime());

export function toFhirAppointment(row: Appointment, practitioner: Reference<Practitioner> | undefined): FhirAppointment {
  const participant: AppointmentParticipant[] = [
    { actor: patientReference(row.patientId), required: 'required', status: 'accepted' },
    ...(practitioner ? [{ actor: practitioner, required: 'required' as const, status: 'accepted' as const }] : []),
  ];
  return {
    resourceType: 'Appointment',
    id: row.id,
    meta: { versionId: appointmentVersion(row), lastUpdated: row.updatedAt.toISOString() },
    // The agenda's own status ("verplaatst" beside "gepland") that FHIR's status folds together.
    extension: [{ url: appointmentStatusUrl, valueCode: row.status }],
    status: fhirStatus[row.status as AppointmentStatus],
    ...(row.status === 'geannuleerd' && row.cancelReason ? { cancelationReason: { text: row.cancelReason } } : {}),
    appointmentType: {
      coding: [{ system: appointmentTypeSystem, code: row.type, display: appointmentTypeLabels[row.type as AppointmentType] ?? row.type }],
      text: appointmentTypeLabels[row.type as AppointmentType] ?? row.type,
    },
    ...(row.location ? { description: `Locatie: ${row.location}` } : {}),
    start: row.startAt.toISOString(),
    end: row.endAt.toISOString(),
    minutesDuration: Math.round((row.endAt.getTime() - row.startAt.getTime()) / 60_000),
    created: row.createdAt.toISOString(),
    participant,
  };
}

export const appointmentResource: ClinicalResource<FhirAppointment> = {
  documentation: 'Afspraken uit de agenda met status, type, tijd en deelnemers (patiënt en behandelaar).',
  async load(em: EntityManager, ids) {
    return withStaff(
      em,
      await em.find(Appointment, { id: { $in: [...ids] } }),
      (row) => row.practitionerId ?? row.ownerId,
      toFhirAppointment,
    );
  },
  search: {
    resourceType: 'Appointment',
    from: 'appointments',
    parameters: {
      _id: idParameter,
      patient: patientParameter(),
      actor: patientParameter(),
      date: dateParameter(
        'date',
        'start_at',
        true,
        'Begintijd, met voorvoegsel eq, ne, ge, gt, le of lt; een datum is een dag in Nederlandse tijd.',
      ),
      status: codeParameter('status', `FHIR-status: ${[...new Set(Object.values(fhirStatus))].join(', ')}.`, (code) =>
        Object.entries(fhirStatus).flatMap(([own, fhir]) => (fhir === code ? [own] : [])),
      ),
      'appointment-type': codeParameter('type', `Type: ${Object.keys(appointmentTypeLabels).join(', ')}.`, (code, system) =>
        system === null || system === appointmentTypeSystem ? code : null,
      ),
    },
    sortOrders: { date: 'start_at asc, id asc', '-date': 'start_at desc, id asc' },
  },
};
