import { appointmentResource } from '../agenda/appointment.fhir';
import { allergyIntoleranceResource } from '../allergies/allergies.fhir';
import { conditionResource, riskAssessmentResource } from '../intake/intake.fhir';
import { medicationAdministrationResource, medicationRequestResource } from '../medication/medication.fhir';
import { documentReferenceResource } from '../report/report.fhir';
import { organizationResource, practitionerResource } from '../auth/practitioner.fhir';
import { auditEventResource } from '../audit/audit-event.fhir';
import { episodeOfCareResource } from '../patient/episode-of-care.fhir';
import { coverageResource } from '../patient/coverage.fhir';
import { AppError } from '../shared/errors';
import { observationResource } from '../measurements/vitals.fhir';
import type { ClinicalResource } from './clinical';

/** Every resource type the FHIR API serves besides Patient, by its FHIR name: the record's, staff and the organisation (read-only, no patient), the care episode, the insurance and the access log. */
export const clinicalResources: Record<string, ClinicalResource> = {
  Observation: observationResource,
  Condition: conditionResource,
  AllergyIntolerance: allergyIntoleranceResource,
  RiskAssessment: riskAssessmentResource,
  Appointment: appointmentResource,
  DocumentReference: documentReferenceResource,
  MedicationRequest: medicationRequestResource,
  MedicationAdministration: medicationAdministrationResource,
  Practitioner: practitionerResource,
  Organization: organizationResource,
  EpisodeOfCare: episodeOfCareResource,
  Coverage: coverageResource,
  AuditEvent: auditEventResource,
} as Record<string, ClinicalResource>;

export function clinicalResource(type: string): ClinicalResource {
  const found = Object.hasOwn(clinicalResources, type) ? clinicalResources[type] : undefined;
  if (!found) throw AppError.notFound(`Het resourcetype "${type}" wordt niet ondersteund; zie /api/fhir/metadata.`);
  return found;
}
