import { requestGrant, streamUrl, type Fetch } from './grant';
import type { SpeechProvider, SpeechSettings } from './speech.port';
import { speechLanguage, speechSampleRates } from './speech.schemas';

/**
 * Deepgram: `POST /v1/auth/grant` with the API key (`Authorization: Token …`) gives a JWT valid for
 * `ttl_seconds`; the browser opens `/v1/listen` with it as the `bearer` WebSocket subprotocol and
 * sends raw linear16 audio, and gets `Results` messages with interim and final transcripts.
 */
export function deepgramProvider(settings: SpeechSettings, fetchImpl: Fetch): SpeechProvider {
  return {
    name: 'deepgram',
    async issueToken(signal) {
      const issuedAt = Date.now();
      const grant = await requestGrant(
        'deepgram',
        settings,
        fetchImpl,
        {
          url: `${settings.baseUrl}/v1/auth/grant`,
          headers: { Authorization: `Token ${settings.apiKey}` },
          body: { ttl_seconds: settings.tokenTtlSeconds },
        },
        (body) => {
          const { access_token: token, expires_in: expiresIn } = (body ?? {}) as { access_token?: unknown; expires_in?: unknown };
          if (typeof token !== 'string' || !token) return null;
          return { token, expiresIn: typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn : settings.tokenTtlSeconds };
        },
        signal,
      );
      return {
        token: grant.token,
        expiresAt: new Date(issuedAt + grant.expiresIn * 1000).toISOString(),
        provider: 'deepgram',
        url: streamUrl(settings.baseUrl, '/v1/listen', {
          model: settings.model,
          language: speechLanguage,
          encoding: 'linear16',
          sample_rate: String(speechSampleRates.deepgram),
          channels: '1',
          interim_results: 'true',
          punctuate: 'true',
        }),
      };
    },
  };
}
