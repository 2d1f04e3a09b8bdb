import { typeHistory } from '../fhir-history.server';
import { fhirRoute } from '../fhir.server';
import { methodNotAllowed } from '../http.server';

/** `GET Patient/_history?_since=`, a static route as `Patient._search` is, so `Patient.$id` cannot take `_history` as an id. */
export const loader = fhirRoute(async ({ request, actor }) => typeHistory(actor, request, 'Patient'));

export const action = fhirRoute(async () => {
  throw methodNotAllowed(['GET']);
});
