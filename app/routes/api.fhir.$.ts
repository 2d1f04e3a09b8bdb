import { AppError } from '../../domain/shared/errors';
import { fhirRoute } from '../fhir.server';

// Any other path under the FHIR base (an operation or compartment we do not serve, a lower-case
// type): the 401 without a caller, else a 404, both as an OperationOutcome.
const notFound = fhirRoute(async ({ request }) => {
  const path = new URL(request.url).pathname.replace(/^\/api\/fhir\/?/, '');
  throw AppError.notFound(`De FHIR-route "${path}" bestaat niet; zie /api/fhir/metadata voor wat deze server kan.`);
});

export const loader = notFound;
export const action = notFound;
