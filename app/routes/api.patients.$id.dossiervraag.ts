import { askTheRecord } from '../../domain/dossiervraag/dossiervraag.use-cases';
import { apiRoute, methodNotAllowed, postOnlyLoader, readJson } from '../http.server';
import { actorFor, perform } from '../tenant.server';

export const loader = postOnlyLoader;

/**
 * `{vraag}` → `{antwoord, bronnen: [{type, id, datum, auteur, tekst, link}]}`: a free question about
 * the patient's record, answered from the record with its sources, or "Ik weet het niet" (ADR 0078).
 */
export const action = apiRoute(async ({ request, params, user, context }) => {
  if (request.method !== 'POST') throw methodNotAllowed(['POST']);
  const actor = actorFor(user, context, 'api');
  const body = await readJson(request);
  const vraag = body && typeof body === 'object' && 'vraag' in body ? body.vraag : undefined;
  return perform(actor, askTheRecord, { patientId: params.id ?? '', vraag: vraag as string });
});
