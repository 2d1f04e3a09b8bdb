import { issueSpeechToken } from '../../domain/speech/speech.service';
import { apiRoute, postOnlyLoader, requirePost } from '../http.server';
import { speechDeps } from '../speech.server';
import { actorFor } from '../tenant.server';

export const loader = postOnlyLoader;

/** → `{token, expiresAt, provider, url}`: a short-lived token for one dictation stream (ADR 0016). */
export const action = apiRoute(async ({ request, user, context }) => {
  requirePost(request);
  return issueSpeechToken(await speechDeps(), actorFor(user, context, 'assistant'), request.signal);
});
