import { versionOf } from '../fhir-history.server';
import { fhirRoute } from '../fhir.server';
import { methodNotAllowed } from '../http.server';

/** `GET <type>/<id>/_history`: the versions the record keeps of one resource, which is its current one (ADR 0097). */
export const loader = fhirRoute(async ({ request, params, actor }) => {
  const { body } = await versionOf(actor, request, params.type ?? '', params.id ?? '', null);
  return body;
});

export const action = fhirRoute(async () => {
  throw methodNotAllowed(['GET']);
});
