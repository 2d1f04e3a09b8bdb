import { AppError } from './errors';

/**
 * Requests per key in a sliding window, counted in this process's memory (chat: 20 requests per
 * minute per user; login: failed attempts per account and per address). One app process per ward
 * installation keeps this exact; behind several processes each counts its own share.
 */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    /** The Dutch message of the 429, given the seconds until the next request is allowed. */
    private readonly message: (retryAfterSeconds: number) => string,
  ) {}

  /** Counts the request, or throws a Dutch 429 carrying the seconds until the next one is allowed. */
  take(key: string, now = Date.now()): void {
    this.assertAllowed(key, now);
    this.hit(key, now);
  }

  /** Throws the 429 when the key has used up its window, without counting this request. */
  assertAllowed(key: string, now = Date.now()): void {
    const recent = this.recent(key, now);
    if (recent.length < this.limit) return;
    const retryAfter = Math.max(1, Math.ceil((recent[0]! + this.windowMs - now) / 1000));
    throw new AppError('rate_limited', this.message(retryAfter), { retryAfter });
  }

  hit(key: string, now = Date.now()): void {
    const recent = this.recent(key, now);
    recent.push(now);
    this.hits.set(key, recent);
    // Forget idle keys now and then so the map does not grow with every key ever seen.
    if (this.hits.size > 10_000) for (const [other, times] of this.hits) if (times.every((at) => at <= now - this.windowMs)) this.hits.delete(other);
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private recent(key: string, now: number): number[] {
    const recent = (this.hits.get(key) ?? []).filter((at) => at > now - this.windowMs);
    this.hits.set(key, recent);
    return recent;
  }
}
