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

/**
 * 10 questions about the record a minute per clinician, counted only where a model answers them
 * (ADR 0088): the record's own answer is a database read and stays unlimited. Every door of the
 * question (the API, the record's box, the assistant page) takes it before the question is read.
 */
export const questionLimiter = new SlidingWindowLimiter(
  'dossiervraag',
  10,
  60_000,
  (seconds) => `Je stelt te veel vragen aan het dossier. Probeer het over ${seconds} seconden opnieuw.`,
);

export async function limitQuestion(userId: string, deps: { ai: AiPort }): Promise<void> {
  if (deps.ai.configured) await questionLimiter.take(userId);
}
