import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { speechTokenSchema } from '../../domain/speech/speech.schemas';
import { asOwner, signedInUser } from '../support/factories';
import { json, request } from '../support/http';

// The stack's app asks the loopback Deepgram stand-in (tests/support/fake-speech-provider.ts).
const fake = (path: string, init?: RequestInit) => fetch(`${inject('speechProviderUrl')}${path}`, init);
const setGrant = (grant: 'ok' | 'fail') => fake('/__control', { method: 'POST', body: JSON.stringify({ grant }) });

afterEach(async () => {
  await setGrant('ok');
});

describe('POST /api/speech/token', () => {
  it('needs a session and POST', async () => {
    const response = await json('/api/speech/token', { method: 'POST' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { code: 'unauthorized', message: 'Sessie verlopen, log opnieuw in.' } });
    const nurse = await signedInUser();
    expect((await request('/api/speech/token', { cookie: nurse.cookie })).status).toBe(405);
  });

  it('returns a short-lived token from the provider for a Dutch stream, and audits it without the token', async () => {
    const nurse = await signedInUser();
    const response = await json('/api/speech/token', { method: 'POST', cookie: nurse.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const token = speechTokenSchema.parse(await response.json());
    expect(token.provider).toBe('deepgram');
    const url = new URL(token.url);
    expect(`${url.protocol}//${url.host}`).toBe(inject('speechProviderUrl').replace('http:', 'ws:'));
    expect(url.searchParams.get('language')).toBe('nl');
    expect(Date.parse(token.expiresAt)).toBeGreaterThan(Date.now());
    expect(JSON.stringify(token)).not.toContain(inject('speechProviderKey'));

    const rows = await asOwner(
      nurse.organisationId,
      async (client) =>
        (
          await client.query<{ action: string; outcome: string; channel: string; details: unknown }>(
            "select action, outcome, channel, details from audit_events where user_id = $1 and resource_type = 'SpeechToken'",
            [nurse.user.id],
          )
        ).rows,
    );
    expect(rows).toEqual([
      { action: 'create', outcome: 'success', channel: 'assistant', details: { provider: 'deepgram', expiresAt: token.expiresAt } },
    ]);
  });

  it('answers a failing provider with a Dutch 502', async () => {
    const nurse = await signedInUser();
    await setGrant('fail');
    const response = await json('/api/speech/token', { method: 'POST', cookie: nurse.cookie });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({
      error: { code: 'upstream_failed', message: 'De spraakdienst is nu niet bereikbaar. Probeer het over een moment opnieuw.' },
    });
  });

  it('allows ten tokens a minute per clinician, then a Dutch 429 with Retry-After', async () => {
    const nurse = await signedInUser();
    for (let index = 0; index < 10; index++)
      expect((await json('/api/speech/token', { method: 'POST', cookie: nurse.cookie })).status).toBe(200);
    const refused = await json('/api/speech/token', { method: 'POST', cookie: nurse.cookie });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/^Te veel spraakopnames achter elkaar/);
  });

  it('never writes the provider key or a token to the app log', async () => {
    const nurse = await signedInUser();
    const { token } = (await (await json('/api/speech/token', { method: 'POST', cookie: nurse.cookie })).json()) as { token: string };
    await setGrant('fail');
    await json('/api/speech/token', { method: 'POST', cookie: nurse.cookie });
    const log = await readFile(path.resolve('.cache/test-logs/web.log'), 'utf8');
    expect(log).toContain('[speech] deepgram token request failed: HTTP 503');
    expect(log).not.toContain(inject('speechProviderKey'));
    expect(log).not.toContain(token);
  });
});
