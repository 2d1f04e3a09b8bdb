import type { Env } from '../config/env';
import { deepgramProvider } from './deepgram';
import { streamUrl, type Fetch } from './grant';
import { openaiProvider } from './openai';
import type { SpeechProviderName, SpeechToken } from './speech.schemas';

/**
 * The door to a streaming speech recogniser. The server holds the provider's long-lived key and
 * only ever hands the browser a short-lived token for one stream (ADR 0016).
 */
export interface SpeechProvider {
  readonly name: SpeechProviderName;
  issueToken(signal?: AbortSignal): Promise<SpeechToken>;
}

export interface SpeechSettings {
  provider: SpeechProviderName;
  apiKey: string;
  /** The provider's API address; https becomes wss for the stream. */
  baseUrl: string;
  model: string;
  /** How long a token may be used to open a stream; an open stream outlives it. */
  tokenTtlSeconds: number;
  timeoutMs: number;
}

const providerDefaults: Record<SpeechProviderName, { baseUrl: string; model: string }> = {
  deepgram: { baseUrl: 'https://api.deepgram.com', model: 'nova-3' },
  openai: { baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-transcribe' },
};

/** Null when no provider is configured: the route says so in Dutch and the microphone stays hidden. */
export function speechSettingsFrom(env: Env): SpeechSettings | null {
  const provider = env.SPEECH_PROVIDER;
  if (!provider) return null;
  const apiKey = provider === 'deepgram' ? env.DEEPGRAM_API_KEY : env.OPENAI_API_KEY;
  if (!apiKey) return null;
  const baseUrl = env.SPEECH_BASE_URL ?? (provider === 'openai' ? env.OPENAI_BASE_URL : undefined) ?? providerDefaults[provider].baseUrl;
  return {
    provider,
    apiKey,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    model: env.SPEECH_MODEL ?? providerDefaults[provider].model,
    tokenTtlSeconds: 60,
    timeoutMs: 5000,
  };
}

/** The origin the browser streams audio to, for the CSP's connect-src; null without speech. */
export function speechConnectSource(env: Env): string | null {
  const settings = speechSettingsFrom(env);
  if (!settings) return null;
  const stream = new URL(streamUrl(settings.baseUrl, '', {}));
  return `${stream.protocol}//${stream.host}`;
}

export function createSpeechProvider(settings: SpeechSettings, fetchImpl: Fetch = fetch): SpeechProvider {
  return settings.provider === 'deepgram' ? deepgramProvider(settings, fetchImpl) : openaiProvider(settings, fetchImpl);
}
