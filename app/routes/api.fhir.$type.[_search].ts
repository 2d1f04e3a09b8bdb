import { postedQuery, searchBundle } from '../fhir-search.server';
import { fhirRoute, readableBy } from '../fhir.server';
import { methodNotAllowed, requirePost } from '../http.server';

/** `POST <type>/_search` with a form body: the same search as GET, for queries too long or too private for a URL. */
export const loader = fhirRoute(async () => {
  throw methodNotAllowed(['POST']);
});

export const action = fhirRoute(async ({ request, params, actor, caller }) => {
  requirePost(request);
  return searchBundle(actor, request, params.type ?? '', await postedQuery(request), readableBy(caller));
});
