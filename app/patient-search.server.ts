import type { SearchOptions } from '../domain/patient/patient.search';
import { lookUpPatients } from '../domain/patient/patient.use-cases';
import { apiRoute, queryParams } from './http.server';
import { actorFor, perform } from './tenant.server';

/** The three search routes of the contract share this handler and one domain search. */
export function patientSearchRoute(options: SearchOptions & { channel: 'api' | 'assistant' }) {
  return apiRoute(async ({ request, user, context }) => {
    const actor = actorFor(user, context, options.channel);
    const query = queryParams(request, ['q', 'status', 'limit']);
    const results = await perform(actor, lookUpPatients, { query, options });
    return { results };
  });
}
