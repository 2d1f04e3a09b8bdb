import { typeHistory } from '../fhir-history.server';
import { fhirRoute } from '../fhir.server';
import { methodNotAllowed } from '../http.server';

/** `GET <type>/_history?_since=`: the changes feed of one type (ADR 0097); the type's read scope is checked by `fhirRoute`. */
export const loader = fhirRoute(async ({ request, params, actor }) => typeHistory(actor, request, params.type ?? ''));

export const action = fhirRoute(async () => {
  throw methodNotAllowed(['GET']);
});
