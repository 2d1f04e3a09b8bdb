import { appointmentResource } from '../agenda/appointment.fhir';
import { conditionResource, riskAssessmentResource } from '../intake/intake.fhir';
import { medicationAdministrationResource, medicationRequestResource } from '../medication/medication.fhir';
import { documentReferenceResource } from '../report/report.fhir';
import { AppError } from '../shared/errors';
import { observationResource } from '../measurements/vitals.fhir';
import type { ClinicalResource } from './clinical';

/** Every clinical resource type the FHIR API serves besides Patient, by its FHIR name. */
export const clinicalResources: Record<string, ClinicalResource> = {
  Observation: observationResource,
  Condition: conditionResource,
  RiskAssessment: riskAssessmentResource,
  Appointment: appointmentResource,
  DocumentReference: documentReferenceResource,
  MedicationRequest: medicationRequestResource,
  MedicationAdministration: medicationAdministrationResource,
} as Record<string, ClinicalResource>;

export function clinicalResource(type: string): ClinicalResource {
  const found = Object.hasOwn(clinicalResources, type) ? clinicalResources[type] : undefined;
  if (!found) throw AppError.notFound(`Het resourcetype "${type}" wordt niet ondersteund; zie /api/fhir/metadata.`);
  return found;
}
