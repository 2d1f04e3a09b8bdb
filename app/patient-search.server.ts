import { searchPatients, type SearchOptions } from '../domain/patient/patient.search';
import { apiRoute, queryParams } from './http.server';
import { actorFor, audited } from './tenant.server';

/** The three search routes of the contract share this handler and one domain search. */
export function patientSearchRoute(options: SearchOptions & { channel: 'api' | 'assistant' }) {
  return apiRoute(async ({ request, user, context }) => {
    const actor = actorFor(user, context, options.channel);
    const query = queryParams(request, ['q', 'status', 'limit']);
    const results = await audited(actor, { action: 'search', resourceType: 'Patient' }, (em) => searchPatients(em, actor, query, options));
    return { results };
  });
}
