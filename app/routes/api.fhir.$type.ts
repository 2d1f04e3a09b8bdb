import { clinicalResource } from '../../domain/fhir/resources';
import { createObservation } from '../../domain/fhir/fhir.use-cases';
import { searchBundle } from '../fhir-search.server';
import { fhirRoute, fhirWriteResponse, readJson, readableBy } from '../fhir.server';
import { methodNotAllowed } from '../http.server';
import { perform } from '../tenant.server';

/** Search on a clinical resource (Observation, Condition, …): the parameters of its search definition. */
export const loader = fhirRoute(async ({ request, params, actor, caller }) =>
  searchBundle(actor, request, params.type ?? '', new URL(request.url).searchParams, readableBy(caller)),
);

/** Create: an Observation (a lab result, a device's vital sign) through the vitals' own rules; the others are read-only. */
export const action = fhirRoute(async ({ request, params, actor }) => {
  clinicalResource(params.type ?? '');
  if (params.type !== 'Observation' || request.method !== 'POST')
    throw methodNotAllowed(params.type === 'Observation' ? ['GET', 'POST'] : ['GET']);
  const body = await readJson(request);
  const observation = await perform(actor, createObservation, body);
  return fhirWriteResponse(
    request,
    observation,
    { message: 'De meting is vastgelegd.' },
    { status: 201, headers: { Location: `/api/fhir/Observation/${observation.id}`, ETag: `W/"${observation.meta?.versionId ?? '1'}"` } },
  );
});
