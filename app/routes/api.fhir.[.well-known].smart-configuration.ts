import { smartConfiguration } from '../../domain/koppeling/smart';
import { fhirRoute } from '../fhir.server';
import { methodNotAllowed } from '../http.server';

/** SMART's discovery document, at the FHIR base as the specification places it; no session needed. */
export const loader = fhirRoute(
  async ({ request }) =>
    Response.json(smartConfiguration(new URL(request.url).origin), {
      headers: { 'Cache-Control': 'no-store' },
    }),
  { open: true },
);

export const action = fhirRoute(
  async () => {
    throw methodNotAllowed(['GET']);
  },
  { open: true },
);
