import { clinicalResource } from '../../domain/fhir/resources';
import { fhirWritesOf } from '../../domain/fhir/fhir-writes.use-cases';
import { searchBundle } from '../fhir-search.server';
import { fhirRoute, fhirWriteResponse, readJson, readableBy, strictHandling } from '../fhir.server';
import { methodNotAllowed } from '../http.server';
import { perform } from '../tenant.server';

/** Search on a clinical resource (Observation, Condition, …): the parameters of its search definition. */
export const loader = fhirRoute(async ({ request, params, actor, caller }) =>
  searchBundle(actor, request, params.type ?? '', new URL(request.url).searchParams, readableBy(caller)),
);

/**
 * Create, through the record's own rules (ADR 0098): an Observation, a MedicationAdministration, a
 * DocumentReference or an Appointment; with `If-None-Exist` the one found answers 200 unchanged.
 */
export const action = fhirRoute(async ({ request, params, actor }) => {
  const type = params.type ?? '';
  clinicalResource(type);
  const { create } = fhirWritesOf(type);
  if (!create || request.method !== 'POST') throw methodNotAllowed(create ? ['GET', 'POST'] : ['GET']);
  const body = await readJson(request);
  const { resource, created, unstored } = await perform(actor, create, {
    body,
    ifNoneExist: request.headers.get('if-none-exist'),
    strict: strictHandling(request),
  });
  return fhirWriteResponse(
    request,
    resource,
    { message: created ? `${type} is vastgelegd.` : `${type} bestond al; er is niets gewijzigd.`, unstored },
    {
      status: created ? 201 : 200,
      headers: { Location: `/api/fhir/${type}/${resource.id}`, ETag: `W/"${resource.meta?.versionId ?? '1'}"` },
    },
  );
});
