import { capabilityStatement } from '../../domain/fhir/capability';
import { restSecurity } from '../../domain/koppeling/smart';
import { fhirRoute } from '../fhir.server';
import { methodNotAllowed } from '../http.server';
import packageJson from '../../package.json';

/** The CapabilityStatement: which resources, interactions and search parameters really work; readable without a session. */
export const loader = fhirRoute(
  async ({ request }) => {
    const statement = capabilityStatement(new URL('/api/fhir', request.url).toString(), { version: packageJson.version });
    return { ...statement, rest: statement.rest?.map((rest) => ({ ...rest, security: restSecurity(new URL(request.url).origin) })) };
  },
  { open: true },
);

export const action = fhirRoute(
  async () => {
    throw methodNotAllowed(['GET']);
  },
  { open: true },
);
