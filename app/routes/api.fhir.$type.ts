import { clinicalResource } from '../../domain/fhir/resources';
import { searchBundle } from '../fhir-search.server';
import { fhirRoute } from '../fhir.server';
import { methodNotAllowed } from '../http.server';
import { actorFor } from '../tenant.server';

/** Search on a clinical resource (Observation, Condition, …): read-only, the parameters of its search definition. */
export const loader = fhirRoute(async ({ request, params, user, context }) =>
  searchBundle(actorFor(user, context, 'fhir'), request, params.type ?? '', new URL(request.url).searchParams),
);

export const action = fhirRoute(async ({ params }) => {
  clinicalResource(params.type ?? '');
  throw methodNotAllowed(['GET']);
});
