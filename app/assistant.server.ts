import { aiSettingsFrom, createAiPort, type AiPort } from '../domain/ai/ai.port';
import { env } from '../domain/config/env';
import { AppError } from '../domain/shared/errors';
import { SlidingWindowLimiter } from '../domain/shared/rate-limit';
import { getOrm } from './services.server';

const globals = globalThis as typeof globalThis & { __ggzAi?: Promise<AiPort> };

/** One AI port per process, sharing the app's ORM for its `ai_events` records. */
export function getAiPort(): Promise<AiPort> {
  globals.__ggzAi ??= getOrm().then((orm) => createAiPort({ orm, settings: aiSettingsFrom(env()) }));
  return globals.__ggzAi;
}

/** Checked after the session and before validation, as the contract orders it. */
export function requireAssistantEnabled(): void {
  if (!env().FEATURE_ASSISTANT) throw new AppError('feature_disabled', 'De assistent is in deze omgeving uitgeschakeld.');
}

export async function classifyDeps() {
  return { orm: await getOrm(), ai: await getAiPort() };
}

/** 20 chat messages a minute per clinician (CONTRACT §7): streamed (JSON) or posted as a form (no JavaScript) alike. */
export const chatLimiter = new SlidingWindowLimiter(
  'chat',
  20,
  60_000,
  (seconds) => `Je stuurt te veel berichten. Probeer het over ${seconds} seconden opnieuw.`,
);
