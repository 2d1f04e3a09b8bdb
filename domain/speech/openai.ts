import { requestGrant, streamUrl, type Fetch } from './grant';
import type { SpeechProvider, SpeechSettings } from './speech.port';
import { speechLanguage, speechSampleRates } from './speech.schemas';

/**
 * OpenAI realtime transcription: `POST /v1/realtime/client_secrets` with the API key creates a
 * client secret (`ek_…`) bound to a transcription session (Dutch, PCM16 at 24 kHz, server VAD);
 * the browser opens `/v1/realtime` with it in the `openai-insecure-api-key.` subprotocol, appends
 * base64 audio and receives transcription delta and completed events.
 */
export function openaiProvider(settings: SpeechSettings, fetchImpl: Fetch): SpeechProvider {
  return {
    name: 'openai',
    async issueToken(signal) {
      const secret = await requestGrant(
        'openai',
        settings,
        fetchImpl,
        {
          url: `${settings.baseUrl}/realtime/client_secrets`,
          headers: { Authorization: `Bearer ${settings.apiKey}` },
          body: {
            expires_after: { anchor: 'created_at', seconds: settings.tokenTtlSeconds },
            session: {
              type: 'transcription',
              audio: {
                input: {
                  format: { type: 'audio/pcm', rate: speechSampleRates.openai },
                  transcription: { model: settings.model, language: speechLanguage },
                  turn_detection: { type: 'server_vad', silence_duration_ms: 600 },
                },
              },
            },
          },
        },
        (body) => {
          const { value, expires_at: expiresAt } = (body ?? {}) as { value?: unknown; expires_at?: unknown };
          return typeof value === 'string' && value && typeof expiresAt === 'number' ? { value, expiresAt } : null;
        },
        signal,
      );
      return {
        token: secret.value,
        expiresAt: new Date(secret.expiresAt * 1000).toISOString(),
        provider: 'openai',
        url: streamUrl(settings.baseUrl, '/realtime', { intent: 'transcription' }),
      };
    },
  };
}
