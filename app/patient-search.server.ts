import { searchPatients, type SearchOptions } from '../domain/patient/patient.search';
import { apiRoute } from './http.server';
import { actorFor, audited } from './tenant.server';

/** The three search routes of the contract share this handler and one domain search. */
export function patientSearchRoute(options: SearchOptions & { channel: 'api' | 'assistant' }) {
  return apiRoute(async ({ request, user, context }) => {
    const url = new URL(request.url);
    const actor = actorFor(user, context, options.channel);
    const query = {
      q: url.searchParams.get('q') ?? undefined,
      status: url.searchParams.get('status') ?? undefined,
      limit: url.searchParams.get('limit') ?? undefined,
    };
    const results = await audited(actor, { action: 'search', resourceType: 'Patient' }, (em) => searchPatients(em, actor, query, options));
    return { results };
  });
}
