import { chatRequestSchema } from '../../domain/chat/chat.schemas';
import { chatReply } from '../../domain/chat/chat.service';
import { chatEventStream } from '../../domain/chat/sse';
import { parseOrThrow } from '../../domain/shared/validation';
import { chatLimiter, classifyDeps, requireAssistantEnabled } from '../assistant.server';
import { apiRoute, postOnlyLoader, readJson, requirePost } from '../http.server';
import { actorFor } from '../tenant.server';

export const loader = postOnlyLoader;

/** `{message, messages, context}` → `text/event-stream` of content, done or error events. */
export const action = apiRoute(async ({ request, user, context }) => {
  requirePost(request);
  requireAssistantEnabled();
  // A 429 carries Retry-After (errorResponse).
  await chatLimiter.take(user.id);
  const body = parseOrThrow(chatRequestSchema, await readJson(request));
  // The model call stops when the clinician's request does (closed tab, cancelled stream).
  const upstream = new AbortController();
  request.signal.addEventListener('abort', () => upstream.abort(), { once: true });
  const stream = chatEventStream(chatReply(await classifyDeps(), actorFor(user, context, 'assistant'), body, upstream.signal), () =>
    upstream.abort(),
  );
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform keeps the compression middleware from buffering the events.
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
    },
  });
});
