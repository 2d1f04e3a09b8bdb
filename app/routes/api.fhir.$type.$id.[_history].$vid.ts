import { versionOf } from '../fhir-history.server';
import { fhirResponse, fhirRoute } from '../fhir.server';
import { methodNotAllowed } from '../http.server';

/** vread `GET <type>/<id>/_history/<vid>`: the current version; an earlier one the record does not keep is a 404 saying so (ADR 0097). */
export const loader = fhirRoute(async ({ request, params, actor }) => {
  const { body, etag } = await versionOf(actor, request, params.type ?? '', params.id ?? '', params.vid ?? '');
  return fhirResponse(body, { headers: etag ? { ETag: etag } : {} });
});

export const action = fhirRoute(async () => {
  throw methodNotAllowed(['GET']);
});
