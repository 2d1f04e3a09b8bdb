import { env } from '../domain/config/env';
import { createSpeechProvider, speechSettingsFrom } from '../domain/speech/speech.port';
import { speechTokenLimiter, type SpeechDeps } from '../domain/speech/speech.service';
import { getOrm } from './services.server';

const globals = globalThis as typeof globalThis & { __ggzSpeech?: Omit<SpeechDeps, 'orm'> };

/** Whether the shell shows the microphone: only with a provider configured. */
export function speechConfigured(): boolean {
  return speechSettingsFrom(env()) !== null;
}

/** One provider and one per-user limiter per process. */
export async function speechDeps(): Promise<SpeechDeps> {
  globals.__ggzSpeech ??= (() => {
    const settings = speechSettingsFrom(env());
    return { provider: settings ? createSpeechProvider(settings) : null, limiter: speechTokenLimiter() };
  })();
  return { orm: await getOrm(), ...globals.__ggzSpeech };
}
