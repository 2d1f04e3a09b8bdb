import { AppError } from '../shared/errors';

/**
 * Requests per key in a sliding window, counted in this process's memory (CONTRACT §7: 20 chat
 * requests per minute per user). One app process per ward installation keeps this exact; behind
 * several processes each counts its own share.
 */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    /** The Dutch 429 message, given the seconds until the next request is allowed. */
    private readonly message: (retryAfter: number) => string = (retryAfter) => `Je stuurt te veel berichten. Probeer het over ${retryAfter} seconden opnieuw.`,
  ) {}

  /** Counts the request, or throws a Dutch 429 carrying the seconds until the next one is allowed. */
  take(key: string, now = Date.now()): void {
    const recent = (this.hits.get(key) ?? []).filter((at) => at > now - this.windowMs);
    if (recent.length >= this.limit) {
      const retryAfter = Math.max(1, Math.ceil((recent[0]! + this.windowMs - now) / 1000));
      this.hits.set(key, recent);
      throw new AppError('rate_limited', this.message(retryAfter), { retryAfter });
    }
    recent.push(now);
    this.hits.set(key, recent);
    // Forget idle users now and then so the map does not grow with every user ever seen.
    if (this.hits.size > 10_000) for (const [other, times] of this.hits) if (times.every((at) => at <= now - this.windowMs)) this.hits.delete(other);
  }
}
