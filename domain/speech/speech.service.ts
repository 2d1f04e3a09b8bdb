import type { AuditActor } from '../audit/audit.service';
import { runUseCase } from '../audit/use-case';
import { SlidingWindowLimiter, type WindowStore } from '../shared/rate-limit';
import type { MikroORM } from '../db/orm';
import { AppError } from '../shared/errors';
import type { SpeechProvider } from './speech.port';
import { speechMessages, type SpeechToken } from './speech.schemas';
import { handOutSpeechToken } from './speech.use-cases';

export interface SpeechDeps {
  orm: MikroORM;
  /** Null when no provider is configured. */
  provider: SpeechProvider | null;
  limiter: SlidingWindowLimiter;
}

/** Every recording starts with a token; ten a minute is generous for dictation and stops a runaway client. */
export function speechTokenLimiter(store?: WindowStore): SlidingWindowLimiter {
  return new SlidingWindowLimiter('speech-token', 10, 60_000, speechMessages.rateLimited, store);
}

/**
 * A short-lived token for the clinician's browser to stream one dictation to the provider. The
 * issue is in the access log (provider and expiry, never the token); the provider is asked outside
 * any database transaction so a slow provider holds no connection.
 */
export async function issueSpeechToken(deps: SpeechDeps, actor: AuditActor, signal?: AbortSignal): Promise<SpeechToken> {
  const { provider } = deps;
  if (!provider) throw new AppError('feature_disabled', speechMessages.notConfigured);
  await deps.limiter.take(actor.userId);
  const answer = await provider.issueToken(signal).then(
    (token) => ({ token }),
    (error: unknown) => ({ error }),
  );
  return runUseCase(deps.orm, actor, handOutSpeechToken, { provider: provider.name, answer });
}
