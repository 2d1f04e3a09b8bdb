import cluster from 'node:cluster';
import { AppError } from './errors';

/** One operation on a sliding window: what a limiter asks of the place the hits are counted. */
export interface WindowOp {
  kind: 'take' | 'check' | 'hit' | 'reset';
  /** The limiter (chat, speech token, login per account, login per address): its keys are its own. */
  bucket: string;
  key: string;
  limit: number;
  windowMs: number;
  now: number;
}

/** Where the hits are counted. Answers the oldest hit still in the window when the key is full (refused), else null. */
export interface WindowStore {
  apply(op: WindowOp): Promise<number | null>;
}

/** Hits per bucket and key in this process's memory. */
export class MemoryWindows {
  private readonly hits = new Map<string, number[]>();

  apply({ kind, bucket, key, limit, windowMs, now }: WindowOp): number | null {
    const id = `${bucket}\u0000${key}`;
    if (kind === 'reset') {
      this.hits.delete(id);
      return null;
    }
    const recent = (this.hits.get(id) ?? []).filter((at) => at > now - windowMs);
    const full = kind !== 'hit' && recent.length >= limit;
    if (kind === 'hit' || (kind === 'take' && !full)) recent.push(now);
    this.hits.set(id, recent);
    // Forget idle keys now and then so the map does not grow with every key ever seen.
    if (this.hits.size > 10_000)
      for (const [other, times] of this.hits) if (times.every((at) => at <= now - windowMs)) this.hits.delete(other);
    return full ? recent[0]! : null;
  }
}

const request = 'rate-limit';
interface WindowRequest {
  type: typeof request;
  id: number;
  op: WindowOp;
}

export function isWindowRequest(message: unknown): message is WindowRequest {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === request;
}

/**
 * The count kept by the primary of a cluster of web processes (WEB_CONCURRENCY, ADR 0021), asked
 * over IPC: a clinician's 21st chat message is refused whichever process it reaches.
 */
class PrimaryWindows implements WindowStore {
  private next = 0;
  private readonly waiting = new Map<number, (oldest: number | null) => void>();

  constructor() {
    process.on('message', (message: unknown) => {
      if (!isWindowRequest(message)) return;
      const answer = message as WindowRequest & { oldest: number | null };
      this.waiting.get(answer.id)?.(answer.oldest);
      this.waiting.delete(answer.id);
    });
  }

  apply(op: WindowOp): Promise<number | null> {
    return new Promise((resolve) => {
      const id = ++this.next;
      this.waiting.set(id, resolve);
      process.send!({ type: request, id, op } satisfies WindowRequest);
    });
  }
}

/** For the primary: answers its web processes' window requests from one count. */
export function answerWindowRequests(windows: MemoryWindows, worker: { send(message: unknown): unknown }, message: unknown): void {
  if (isWindowRequest(message)) worker.send({ ...message, oldest: windows.apply(message.op) });
}

/** A count of its own, in this process's memory (tests, and a limiter that must not share). */
export function memoryWindows(): WindowStore {
  const windows = new MemoryWindows();
  return { apply: (op) => Promise.resolve(windows.apply(op)) };
}

let shared: WindowStore | undefined;

/** In a web process of a cluster: the primary's count; otherwise this process's memory. */
export function processWindows(): WindowStore {
  shared ??= cluster.isWorker && process.send ? new PrimaryWindows() : memoryWindows();
  return shared;
}

/**
 * Requests per key in a sliding window (chat: 20 requests per minute per user; login: failed
 * attempts per account and per address; speech tokens). Counted per installation: in one process,
 * or by the primary of a cluster of web processes.
 */
export class SlidingWindowLimiter {
  constructor(
    private readonly bucket: string,
    private readonly limit: number,
    private readonly windowMs: number,
    /** The Dutch message of the 429, given the seconds until the next request is allowed. */
    private readonly message: (retryAfterSeconds: number) => string,
    private readonly store: WindowStore = processWindows(),
  ) {}

  /** Counts the request, or throws a Dutch 429 carrying the seconds until the next one is allowed. */
  async take(key: string, now = Date.now()): Promise<void> {
    this.refuseWhenFull(await this.apply('take', key, now), now);
  }

  /** Throws the 429 when the key has used up its window, without counting this request. */
  async assertAllowed(key: string, now = Date.now()): Promise<void> {
    this.refuseWhenFull(await this.apply('check', key, now), now);
  }

  async hit(key: string, now = Date.now()): Promise<void> {
    await this.apply('hit', key, now);
  }

  async reset(key: string): Promise<void> {
    await this.apply('reset', key, Date.now());
  }

  private apply(kind: WindowOp['kind'], key: string, now: number): Promise<number | null> {
    return this.store.apply({ kind, bucket: this.bucket, key, limit: this.limit, windowMs: this.windowMs, now });
  }

  private refuseWhenFull(oldest: number | null, now: number): void {
    if (oldest === null) return;
    const retryAfter = Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000));
    throw new AppError('rate_limited', this.message(retryAfter), { retryAfter });
  }
}
