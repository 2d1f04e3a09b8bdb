import type { OperationOutcome, OperationOutcomeIssue } from '@medplum/fhirtypes';
import type { AppError } from '../shared/errors';
import { parameterProblem } from './search';

export const fhirContentType = 'application/fhir+json; charset=utf-8';

const issueCodes: Partial<Record<AppError['code'], OperationOutcomeIssue['code']>> = {
  not_found: 'not-found',
  validation_failed: 'invalid',
  unauthorized: 'login',
  forbidden: 'forbidden',
  conflict: 'conflict',
  precondition_failed: 'conflict',
  method_not_allowed: 'not-supported',
  too_large: 'too-costly',
  rate_limited: 'throttled',
  timeout: 'timeout',
};

const ext = (name: string) => `Patient.extension.where(url='https://ggz-epd.nl/fhir/StructureDefinition/${name}')`;
/** The product's patient fields (the form's and the service's) → where they are in a FHIR Patient. */
const patientPaths: [RegExp, string][] = [
  [/^namePrefix/, 'Patient.name.family'],
  [/^familyName/, 'Patient.name.family'],
  [/^nameGiven/, 'Patient.name.given'],
  [/^bsn/, 'Patient.identifier'],
  [/^johnDoe/, ext('john-doe')],
  [/^birthDate/, 'Patient.birthDate'],
  [/^gender/, 'Patient.gender'],
  [/^address\.street/, 'Patient.address.line'],
  [/^address\.postalCode/, 'Patient.address.postalCode'],
  [/^address\.city/, 'Patient.address.city'],
  [/^contact\.phone/, "Patient.telecom.where(system='phone')"],
  [/^contact\.email/, "Patient.telecom.where(system='email')"],
  [/^insurance/, ext('insurance')],
  [/^episodeStatus/, ext('episode-status')],
];

/** A field of an error → its FHIRPath; a field already written as one passes; anything else has none. */
export function fhirExpression(field: string): string | undefined {
  if (/^(Patient|Observation|Condition|RiskAssessment|Appointment|DocumentReference|MedicationAdministration|Bundle)(\.|$)/.test(field))
    return field;
  return patientPaths.find(([pattern]) => pattern.test(field))?.[1];
}

/**
 * A FHIR error: an OperationOutcome with one issue per field and Dutch diagnostics. A resource
 * field carries its FHIRPath in `expression`; a search parameter or header has none (it is not an
 * element of a resource) and is named in the diagnostics instead.
 */
export function operationOutcome(error: AppError): OperationOutcome {
  const details = error.details as
    { fields?: Record<string, string>; location?: string; issueCode?: OperationOutcomeIssue['code']; status?: number } | undefined;
  // 406 and 415 are a format the server does not support, whatever error carries them.
  const code =
    details?.issueCode ?? (details?.status === 406 || details?.status === 415 ? 'not-supported' : (issueCodes[error.code] ?? 'exception'));
  const issues: OperationOutcomeIssue[] = details?.fields
    ? Object.entries(details.fields).map(([field, message]) => {
        const expression = details.location === parameterProblem ? undefined : fhirExpression(field);
        return { severity: 'error', code, diagnostics: message, ...(expression ? { expression: [expression] } : {}) };
      })
    : [{ severity: 'error', code, diagnostics: error.message }];
  return { resourceType: 'OperationOutcome', issue: issues };
}

/**
 * The answer to a write under `Prefer: return=OperationOutcome` (and a Bundle entry's
 * `response.outcome`): what was done, and as a warning each element the record did not keep.
 */
export function writeOutcome(done: string, unstored: Record<string, string>): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: [
      { severity: 'information', code: 'informational', diagnostics: done },
      ...Object.entries(unstored).map(([path, message]): OperationOutcomeIssue => {
        const expression = fhirExpression(path);
        return { severity: 'warning', code: 'not-supported', diagnostics: message, ...(expression ? { expression: [expression] } : {}) };
      }),
    ],
  };
}
