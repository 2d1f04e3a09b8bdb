import { appointmentResource } from '../agenda/appointment.fhir';
import { conditionResource, riskAssessmentResource } from '../intake/intake.fhir';
import { medicationAdministrationResource, medicationRequestResource } from '../medication/medication.fhir';
import { documentReferenceResource } from '../report/report.fhir';
import { organizationResource, practitionerResource } from '../auth/practitioner.fhir';
import { AppError } from '../shared/errors';
import { observationResource } from '../measurements/vitals.fhir';
import type { ClinicalResource } from './clinical';

/** Every resource type the FHIR API serves besides Patient, by its FHIR name: the record's, then staff and the organisation (read-only, no patient). */
export const clinicalResources: Record<string, ClinicalResource> = {
  Observation: observationResource,
  Condition: conditionResource,
  RiskAssessment: riskAssessmentResource,
  Appointment: appointmentResource,
  DocumentReference: documentReferenceResource,
  MedicationRequest: medicationRequestResource,
  MedicationAdministration: medicationAdministrationResource,
  Practitioner: practitionerResource,
  Organization: organizationResource,
} as Record<string, ClinicalResource>;

export function clinicalResource(type: string): ClinicalResource {
  const found = Object.hasOwn(clinicalResources, type) ? clinicalResources[type] : undefined;
  if (!found) throw AppError.notFound(`Het resourcetype "${type}" wordt niet ondersteund; zie /api/fhir/metadata.`);
  return found;
}
