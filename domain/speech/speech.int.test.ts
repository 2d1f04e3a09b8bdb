import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { asOwner, createOrganisation, createUser } from '../../tests/support/factories';
import type { AuditActor } from '../audit/audit.service';
import { parseEnv } from '../config/env';
import { type MikroORM } from '../db/orm';
import { createSpeechProvider, speechSettingsFrom, type SpeechSettings } from './speech.port';
import { memoryWindows } from '../shared/rate-limit';
import { speechTokenSchema } from './speech.schemas';
import { issueSpeechToken, speechTokenLimiter, type SpeechDeps } from './speech.service';
import { appOrm } from '../../tests/support/app-orm';

// The providers' real addresses: msw answers for them, nothing leaves the machine.
const deepgramKey = 'dg-secret-0f3a9c51e7';
const openaiKey = 'sk-secret-77b2d04e19';
const upstream = { deepgram: 'ok' as 'ok' | 'down' | 'garbage', openai: 'ok' as 'ok' | 'down' | 'garbage' };
const received: { url: string; authorization: string | null; body: unknown }[] = [];

const server = setupServer(
  http.post('https://api.deepgram.com/v1/auth/grant', async ({ request }) => {
    received.push({ url: request.url, authorization: request.headers.get('authorization'), body: await request.json() });
    if (request.headers.get('authorization') !== `Token ${deepgramKey}`)
      return HttpResponse.json({ err_code: 'INVALID_AUTH' }, { status: 401 });
    if (upstream.deepgram === 'down')
      return HttpResponse.json({ err_code: 'INTERNAL', err_msg: `key ${deepgramKey} overloaded` }, { status: 503 });
    if (upstream.deepgram === 'garbage') return HttpResponse.text('<html>gateway</html>');
    return HttpResponse.json({ access_token: 'eyJ.deepgram.jwt', expires_in: 60 });
  }),
  http.post('https://api.openai.com/v1/realtime/client_secrets', async ({ request }) => {
    received.push({ url: request.url, authorization: request.headers.get('authorization'), body: await request.json() });
    if (request.headers.get('authorization') !== `Bearer ${openaiKey}`)
      return HttpResponse.json({ error: { message: 'bad key' } }, { status: 401 });
    if (upstream.openai === 'down') return HttpResponse.error();
    if (upstream.openai === 'garbage') return HttpResponse.json({ session: {} });
    return HttpResponse.json({
      value: 'ek_openai_client_secret',
      expires_at: Math.floor(Date.now() / 1000) + 60,
      session: { type: 'transcription' },
    });
  }),
);

const settings: Record<'deepgram' | 'openai', SpeechSettings> = {
  deepgram: speechSettingsFrom(
    parseEnv({ DATABASE_URL: 'postgres://x@localhost/y', SPEECH_PROVIDER: 'deepgram', DEEPGRAM_API_KEY: deepgramKey }),
  )!,
  openai: speechSettingsFrom(parseEnv({ DATABASE_URL: 'postgres://x@localhost/y', SPEECH_PROVIDER: 'openai', OPENAI_API_KEY: openaiKey }))!,
};

let orm: MikroORM;
let organisationId: string;

async function newActor(): Promise<AuditActor> {
  const user = await createUser(organisationId);
  return { organisationId, userId: user.id, role: user.role, channel: 'assistant' };
}

function deps(provider: 'deepgram' | 'openai'): SpeechDeps {
  return { orm, provider: createSpeechProvider(settings[provider]), limiter: speechTokenLimiter(memoryWindows()) };
}

async function auditRows(userId: string) {
  return asOwner(
    organisationId,
    async (client) =>
      (
        await client.query<{ outcome: string; resource_type: string; details: unknown }>(
          'select outcome, resource_type, details from audit_events where user_id = $1 order by occurred_at',
          [userId],
        )
      ).rows,
  );
}

/** Everything the process wrote to the console during a call. */
function captureConsole() {
  const lines: string[] = [];
  const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' '))),
  );
  return { lines, restore: () => spies.forEach((spy) => spy.mockRestore()) };
}

beforeAll(async () => {
  server.listen({ onUnhandledFrame: 'error' });
  orm = await appOrm();
  organisationId = (await createOrganisation()).id;
});

afterEach(() => {
  upstream.deepgram = 'ok';
  upstream.openai = 'ok';
  received.length = 0;
});

afterAll(async () => {
  server.close();
  await orm?.close(true);
});

describe.each(['deepgram', 'openai'] as const)('speech token from %s', (provider) => {
  const secret = provider === 'deepgram' ? deepgramKey : openaiKey;

  it('issues a short-lived Dutch token for the browser, audited without the token, and the key never leaves', async () => {
    const actor = await newActor();
    const console = captureConsole();
    const token = await issueSpeechToken(deps(provider), actor).finally(console.restore);

    expect(speechTokenSchema.parse(token)).toEqual(token);
    expect(token.provider).toBe(provider);
    const expiresIn = Date.parse(token.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(30_000);
    expect(expiresIn).toBeLessThanOrEqual(61_000);
    if (provider === 'deepgram') {
      expect(token.token).toBe('eyJ.deepgram.jwt');
      const url = new URL(token.url);
      expect(`${url.protocol}//${url.host}${url.pathname}`).toBe('wss://api.deepgram.com/v1/listen');
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        language: 'nl',
        encoding: 'linear16',
        sample_rate: '16000',
        channels: '1',
        interim_results: 'true',
        model: 'nova-3',
      });
      expect(received[0]).toMatchObject({ authorization: `Token ${deepgramKey}`, body: { ttl_seconds: 60 } });
    } else {
      expect(token.token).toBe('ek_openai_client_secret');
      expect(token.url).toBe('wss://api.openai.com/v1/realtime?intent=transcription');
      expect(received[0]).toMatchObject({
        authorization: `Bearer ${openaiKey}`,
        body: {
          expires_after: { anchor: 'created_at', seconds: 60 },
          session: {
            type: 'transcription',
            audio: { input: { format: { type: 'audio/pcm', rate: 24000 }, transcription: { model: 'gpt-4o-transcribe', language: 'nl' } } },
          },
        },
      });
    }

    expect(JSON.stringify(token)).not.toContain(secret);
    expect(console.lines.join('\n')).not.toContain(secret);
    const rows = await auditRows(actor.userId);
    expect(rows).toEqual([{ outcome: 'success', resource_type: 'SpeechToken', details: { provider, expiresAt: token.expiresAt } }]);
    expect(JSON.stringify(rows)).not.toContain(token.token);
  });

  it.each(['down', 'garbage'] as const)('answers a provider that is %s with the Dutch 502, logged without the key', async (state) => {
    upstream[provider] = state;
    const actor = await newActor();
    const console = captureConsole();
    const failure = await issueSpeechToken(deps(provider), actor).then(
      () => null,
      (error: unknown) => error,
    );
    console.restore();

    expect(failure).toMatchObject({
      code: 'upstream_failed',
      status: 502,
      message: 'De spraakdienst is nu niet bereikbaar. Probeer het over een moment opnieuw.',
    });
    expect(console.lines.join('\n')).toMatch(new RegExp(`\\[speech\\] ${provider} token request failed`));
    expect(console.lines.join('\n')).not.toContain(secret);
    expect(JSON.stringify(failure)).not.toContain(secret);
    expect(await auditRows(actor.userId)).toEqual([
      { outcome: 'failure', resource_type: 'SpeechToken', details: { provider, reason: 'upstream_failed' } },
    ]);
  });

  it('allows ten tokens a minute per clinician, then a Dutch 429 with the seconds to wait', async () => {
    const shared = deps(provider);
    const actor = await newActor();
    for (let index = 0; index < 10; index++) await issueSpeechToken(shared, actor);
    const refused = await issueSpeechToken(shared, actor).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'rate_limited', status: 429, details: { retryAfter: expect.any(Number) } });
    expect((refused as Error).message).toMatch(/^Te veel spraakopnames achter elkaar\. Probeer het over \d+ seconden opnieuw\.$/);
    expect(received).toHaveLength(10);
    // Another clinician still gets one.
    await expect(issueSpeechToken(shared, await newActor())).resolves.toMatchObject({ provider });
  });
});

describe('speech not configured', () => {
  it('says so in Dutch and asks no provider', async () => {
    const failure = await issueSpeechToken({ orm, provider: null, limiter: speechTokenLimiter(memoryWindows()) }, await newActor()).catch(
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ code: 'feature_disabled', status: 404, message: 'Spraakinvoer is in deze omgeving niet ingesteld.' });
    expect(received).toHaveLength(0);
  });
});
