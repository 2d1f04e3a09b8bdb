import { chatEventStream } from '../../domain/chat/sse';
import { answerPieces, answerQuestion, prepareQuestion } from '../../domain/dossiervraag/dossiervraag.model';
import { classifyDeps, limitQuestion } from '../assistant.server';
import { apiRoute, methodNotAllowed, postOnlyLoader, readJson } from '../http.server';
import { actorFor } from '../tenant.server';

export const loader = postOnlyLoader;

/**
 * `{vraag}` → `{antwoord, bronnen: [{type, id, datum, auteur, tekst, link, label?}], bron, melding}`:
 * a free question about the patient's record, answered from the record with its sources, or "Ik
 * weet het niet" (ADR 0078); with a model, in checked sentences that cite them (ADR 0084). With
 * `Accept: text/event-stream` the answer comes as the chat's events, sentence by checked sentence.
 */
export const action = apiRoute(async ({ request, params, user, context }) => {
  if (request.method !== 'POST') throw methodNotAllowed(['POST']);
  const actor = actorFor(user, context, 'api');
  const body = await readJson(request);
  const vraag = body && typeof body === 'object' && 'vraag' in body ? body.vraag : undefined;
  const input = { patientId: params.id ?? '', vraag: vraag as string };
  const deps = await classifyDeps();
  await limitQuestion(user.id, deps);
  if (!request.headers.get('Accept')?.includes('text/event-stream')) return answerQuestion(deps, actor, input, request.signal);
  // Validation, a 404 and the access-log row come before the stream starts, as an ordinary response.
  const prepared = await prepareQuestion(deps, actor, input);
  const upstream = new AbortController();
  request.signal.addEventListener('abort', () => upstream.abort(), { once: true });
  const stream = chatEventStream(answerPieces(deps, actor, prepared, upstream.signal), () => upstream.abort());
  return new Response(stream, {
    headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' },
  });
});
