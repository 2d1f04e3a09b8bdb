import OpenAI, { APIConnectionTimeoutError, APIUserAbortError } from 'openai';
import type { Env } from '../config/env';
import type { MikroORM } from '../db/orm';
import { withTenant } from '../db/tenant';
import { AiEvent, type AiOutcome } from './ai-event.entity';
import type { Pseudonymiser } from './pseudonymise';

/**
 * The one door to a language model. Every call goes through here so that each one is
 * pseudonymised, bounded in time, accounted for in `ai_events`, and re-identified on the way back.
 */

export const capabilities = ['intent', 'chat', 'handover', 'gp_letter', 'treatment_plan'] as const;
export type Capability = (typeof capabilities)[number];

interface CapabilitySettings {
  timeoutMs: number;
  /** Retries only where a repeat is harmless and the budget allows it. */
  maxRetries: number;
  maxTokens: number;
  temperature: number;
}

const defaults: Record<Capability, CapabilitySettings> = {
  // Classification has a local answer ready; waiting for a retry would cost more than it brings.
  intent: { timeoutMs: 5000, maxRetries: 0, maxTokens: 600, temperature: 0 },
  // A retried stream would repeat text the clinician has already seen.
  chat: { timeoutMs: 30_000, maxRetries: 0, maxTokens: 2048, temperature: 0.7 },
  // Generations that write nothing themselves: a retry is safe (their workflows retry too).
  handover: { timeoutMs: 45_000, maxRetries: 2, maxTokens: 1500, temperature: 0.2 },
  gp_letter: { timeoutMs: 45_000, maxRetries: 2, maxTokens: 1500, temperature: 0.3 },
  treatment_plan: { timeoutMs: 7500, maxRetries: 1, maxTokens: 2500, temperature: 0.2 },
};

/** A prompt is a versioned file; its id and version are recorded with every call. */
export interface PromptRef {
  id: string;
  version: string;
}

export interface AiCallContext {
  organisationId: string;
  userId?: string | null;
  patientId?: string | null;
  workflowId?: string | null;
}

export interface Message {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface CompletionRequest<T> {
  capability: Capability;
  prompt: PromptRef;
  messages: Message[];
  context: AiCallContext;
  pseudonymiser: Pseudonymiser;
  /** Turns the (re-identified) answer into a value; `malformed` when it had to be repaired. */
  parse: (text: string) => { value: T; malformed: boolean };
  json?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export type CompletionResult<T> =
  | { outcome: 'ok' | 'malformed'; value: T; tokensIn: number; tokensOut: number; durationMs: number; model: string }
  | { outcome: 'timeout' | 'error'; tokensIn: number; tokensOut: number; durationMs: number; model: string };

export interface StreamRequest {
  capability: Capability;
  prompt: PromptRef;
  messages: Message[];
  context: AiCallContext;
  pseudonymiser: Pseudonymiser;
  signal?: AbortSignal;
}

export interface AiPort {
  /** False when no model is configured: every capability then takes its local path. */
  readonly configured: boolean;
  modelFor(capability: Capability): string;
  complete<T>(request: CompletionRequest<T>): Promise<CompletionResult<T>>;
  /** Yields re-identified text as it arrives; throws on upstream failure or abort. */
  stream(request: StreamRequest): AsyncGenerator<string, void, undefined>;
}

export interface AiSettings {
  apiKey?: string;
  baseUrl?: string;
  models: Partial<Record<Capability, string>> & { default: string };
  timeouts?: Partial<Record<Capability, number>>;
}

export function aiSettingsFrom(env: Env): AiSettings {
  return {
    apiKey: env.OPENAI_API_KEY,
    baseUrl: env.OPENAI_BASE_URL,
    models: {
      default: env.OPENAI_MODEL,
      intent: env.OPENAI_MODEL_INTENT,
      chat: env.OPENAI_MODEL_CHAT,
      handover: env.OPENAI_MODEL_HANDOVER,
      gp_letter: env.OPENAI_MODEL_GP_LETTER,
      treatment_plan: env.OPENAI_MODEL_TREATMENT_PLAN,
    },
    timeouts: { intent: env.AI_INTENT_TIMEOUT_MS },
  };
}

interface EventInput {
  capability: Capability;
  prompt: PromptRef;
  model: string;
  outcome: AiOutcome;
  tokensIn: number;
  tokensOut: number;
  durationMs: number;
  details?: Record<string, unknown>;
}

/** In its own transaction: a failed use case must not take the record of its model call with it. */
async function recordEvent(orm: MikroORM, context: AiCallContext, event: EventInput): Promise<void> {
  try {
    await withTenant(orm, { organisationId: context.organisationId, userId: context.userId ?? undefined }, async (em) => {
      em.create(AiEvent, {
        organisationId: context.organisationId,
        capability: event.capability,
        model: event.model,
        promptVersion: `${event.prompt.id}@${event.prompt.version}`,
        tokensIn: event.tokensIn,
        tokensOut: event.tokensOut,
        durationMs: Math.round(event.durationMs),
        outcome: event.outcome,
        userId: context.userId ?? null,
        patientId: context.patientId ?? null,
        workflowId: context.workflowId ?? null,
        details: event.details ?? null,
      });
    });
  } catch (error) {
    // Accounting must never break the clinician's action; the class name is enough for operators.
    console.error(`[ai] could not record ai_event: ${error instanceof Error ? error.name : 'unknown error'}`);
  }
}

function failureOutcome(error: unknown): 'timeout' | 'error' {
  return error instanceof APIConnectionTimeoutError ? 'timeout' : 'error';
}

/** Placeholders may arrive split over chunks ("[PATI" + "ENT_1]"): hold back an open bracket. */
function splitReady(buffer: string): [ready: string, pending: string] {
  const open = buffer.lastIndexOf('[');
  if (open >= 0 && !buffer.includes(']', open) && buffer.length - open <= 24) return [buffer.slice(0, open), buffer.slice(open)];
  return [buffer, ''];
}

export function createAiPort({ orm, settings }: { orm: MikroORM; settings: AiSettings }): AiPort {
  const configured = Boolean(settings.apiKey);
  const client = configured ? new OpenAI({ apiKey: settings.apiKey, baseURL: settings.baseUrl, maxRetries: 0, fetch: (url, init) => globalThis.fetch(url, init) }) : null;
  const modelFor = (capability: Capability) => settings.models[capability] ?? settings.models.default;
  const settingsFor = (capability: Capability): CapabilitySettings => ({
    ...defaults[capability],
    ...(settings.timeouts?.[capability] ? { timeoutMs: settings.timeouts[capability] } : {}),
  });
  const outgoing = (messages: Message[], pseudonymiser: Pseudonymiser) => messages.map((message) => ({ role: message.role, content: pseudonymiser.pseudonymise(message.content) }));

  return {
    configured,
    modelFor,

    async complete<T>(request: CompletionRequest<T>): Promise<CompletionResult<T>> {
      if (!client) throw new Error('no language model is configured; callers check `configured` first');
      const model = modelFor(request.capability);
      const { timeoutMs, maxRetries, maxTokens, temperature } = settingsFor(request.capability);
      const started = performance.now();
      try {
        const completion = await client.chat.completions.create(
          {
            model,
            messages: outgoing(request.messages, request.pseudonymiser),
            max_tokens: maxTokens,
            temperature,
            ...(request.json ? { response_format: { type: 'json_object' as const } } : {}),
          },
          { timeout: request.timeoutMs ?? timeoutMs, maxRetries, signal: request.signal },
        );
        const text = request.pseudonymiser.reidentify(completion.choices[0]?.message?.content ?? '');
        const { value, malformed } = request.parse(text);
        const usage = { tokensIn: completion.usage?.prompt_tokens ?? 0, tokensOut: completion.usage?.completion_tokens ?? 0 };
        const result = { outcome: malformed ? ('malformed' as const) : ('ok' as const), value, ...usage, durationMs: performance.now() - started, model };
        await recordEvent(orm, request.context, { ...result, capability: request.capability, prompt: request.prompt });
        return result;
      } catch (error) {
        const result = { outcome: failureOutcome(error), tokensIn: 0, tokensOut: 0, durationMs: performance.now() - started, model };
        await recordEvent(orm, request.context, { ...result, capability: request.capability, prompt: request.prompt, details: { error: error instanceof Error ? error.name : 'unknown' } });
        return result;
      }
    },

    async *stream(request: StreamRequest): AsyncGenerator<string, void, undefined> {
      if (!client) throw new Error('no language model is configured; callers check `configured` first');
      const model = modelFor(request.capability);
      const { timeoutMs, maxTokens, temperature } = settingsFor(request.capability);
      const started = performance.now();
      const usage = { tokensIn: 0, tokensOut: 0 };
      let outcome: AiOutcome = 'ok';
      let errorName: string | undefined;
      try {
        const stream = await client.chat.completions.create(
          { model, messages: outgoing(request.messages, request.pseudonymiser), max_tokens: maxTokens, temperature, stream: true, stream_options: { include_usage: true } },
          { timeout: timeoutMs, maxRetries: 0, signal: request.signal },
        );
        let pending = '';
        for await (const chunk of stream) {
          if (chunk.usage) {
            usage.tokensIn = chunk.usage.prompt_tokens;
            usage.tokensOut = chunk.usage.completion_tokens;
          }
          pending += chunk.choices[0]?.delta?.content ?? '';
          const [ready, rest] = splitReady(pending);
          pending = rest;
          if (ready) yield request.pseudonymiser.reidentify(ready);
        }
        if (pending) yield request.pseudonymiser.reidentify(pending);
      } catch (error) {
        outcome = error instanceof APIUserAbortError ? 'error' : failureOutcome(error);
        errorName = error instanceof APIUserAbortError ? 'aborted' : error instanceof Error ? error.name : 'unknown';
        throw error;
      } finally {
        await recordEvent(orm, request.context, {
          capability: request.capability,
          prompt: request.prompt,
          model,
          outcome,
          ...usage,
          durationMs: performance.now() - started,
          ...(errorName ? { details: { error: errorName } } : {}),
        });
      }
    },
  };
}
