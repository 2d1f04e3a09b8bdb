import { postedQuery, searchBundle } from '../fhir-search.server';
import { fhirRoute, readableBy } from '../fhir.server';
import { methodNotAllowed, requirePost } from '../http.server';

/** `POST Patient/_search`, as `$type._search` does for the others; a static route, so `Patient.$id` cannot take `_search` as an id. */
export const loader = fhirRoute(async () => {
  throw methodNotAllowed(['POST']);
});

export const action = fhirRoute(async ({ request, actor, caller }) => {
  requirePost(request);
  return searchBundle(actor, request, 'Patient', await postedQuery(request), readableBy(caller));
});
