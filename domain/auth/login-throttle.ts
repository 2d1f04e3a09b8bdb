import { countOf } from '../shared/text';
import { SlidingWindowLimiter, type WindowStore } from '../shared/rate-limit';

export interface LoginAttempt {
  email: string;
  /** The client's address as the server sees it (behind a proxy: TRUST_PROXY). */
  address: string | null;
}

export interface LoginThrottleLimits {
  perAccount: number;
  perAddress: number;
  windowMinutes: number;
}

export function tooManyLoginsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Te veel inlogpogingen, probeer het over ${countOf(minutes, 'minuut', 'minuten')} opnieuw.`;
}

/**
 * Failed logins per account and per client address in a sliding window (ADR 0017). Only failures
 * count, so clinicians who log in often are never slowed down; a refused attempt does not count
 * either, so the lock lifts when the window has passed. A good password resets the account's
 * count, not the address's: one address guessing many accounts stays limited.
 */
export class LoginThrottle {
  private readonly accounts: SlidingWindowLimiter;
  private readonly addresses: SlidingWindowLimiter;

  constructor(limits: LoginThrottleLimits, store?: WindowStore) {
    const windowMs = limits.windowMinutes * 60_000;
    this.accounts = new SlidingWindowLimiter('login-account', limits.perAccount, windowMs, tooManyLoginsMessage, store);
    this.addresses = new SlidingWindowLimiter('login-address', limits.perAddress, windowMs, tooManyLoginsMessage, store);
  }

  /** Throws the Dutch 429 (AppError rate_limited) when the account or the address is locked. */
  async assertAllowed(attempt: LoginAttempt, now = Date.now()): Promise<void> {
    await this.accounts.assertAllowed(accountKey(attempt), now);
    await this.addresses.assertAllowed(addressKey(attempt), now);
  }

  async failed(attempt: LoginAttempt, now = Date.now()): Promise<void> {
    await Promise.all([this.accounts.hit(accountKey(attempt), now), this.addresses.hit(addressKey(attempt), now)]);
  }

  async succeeded(attempt: LoginAttempt): Promise<void> {
    await this.accounts.reset(accountKey(attempt));
  }
}

function accountKey(attempt: LoginAttempt): string {
  return attempt.email.trim().toLowerCase();
}

function addressKey(attempt: LoginAttempt): string {
  return attempt.address ?? 'onbekend';
}
