import { patientSearchBundle } from '../fhir-search.server';
import { fhirRoute } from '../fhir.server';
import { methodNotAllowed, requirePost } from '../http.server';
import { actorFor } from '../tenant.server';

/** `POST Patient/_search` with a form body: the same search as GET, for queries too long or too private for a URL. */
export const loader = fhirRoute(async () => {
  throw methodNotAllowed(['POST']);
});

export const action = fhirRoute(async ({ request, user, context }) => {
  requirePost(request);
  const query = new URLSearchParams(new URL(request.url).search);
  for (const [name, value] of new URLSearchParams(await request.text())) query.append(name, value);
  return patientSearchBundle(actorFor(user, context, 'fhir'), request, query);
});
