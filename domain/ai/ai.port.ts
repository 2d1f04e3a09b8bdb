import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { Env } from '../config/env';
import type { MikroORM } from '../db/orm';
import { tenantOf, withTenant } from '../db/tenant';
import { AiEvent, type AiOutcome } from './ai-event.entity';
import type { Pseudonymiser } from './pseudonymise';

/**
 * The one door to a language model. Every call goes through here so that each one is
 * pseudonymised, bounded in time, accounted for in `ai_events`, and re-identified on the way back.
 */

export const capabilities = ['intent', 'chat', 'handover', 'gp_letter', 'treatment_plan', 'dossiervraag'] as const;
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
  // A question with the record's answer ready locally: no retry, and no freedom to invent.
  dossiervraag: { timeoutMs: 15_000, maxRetries: 0, maxTokens: 800, temperature: 0 },
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
  /**
   * A fixed text of this code base (a capability's system prompt, with no record data in it): sent
   * as written, without pseudonymising it or putting it through the last gate on every call. Most
   * of a request's text is such a prompt, and it never holds anyone's data (issue 38).
   */
  fixed?: boolean;
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
  /** `geweigerd`: the last gate found a known identifier in the request; nothing was sent. */
  | { outcome: 'timeout' | 'fout' | 'geweigerd'; reason: string; tokensIn: number; tokensOut: number; durationMs: number; model: string };

/** Said to the clinician when a feature answers locally because the gate refused the call. */
export const refusedNotice =
  'Dit verzoek bevatte gegevens die tot de patiënt of een naaste te herleiden zijn en is daarom niet naar het taalmodel gestuurd; het antwoord is lokaal opgesteld.';

/** Thrown by `stream` before anything is sent when the gate refuses; the caller answers locally. */
export class AiRefusedError extends Error {
  override readonly name = 'AiRefusedError';
}

/** A local answer where a model could have answered: recorded like a model call, with model `lokaal`. */
export interface LocalPathRecord {
  capability: Capability;
  prompt: PromptRef;
  context: AiCallContext;
  /** Why the local path: no model configured, nothing to summarise, the model failed earlier ... */
  reason: string;
  /** Counts and ids for the row (never text): what a capability answered with. */
  details?: Record<string, unknown>;
}

export interface StreamRequest {
  capability: Capability;
  prompt: PromptRef;
  messages: Message[];
  context: AiCallContext;
  pseudonymiser: Pseudonymiser;
  signal?: AbortSignal;
  /**
   * Yields the model's text as it came, still pseudonymised: the caller checks it against what it
   * sent and re-identifies only what it keeps (the record's question, ADR 0084).
   */
  pseudonymised?: boolean;
  /** Counts and ids for the call's `ai_events` row (never text), read when the row is written. */
  details?: () => Record<string, unknown>;
}

export interface AiPort {
  /** False when no model is configured: every capability then takes its local path. */
  readonly configured: boolean;
  modelFor(capability: Capability): string;
  complete<T>(request: CompletionRequest<T>): Promise<CompletionResult<T>>;
  /** Yields re-identified text as it arrives; throws on upstream failure or abort, `AiRefusedError` when the gate refuses. */
  stream(request: StreamRequest): AsyncGenerator<string, void, undefined>;
  /** Records that a capability answered on its local path. */
  recordLocal(record: LocalPathRecord): Promise<void>;
}

export interface AiSettings {
  apiKey?: string;
  baseUrl?: string;
  models: Partial<Record<Capability, string>> & { default: string };
  timeouts?: Partial<Record<Capability, number>>;
  /** Days a request as sent is kept in `ai_requests`; 0 keeps none. Default 30. */
  requestRetentionDays?: number;
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
      dossiervraag: env.OPENAI_MODEL_DOSSIERVRAAG,
    },
    timeouts: { intent: env.AI_INTENT_TIMEOUT_MS },
    requestRetentionDays: env.AI_REQUEST_RETENTION_DAYS,
  };
}

interface EventInput {
  capability: Capability;
  prompt: PromptRef;
  model: string;
  outcome: AiOutcome;
  reason?: string | null;
  tokensIn: number;
  tokensOut: number;
  durationMs: number;
  /** The pseudonymised messages exactly as sent; kept for the retention period. */
  sent?: Message[];
  details?: Record<string, unknown> | null;
}

export const localModel = 'lokaal';

/** In its own transaction: a failed use case must not take the record of its model call with it. */
async function recordEvent(orm: MikroORM, retentionDays: number, context: AiCallContext, event: EventInput): Promise<void> {
  try {
    await withTenant(orm, tenantOf(context), async (em) => {
      const row = em.create(AiEvent, {
        organisationId: context.organisationId,
        capability: event.capability,
        model: event.model,
        promptVersion: `${event.prompt.id}@${event.prompt.version}`,
        tokensIn: event.tokensIn,
        tokensOut: event.tokensOut,
        durationMs: Math.round(event.durationMs),
        outcome: event.outcome,
        reason: event.reason ?? null,
        userId: context.userId ?? null,
        patientId: context.patientId ?? null,
        workflowId: context.workflowId ?? null,
        details: event.details ?? null,
      });
      await em.flush();
      // The request as sent, and retention in the same statement: whatever this organisation sent
      // longer ago than the period goes with each new record.
      const keep = retentionDays > 0 && event.sent !== undefined;
      await em.execute(
        `with expired as (delete from ai_requests where organisation_id = ? and created_at < now() - make_interval(days => ?))
         insert into ai_requests (event_id, organisation_id, messages) select ?, ?, ?::jsonb where ?::boolean`,
        [context.organisationId, retentionDays, row.id, context.organisationId, keep ? JSON.stringify(event.sent) : null, keep],
      );
    });
  } catch (error) {
    // Accounting must never break the clinician's action; the class name is enough for operators.
    console.error(`[ai] could not record ai_event: ${error instanceof Error ? error.name : 'unknown error'}`);
  }
}

/** What went wrong, for an operator: never the message text, which could quote the request. */
function failure(error: unknown, timeoutMs: number): { outcome: 'timeout' | 'fout'; reason: string } {
  if (error instanceof APIConnectionTimeoutError) return { outcome: 'timeout', reason: `geen antwoord binnen ${timeoutMs} ms` };
  if (error instanceof APIUserAbortError) return { outcome: 'fout', reason: 'afgebroken: de gebruiker ging weg of stopte' };
  if (error instanceof APIConnectionError) return { outcome: 'fout', reason: 'geen verbinding met het taalmodel' };
  if (error instanceof APIError)
    return { outcome: 'fout', reason: `taalmodel antwoordde HTTP ${error.status ?? '?'}${error.code ? ` (${error.code})` : ''}` };
  return { outcome: 'fout', reason: `antwoord niet te verwerken (${error instanceof Error ? error.name : 'onbekend'})` };
}

/** The last gate: the kinds of known identifier left in the request (`sent`, beside the messages it was made from), or none. */
function refusalReason(messages: Message[], sent: Message[], pseudonymiser: Pseudonymiser): string | null {
  const kinds = [...new Set(sent.flatMap((message, index) => (messages[index]!.fixed ? [] : pseudonymiser.leftovers(message.content))))];
  return kinds.length ? `bekende gegevens in het verzoek na pseudonimisering: ${kinds.join(', ')}` : null;
}

/** Placeholders may arrive split over chunks ("[PATI" + "ENT_1]"): hold back an open bracket. */
function splitReady(buffer: string): [ready: string, pending: string] {
  const open = buffer.lastIndexOf('[');
  if (open >= 0 && !buffer.includes(']', open) && buffer.length - open <= 24) return [buffer.slice(0, open), buffer.slice(open)];
  return [buffer, ''];
}

export function createAiPort({ orm, settings }: { orm: MikroORM; settings: AiSettings }): AiPort {
  const configured = Boolean(settings.apiKey);
  const client = configured
    ? new OpenAI({ apiKey: settings.apiKey, baseURL: settings.baseUrl, maxRetries: 0, fetch: (url, init) => globalThis.fetch(url, init) })
    : null;
  const retentionDays = settings.requestRetentionDays ?? 30;
  const record = (context: AiCallContext, event: EventInput) => recordEvent(orm, retentionDays, context, event);
  const modelFor = (capability: Capability) => settings.models[capability] ?? settings.models.default;
  const settingsFor = (capability: Capability): CapabilitySettings => ({
    ...defaults[capability],
    ...(settings.timeouts?.[capability] ? { timeoutMs: settings.timeouts[capability] } : {}),
  });
  const outgoing = (messages: Message[], pseudonymiser: Pseudonymiser): Message[] =>
    messages.map((message) => ({
      role: message.role,
      content: message.fixed ? message.content : pseudonymiser.pseudonymise(message.content),
    }));
  const refuse = async (
    request: { capability: Capability; prompt: PromptRef; context: AiCallContext; details?: () => Record<string, unknown> },
    reason: string,
  ) => {
    // The request is not kept: it holds what the gate found.
    await record(request.context, {
      capability: request.capability,
      prompt: request.prompt,
      model: localModel,
      outcome: 'geweigerd',
      reason,
      tokensIn: 0,
      tokensOut: 0,
      durationMs: 0,
      details: request.details?.(),
    });
    console.warn(`[ai] ${request.capability}: call refused by the last gate`);
  };

  return {
    configured,
    modelFor,

    async complete<T>(request: CompletionRequest<T>): Promise<CompletionResult<T>> {
      if (!client) throw new Error('no language model is configured; callers check `configured` first');
      const model = modelFor(request.capability);
      const { timeoutMs: configuredTimeout, maxRetries, maxTokens, temperature } = settingsFor(request.capability);
      const timeoutMs = request.timeoutMs ?? configuredTimeout;
      const sent = outgoing(request.messages, request.pseudonymiser);
      const refused = refusalReason(request.messages, sent, request.pseudonymiser);
      if (refused) {
        await refuse(request, refused);
        return { outcome: 'geweigerd', reason: refused, tokensIn: 0, tokensOut: 0, durationMs: 0, model: localModel };
      }
      const started = performance.now();
      try {
        const completion = await client.chat.completions.create(
          {
            model,
            messages: sent,
            max_tokens: maxTokens,
            temperature,
            ...(request.json ? { response_format: { type: 'json_object' as const } } : {}),
          },
          { timeout: timeoutMs, maxRetries, signal: request.signal },
        );
        const text = request.pseudonymiser.reidentify(completion.choices[0]?.message?.content ?? '');
        const { value, malformed } = request.parse(text);
        const usage = { tokensIn: completion.usage?.prompt_tokens ?? 0, tokensOut: completion.usage?.completion_tokens ?? 0 };
        const result = {
          outcome: malformed ? ('malformed' as const) : ('ok' as const),
          value,
          ...usage,
          durationMs: performance.now() - started,
          model,
        };
        await record(request.context, {
          ...result,
          reason: malformed ? 'antwoord moest hersteld worden of was onbruikbaar' : null,
          capability: request.capability,
          prompt: request.prompt,
          sent,
        });
        return result;
      } catch (error) {
        const result = { ...failure(error, timeoutMs), tokensIn: 0, tokensOut: 0, durationMs: performance.now() - started, model };
        await record(request.context, { ...result, capability: request.capability, prompt: request.prompt, sent });
        return result;
      }
    },

    async *stream(request: StreamRequest): AsyncGenerator<string, void, undefined> {
      if (!client) throw new Error('no language model is configured; callers check `configured` first');
      const model = modelFor(request.capability);
      const { timeoutMs, maxTokens, temperature } = settingsFor(request.capability);
      const sent = outgoing(request.messages, request.pseudonymiser);
      const refused = refusalReason(request.messages, sent, request.pseudonymiser);
      if (refused) {
        await refuse(request, refused);
        throw new AiRefusedError(refused);
      }
      const back = (text: string) => (request.pseudonymised ? text : request.pseudonymiser.reidentify(text));
      const started = performance.now();
      const usage = { tokensIn: 0, tokensOut: 0 };
      let ended: { outcome: AiOutcome; reason: string | null } = { outcome: 'ok', reason: null };
      try {
        const stream = await client.chat.completions.create(
          { model, messages: sent, max_tokens: maxTokens, temperature, stream: true, stream_options: { include_usage: true } },
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
          if (ready) yield back(ready);
        }
        if (pending) yield back(pending);
      } catch (error) {
        ended = failure(error, timeoutMs);
        throw error;
      } finally {
        await record(request.context, {
          capability: request.capability,
          prompt: request.prompt,
          model,
          ...ended,
          ...usage,
          durationMs: performance.now() - started,
          sent,
          details: request.details?.(),
        });
      }
    },

    async recordLocal({ capability, prompt, context, reason, details }: LocalPathRecord): Promise<void> {
      await record(context, {
        capability,
        prompt,
        model: localModel,
        outcome: 'ok',
        reason,
        tokensIn: 0,
        tokensOut: 0,
        durationMs: 0,
        details,
      });
    },
  };
}
