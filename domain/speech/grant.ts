import { AppError } from '../shared/errors';
import type { SpeechSettings } from './speech.port';
import { speechMessages, type SpeechProviderName } from './speech.schemas';

export type Fetch = typeof fetch;

/** The provider's stream address: same host as its API, over WebSocket. */
export function streamUrl(baseUrl: string, path: string, params: Record<string, string>): string {
  const url = new URL(`${baseUrl}${path}`);
  url.protocol = url.protocol === 'http:' ? 'ws:' : 'wss:';
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

/**
 * One token request to the provider, bounded in time. Any failure (unreachable, refused, an
 * answer without a token) becomes the Dutch 502; the log names the provider and the HTTP status
 * only, never the key, the token or the provider's answer.
 */
export async function requestGrant<T>(
  provider: SpeechProviderName,
  settings: SpeechSettings,
  fetchImpl: Fetch,
  request: { url: string; headers: Record<string, string>; body: unknown },
  parse: (body: unknown) => T | null,
  signal?: AbortSignal,
): Promise<T> {
  const timeout = AbortSignal.timeout(settings.timeoutMs);
  let failure: string;
  try {
    const response = await fetchImpl(request.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...request.headers },
      body: JSON.stringify(request.body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (response.ok) {
      const parsed = parse(await response.json().catch(() => null));
      if (parsed) return parsed;
      failure = 'answer without a token';
    } else {
      await response.body?.cancel();
      failure = `HTTP ${response.status}`;
    }
  } catch (error) {
    failure = timeout.aborted ? 'timeout' : error instanceof Error ? error.name : 'network error';
  }
  console.warn(`[speech] ${provider} token request failed: ${failure}`);
  throw new AppError('upstream_failed', speechMessages.upstreamFailed, { provider });
}
