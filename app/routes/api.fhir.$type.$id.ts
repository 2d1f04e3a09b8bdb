import { clinicalResource } from '../../domain/fhir/resources';
import { readResponse } from '../fhir-search.server';
import { fhirResponse, fhirRoute } from '../fhir.server';
import { methodNotAllowed } from '../http.server';

/** Read of one clinical resource, with its version as ETag. */
export const loader = fhirRoute(async ({ params, actor }) => {
  const { resource, etag } = await readResponse(actor, params.type ?? '', params.id ?? '');
  return fhirResponse(resource, { headers: { ETag: etag } });
});

export const action = fhirRoute(async ({ params }) => {
  clinicalResource(params.type ?? '');
  throw methodNotAllowed(['GET']);
});
