import { dutchMessages } from '../../domain/shared/errors';
import { apiFetch, SessionExpiredError } from '../lib/api-client';
import { errorFromResponse, type AssistantError } from './errors';

export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: AssistantError };

const defaultTimeoutMs = 15_000;

/**
 * A JSON request of a chat block. Never throws: every outcome is a value the block can show.
 * A 401 has already sent the browser to the login page (apiFetch) by the time this returns.
 */
export async function requestJson<T>(
  path: string,
  options: { method?: 'GET' | 'POST'; body?: unknown; signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<ApiResult<T>> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? defaultTimeoutMs);
  const abort = () => controller.abort();
  options.signal?.addEventListener('abort', abort, { once: true });
  try {
    const response = await apiFetch(path, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers: options.body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
    });
    if (!response.ok) return { ok: false, error: await errorFromResponse(response) };
    return { ok: true, data: (await response.json()) as T };
  } catch (error) {
    if (error instanceof SessionExpiredError)
      return { ok: false, error: { code: 'unauthorized', message: dutchMessages.unauthorized, retryable: false, status: 401 } };
    if (timedOut) return { ok: false, error: { code: 'timeout', message: dutchMessages.timeout, retryable: true } };
    return { ok: false, error: { code: 'network', message: dutchMessages.network, retryable: true } };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abort);
  }
}
