import { everythingBundle } from '../fhir-search.server';
import { fhirRoute, readableBy } from '../fhir.server';
import { methodNotAllowed } from '../http.server';

/**
 * `GET Patient/{id}/$everything` (ADR 0089): the patient and every resource of theirs the caller's
 * scopes cover, paged with `_count`/`_offset`, `_type` to choose types; the path's Patient scope is
 * checked by `fhirRoute`, the other types per type.
 */
export const loader = fhirRoute(async ({ request, params, actor, caller }) =>
  everythingBundle(actor, request, params.id ?? '', readableBy(caller)),
);

export const action = fhirRoute(async () => {
  throw methodNotAllowed(['GET']);
});
