import { systemHistory } from '../fhir-history.server';
import { fhirRoute, readableBy } from '../fhir.server';
import { methodNotAllowed } from '../http.server';

/** `GET [base]/_history?_since=`: the changes feed over every type in it the caller may read (ADR 0097). */
export const loader = fhirRoute(async ({ request, actor, caller }) => systemHistory(actor, request, readableBy(caller)));

export const action = fhirRoute(async () => {
  throw methodNotAllowed(['GET']);
});
