import { readIntakeSection, saveIntakeSectionText } from '../../domain/intake/intake-entry.use-cases';
import { apiRoute, methodNotAllowed, readJson } from '../http.server';
import { actorFor, perform } from '../tenant.server';

/** One section with its earlier versions, newest first. */
export const loader = apiRoute(async ({ params, user, context }) => {
  const actor = actorFor(user, context, 'api');
  return perform(actor, readIntakeSection, { patientId: params.id ?? '', section: params.section ?? '' });
});

/** PUT `{content, complete, basedOn?}` → 200 with the section; the earlier text stays as a version. */
export const action = apiRoute(async ({ request, params, user, context }) => {
  if (request.method !== 'PUT') throw methodNotAllowed(['GET', 'PUT']);
  const actor = actorFor(user, context, 'api');
  const input = { patientId: params.id ?? '', section: params.section ?? '', text: await readJson(request) };
  return (await perform(actor, saveIntakeSectionText, input)).section;
});
