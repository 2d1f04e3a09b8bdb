import { z } from 'zod';

/** The streaming recognisers the browser can dictate to (ADR 0016). */
export const speechProviders = ['openai', 'deepgram'] as const;
export type SpeechProviderName = (typeof speechProviders)[number];

/** Dictation on the ward is Dutch. */
export const speechLanguage = 'nl';

/** Mono 16-bit PCM at the rate each provider's stream is opened with. */
export const speechSampleRates: Record<SpeechProviderName, number> = { deepgram: 16_000, openai: 24_000 };

/**
 * What `POST /api/speech/token` answers: a short-lived token for one provider and the WebSocket
 * address to open with it. Shared by the route and the browser, which parses it before use.
 */
export const speechTokenSchema = z.object({
  token: z.string().min(1),
  expiresAt: z.iso.datetime({ offset: true }),
  provider: z.enum(speechProviders),
  url: z.url({ protocol: /^wss?$/ }),
});
export type SpeechToken = z.infer<typeof speechTokenSchema>;

export const speechMessages = {
  notConfigured: 'Spraakinvoer is in deze omgeving niet ingesteld.',
  upstreamFailed: 'De spraakdienst is nu niet bereikbaar. Probeer het over een moment opnieuw.',
  rateLimited: (seconds: number) => `Te veel spraakopnames achter elkaar. Probeer het over ${seconds} seconden opnieuw.`,
} as const;
