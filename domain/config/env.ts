import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { parsePayloadKeys, type PayloadKey } from './payload-keys';

const postgresUrl = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== '' && url.pathname.length > 1;
  } catch {
    return false;
  }
}, 'must be a postgres://user@host:port/database URL');

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const envFields = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  DATABASE_URL: postgresUrl,
  APP_DATABASE_URL: postgresUrl.optional(),
  DATABASE_APP_USER: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/, 'must be a plain PostgreSQL role name')
    .default('ggz_app'),
  DATABASE_APP_PASSWORD: z.string().min(1).optional(),
  TEMPORAL_ADDRESS: z
    .string()
    .regex(/^[^\s:]+:\d+$/, 'must be host:port')
    .default('127.0.0.1:7233'),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  /** Encrypts Temporal payloads and signs the actors workflows act for (ADR 0025): "id:base64,…", first one current. */
  TEMPORAL_PAYLOAD_KEYS: z.string().optional(),
  /** One key instead of the list (base64). */
  TEMPORAL_PAYLOAD_KEY: z.string().optional(),
  /**
   * Where ops open a workflow's full history (`make dev` sets its own UI on 8233). Unset: the
   * beheer page shows no history links, rather than links to a loopback no beheerder can reach.
   */
  TEMPORAL_UI_URL: z
    .url({ protocol: /^https?$/ })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  /** Extra CSP connect-src sources, space-separated (a speech provider's wss:// endpoint). */
  CSP_CONNECT_SRC: z
    .string()
    .regex(/^[^;,'"]*$/, 'must be space-separated sources')
    .optional(),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /**
   * Web processes sharing the port (ADR 0021): one per core the app may use; rate limits stay one
   * count. In production it defaults to the cores the app has (ADR 0043); elsewhere to one.
   */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(32).optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 7)
    .default(12),
  /** A session also ends after this long without the clinician doing anything (a page, a form, an API call). */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(2)
    .max(24 * 60)
    .default(30),
  /** Failed logins allowed per account and per client address in the window (ADR 0017). */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  LOGIN_THROTTLE_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(15),
  DEMO_LOGIN: flag.optional(),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: z.url().optional(),
  /** The default model; each capability may name its own (OPENAI_MODEL_INTENT, …_CHAT, …). */
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  OPENAI_MODEL_INTENT: z.string().min(1).optional(),
  OPENAI_MODEL_CHAT: z.string().min(1).optional(),
  OPENAI_MODEL_HANDOVER: z.string().min(1).optional(),
  OPENAI_MODEL_GP_LETTER: z.string().min(1).optional(),
  OPENAI_MODEL_TREATMENT_PLAN: z.string().min(1).optional(),
  OPENAI_MODEL_DOSSIERVRAAG: z.string().min(1).optional(),
  AI_INTENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /**
   * How long a handover form post without JavaScript waits for the summary before it shows the
   * progress page instead (ADR 0024): long enough for a model's answer, short of a proxy's usual
   * 60-second limit. The test stack shortens it: its stuck model never answers.
   */
  HANDOVER_FORM_WAIT_SECONDS: z.coerce.number().positive().max(55).default(25),
  /** Days the pseudonymised request of each AI call is kept for review (`ai_requests`); 0 keeps none. */
  AI_REQUEST_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  /** The assistant (classification, chains, chat) can be switched off per installation. */
  FEATURE_ASSISTANT: flag.default(true),
  /** Streaming speech recognition for dictation (ADR 0016); unset hides the microphone. */
  SPEECH_PROVIDER: z.enum(['openai', 'deepgram']).optional(),
  /** Overrides the provider's API address (a proxy, a regional endpoint, the test fake). */
  SPEECH_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The recognition model; defaults per provider (deepgram nova-3, openai gpt-4o-transcribe). */
  SPEECH_MODEL: z.string().min(1).optional(),
  DEEPGRAM_API_KEY: z.string().min(1).optional(),
  /**
   * Observability (ADR 0086). METRICS_PORT: the web processes' `/metrics`, on a port of its own
   * (never the app's), on METRICS_HOST (loopback unless set), only with `Bearer METRICS_TOKEN`.
   */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** host:port of the worker's Temporal runtime metrics (Prometheus); unset, the worker serves none. */
  WORKER_METRICS_ADDRESS: z
    .string()
    .regex(/^[^\s:]+:\d+$/, 'must be host:port')
    .optional(),
  /** Traces are exported over OTLP/HTTP only when this is set; the exporter reads the other OTEL_* variables. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** The task queue the app starts its workflows on (default: the product's); a second app and worker pair may use its own. */
  TEMPORAL_TASK_QUEUE: z.string().min(1).optional(),
});

type EnvVariable = keyof typeof envFields.shape;

/**
 * What production refuses to start without beyond the fields that are always required: each is met
 * by the variable or by one of its alternatives. docker-compose.yml is checked against this list.
 */
const productionRequirements = {
  TEMPORAL_PAYLOAD_KEYS: {
    alternatives: ['TEMPORAL_PAYLOAD_KEY'],
    message: 'is required in production (Temporal must never see patient data unencrypted)',
  },
  // The full app connection names its own password.
  DATABASE_APP_PASSWORD: { alternatives: ['APP_DATABASE_URL'], message: 'is required in production' },
} satisfies Partial<Record<EnvVariable, { alternatives: EnvVariable[]; message: string }>>;

/**
 * Every variable production cannot start without, each with the variables that may stand in for it:
 * the schema's fields that have neither a default nor `optional()`, then the production-only ones.
 */
export function requiredInProduction(): { variable: EnvVariable; alternatives: EnvVariable[] }[] {
  const shape = envFields.shape;
  const always = (Object.keys(shape) as EnvVariable[])
    .filter((variable) => !shape[variable].safeParse(undefined).success)
    .map((variable) => ({ variable, alternatives: [] }));
  const productionOnly = (Object.keys(productionRequirements) as (keyof typeof productionRequirements)[]).map((variable) => ({
    variable,
    alternatives: [...productionRequirements[variable].alternatives],
  }));
  return [...always, ...productionOnly];
}

const envSchema = envFields
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    for (const [variable, requirement] of Object.entries(productionRequirements)) {
      const names = [variable, ...requirement.alternatives] as EnvVariable[];
      if (names.every((name) => env[name] === undefined)) ctx.addIssue({ code: 'custom', path: [variable], message: requirement.message });
    }
  })
  .transform((env) => {
    const production = env.NODE_ENV === 'production';
    return {
      ...env,
      production,
      payloadKeys: payloadKeysOrNone(env.TEMPORAL_PAYLOAD_KEYS, env.TEMPORAL_PAYLOAD_KEY),
      DEMO_LOGIN: env.DEMO_LOGIN ?? !production,
      WEB_CONCURRENCY: env.WEB_CONCURRENCY ?? (production ? Math.min(32, availableParallelism()) : 1),
      APP_DATABASE_URL: env.APP_DATABASE_URL ?? appRoleUrl(env.DATABASE_URL, env.DATABASE_APP_USER, env.DATABASE_APP_PASSWORD),
    };
  })
  .superRefine((env, ctx) => {
    if (env.payloadKeys === null) {
      ctx.addIssue({
        code: 'custom',
        path: [env.TEMPORAL_PAYLOAD_KEYS ? 'TEMPORAL_PAYLOAD_KEYS' : 'TEMPORAL_PAYLOAD_KEY'],
        message: 'must be 32-byte keys, base64-encoded, as id:key separated by commas (openssl rand -base64 32)',
      });
    } else if (env.production && env.payloadKeys.length === 0) {
      // Set, so the requirement above was met, but only separators: no key after all.
      ctx.addIssue({ code: 'custom', path: ['TEMPORAL_PAYLOAD_KEYS'], message: productionRequirements.TEMPORAL_PAYLOAD_KEYS.message });
    }
    if (env.METRICS_PORT !== undefined && !env.METRICS_TOKEN) {
      ctx.addIssue({ code: 'custom', path: ['METRICS_TOKEN'], message: 'is required when METRICS_PORT is set' });
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'must differ from PORT (metrics are never on the public port)' });
    }
    const speechKey = { openai: 'OPENAI_API_KEY', deepgram: 'DEEPGRAM_API_KEY' } as const;
    if (env.SPEECH_PROVIDER && !env[speechKey[env.SPEECH_PROVIDER]]) {
      ctx.addIssue({
        code: 'custom',
        path: [speechKey[env.SPEECH_PROVIDER]],
        message: `is required when SPEECH_PROVIDER is ${env.SPEECH_PROVIDER}`,
      });
    }
  })
  // Malformed keys were refused above; what is left is a list.
  .transform((env) => ({ ...env, payloadKeys: env.payloadKeys ?? [] }));

export type Env = z.output<typeof envSchema>;

/** The configured keys, [] when none, null when they are malformed (reported by the schema). */
function payloadKeysOrNone(keys: string | undefined, key: string | undefined): PayloadKey[] | null {
  try {
    return parsePayloadKeys(keys, key);
  } catch {
    return null;
  }
}

/** The application connects as a role that owns no tables, so row-level security always applies. */
function appRoleUrl(ownerUrl: string, user: string, password: string | undefined): string {
  const url = new URL(ownerUrl);
  url.username = user;
  url.password = password ?? 'ggz_app_dev';
  return url.toString();
}

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Parses the environment; a bad variable is named in one line so the process can exit clearly. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const result = envSchema.safeParse(cleaned, { error: englishMessage });
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.') || 'environment'} ${issue.message}`);
    throw new EnvError(`Invalid environment: ${problems.join('; ')}`);
  }
  return result.data;
}

/** Operators read these lines in logs, so they stay English whatever locale the app sets for zod. */
function englishMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'is required' : `must be a ${issue.expected}`;
    case 'invalid_value':
      return `must be one of ${issue.values.join(', ')}`;
    case 'invalid_format':
      return `must be a valid ${issue.format}`;
    case 'too_small':
    case 'too_big':
      return 'is out of range';
    default:
      return 'is invalid';
  }
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv();
  return cached;
}

/** Entry points call this first: a bad environment ends the process with one clear line. */
export function loadEnvOrExit(): Env {
  try {
    return env();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
