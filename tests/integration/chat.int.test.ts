import { beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, type SignedIn } from '../support/factories';
import { json, request } from '../support/http';

let nurse: SignedIn;

function events(text: string): { type: string; text?: string }[] {
  return text
    .split('\n\n')
    .filter(Boolean)
    .map((frame) => JSON.parse(frame.replace(/^data: /, '')) as { type: string; text?: string });
}

beforeAll(async () => {
  nurse = await signedInUser();
});

describe('POST /api/assistant/chat', () => {
  it('needs a session', async () => {
    const response = await json('/api/assistant/chat', { method: 'POST', body: { message: 'hallo' } });
    expect(response.status).toBe(401);
  });

  it('validates before it streams', async () => {
    const response = await json('/api/assistant/chat', {
      method: 'POST',
      cookie: nurse.cookie,
      body: { message: ' ', messages: 'geen lijst' },
    });
    expect(response.status).toBe(400);
    const body = JSON.stringify(await response.json());
    expect(body).toContain('Typ een bericht.');
    expect(body).toContain('Geef de eerdere berichten als lijst.');
    expect((await request('/api/assistant/chat', { cookie: nurse.cookie })).status).toBe(405);
  });

  it('streams the local reply as server-sent events, done last', async () => {
    const response = await json('/api/assistant/chat', {
      method: 'POST',
      cookie: nurse.cookie,
      body: { message: 'plan een afspraak met Jan de Vries', messages: [] },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('content-encoding')).toBeNull();
    const received = events(await response.text());
    expect(received.at(-1)).toEqual({ type: 'done' });
    expect(received.filter((event) => event.type === 'content').length).toBeGreaterThan(1);
    expect(received.map((event) => event.text ?? '').join('')).toBe('Wanneer moet de afspraak met Jan de Vries plaatsvinden?');
  });

  it('allows 20 requests a minute per user; the 21st gets a Dutch 429 with Retry-After', async () => {
    const clinician = await signedInUser();
    for (let index = 0; index < 20; index++) {
      const response = await json('/api/assistant/chat', { method: 'POST', cookie: clinician.cookie, body: { message: 'open de agenda' } });
      expect(response.status).toBe(200);
      await response.text();
    }
    const refused = await json('/api/assistant/chat', { method: 'POST', cookie: clinician.cookie, body: { message: 'open de agenda' } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/te veel berichten/);
    // Another clinician is not affected.
    expect((await json('/api/assistant/chat', { method: 'POST', cookie: nurse.cookie, body: { message: 'open de agenda' } })).status).toBe(
      200,
    );
  });
});
