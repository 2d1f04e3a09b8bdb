import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';
import { newPayloadKey } from './payload-keys';

const base = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/ggz_epd' };

describe('environment', () => {
  it('fills in development defaults and derives the app-role connection', () => {
    const env = parseEnv(base);
    expect(env).toMatchObject({ PORT: 3000, TEMPORAL_ADDRESS: '127.0.0.1:7233', DEMO_LOGIN: true, production: false });
    expect(env.APP_DATABASE_URL).toBe('postgres://ggz_app:ggz_app_dev@127.0.0.1:5432/ggz_epd');
  });

  it('has the assistant on and a default model, with per-capability overrides and a classification timeout', () => {
    expect(parseEnv(base)).toMatchObject({ FEATURE_ASSISTANT: true, OPENAI_MODEL: 'gpt-4o-mini', AI_INTENT_TIMEOUT_MS: 5000 });
    expect(parseEnv({ ...base, FEATURE_ASSISTANT: 'false', OPENAI_MODEL_INTENT: 'small', AI_INTENT_TIMEOUT_MS: '2500' })).toMatchObject({
      FEATURE_ASSISTANT: false,
      OPENAI_MODEL_INTENT: 'small',
      AI_INTENT_TIMEOUT_MS: 2500,
    });
  });

  it("lets a handover form post wait 25 s for the summary unless told, never past a proxy's 60 s", () => {
    expect(parseEnv(base).HANDOVER_FORM_WAIT_SECONDS).toBe(25);
    expect(parseEnv({ ...base, HANDOVER_FORM_WAIT_SECONDS: '8' }).HANDOVER_FORM_WAIT_SECONDS).toBe(8);
    expect(() => parseEnv({ ...base, HANDOVER_FORM_WAIT_SECONDS: '60' })).toThrow(/HANDOVER_FORM_WAIT_SECONDS/);
  });

  it('runs one web process per core the app has in production, one elsewhere, unless told (ADR 0043)', () => {
    const production = { ...base, NODE_ENV: 'production', TEMPORAL_PAYLOAD_KEY: newPayloadKey(), DATABASE_APP_PASSWORD: 'x' };
    expect(parseEnv(production).WEB_CONCURRENCY).toBe(Math.min(32, availableParallelism()));
    expect(parseEnv({ ...production, WEB_CONCURRENCY: '1' }).WEB_CONCURRENCY).toBe(1);
    expect(parseEnv(base).WEB_CONCURRENCY).toBe(1);
  });

  it('links no Temporal UI unless told where it is, and the one told without a trailing slash', () => {
    expect(parseEnv(base).TEMPORAL_UI_URL).toBeUndefined();
    expect(parseEnv({ ...base, TEMPORAL_UI_URL: 'https://temporal.ggz.example/' }).TEMPORAL_UI_URL).toBe('https://temporal.ggz.example');
    expect(() => parseEnv({ ...base, TEMPORAL_UI_URL: 'javascript:alert(1)' })).toThrow('TEMPORAL_UI_URL must be a valid url');
  });

  it('configures speech input only with a provider and its key', () => {
    expect(parseEnv(base).SPEECH_PROVIDER).toBeUndefined();
    expect(parseEnv({ ...base, SPEECH_PROVIDER: 'deepgram', DEEPGRAM_API_KEY: 'dg-key' })).toMatchObject({ SPEECH_PROVIDER: 'deepgram' });
    expect(() => parseEnv({ ...base, SPEECH_PROVIDER: 'deepgram' })).toThrow(
      'DEEPGRAM_API_KEY is required when SPEECH_PROVIDER is deepgram',
    );
    expect(() => parseEnv({ ...base, SPEECH_PROVIDER: 'openai' })).toThrow('OPENAI_API_KEY is required when SPEECH_PROVIDER is openai');
    expect(() => parseEnv({ ...base, SPEECH_PROVIDER: 'whisper' })).toThrow('SPEECH_PROVIDER must be one of openai, deepgram');
  });

  it('serves metrics only on a port of their own with a token, on loopback unless told (ADR 0086)', () => {
    expect(parseEnv(base).METRICS_PORT).toBeUndefined();
    expect(parseEnv(base).METRICS_HOST).toBe('127.0.0.1');
    const token = 'een-lang-genoeg-token';
    expect(parseEnv({ ...base, METRICS_PORT: '9464', METRICS_TOKEN: token })).toMatchObject({ METRICS_PORT: 9464, METRICS_TOKEN: token });
    expect(() => parseEnv({ ...base, METRICS_PORT: '9464' })).toThrow('METRICS_TOKEN is required when METRICS_PORT is set');
    expect(() => parseEnv({ ...base, METRICS_PORT: '9464', METRICS_TOKEN: 'kort' })).toThrow(
      'METRICS_TOKEN must be at least 16 characters',
    );
    expect(() => parseEnv({ ...base, PORT: '3000', METRICS_PORT: '3000', METRICS_TOKEN: token })).toThrow(
      'METRICS_PORT must differ from PORT',
    );
    expect(() => parseEnv({ ...base, WORKER_METRICS_ADDRESS: '9465' })).toThrow('WORKER_METRICS_ADDRESS must be host:port');
  });

  it('keeps an explicit app connection', () => {
    expect(parseEnv({ ...base, APP_DATABASE_URL: 'postgres://app:pw@db:5432/epd' }).APP_DATABASE_URL).toBe('postgres://app:pw@db:5432/epd');
  });

  it('requires an app-role password in production and turns the demo login off there', () => {
    expect(() => parseEnv({ ...base, NODE_ENV: 'production' })).toThrow('DATABASE_APP_PASSWORD is required in production');
    expect(
      parseEnv({ ...base, NODE_ENV: 'production', DATABASE_APP_PASSWORD: 's3cret', TEMPORAL_PAYLOAD_KEYS: newPayloadKey() }).DEMO_LOGIN,
    ).toBe(false);
  });

  it('refuses to start in production without a Temporal payload key, and refuses malformed keys anywhere', () => {
    const production = { ...base, NODE_ENV: 'production', DATABASE_APP_PASSWORD: 's3cret' };
    expect(() => parseEnv(production)).toThrow('TEMPORAL_PAYLOAD_KEYS is required in production');
    expect(() => parseEnv({ ...production, TEMPORAL_PAYLOAD_KEYS: ' , ' })).toThrow('TEMPORAL_PAYLOAD_KEYS is required in production');
    expect(() => parseEnv({ ...production, APP_DATABASE_URL: 'postgres://app:pw@db:5432/epd' })).not.toThrow(/DATABASE_APP_PASSWORD/);
    const key = newPayloadKey();
    expect(parseEnv({ ...production, TEMPORAL_PAYLOAD_KEYS: key }).payloadKeys.map((entry) => entry.id)).toEqual([key.split(':')[0]]);
    expect(parseEnv({ ...production, TEMPORAL_PAYLOAD_KEY: Buffer.alloc(32, 9).toString('base64') }).payloadKeys).toHaveLength(1);
    expect(parseEnv(base).payloadKeys).toEqual([]);
    expect(() => parseEnv({ ...base, TEMPORAL_PAYLOAD_KEYS: 'k1:te-kort' })).toThrow('TEMPORAL_PAYLOAD_KEYS must be 32-byte keys');
  });

  it('names a malformed variable in one English line for operators', () => {
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x/y' })).toThrow(
      'Invalid environment: DATABASE_URL must be a postgres://user@host:port/database URL',
    );
    expect(() => parseEnv({ ...base, OPENAI_BASE_URL: 'geen url' })).toThrow('OPENAI_BASE_URL must be a valid url');
  });
});
