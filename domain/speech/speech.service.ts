import { recordAudit, type AuditActor, type AuditEntry } from '../audit/audit.service';
import { SlidingWindowLimiter, type WindowStore } from '../shared/rate-limit';
import type { MikroORM } from '../db/orm';
import { tenantOf, withTenant } from '../db/tenant';
import { AppError } from '../shared/errors';
import type { SpeechProvider } from './speech.port';
import { speechMessages, type SpeechToken } from './speech.schemas';

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
  const attempt: AuditEntry = { action: 'create', resourceType: 'SpeechToken', details: { provider: provider.name } };
  const log = (entry: AuditEntry) => withTenant(deps.orm, tenantOf(actor), async (em) => recordAudit(em, actor, entry));
  let token: SpeechToken;
  try {
    token = await provider.issueToken(signal);
  } catch (error) {
    await log({
      ...attempt,
      outcome: 'failure',
      details: { ...attempt.details, reason: error instanceof AppError ? error.code : 'internal' },
    }).catch(() => undefined);
    throw error;
  }
  await log({ ...attempt, details: { ...attempt.details, expiresAt: token.expiresAt } });
  return token;
}
