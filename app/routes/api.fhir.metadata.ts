import { capabilityStatement } from '../../domain/fhir/capability';
import { fhirRoute } from '../fhir.server';
import { methodNotAllowed } from '../http.server';
import packageJson from '../../package.json';

/** The CapabilityStatement: which resources, interactions and search parameters really work. */
export const loader = fhirRoute(async ({ request }) =>
  capabilityStatement(new URL('/api/fhir', request.url).toString(), { version: packageJson.version }),
);

export const action = fhirRoute(async () => {
  throw methodNotAllowed(['GET']);
});
