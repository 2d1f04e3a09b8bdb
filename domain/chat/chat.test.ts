import { describe, expect, it } from 'vitest';
import { AppError } from '../shared/errors';
import { chatRequestSchema } from './chat.schemas';
import { localReply } from './local-reply';
import { memoryWindows, SlidingWindowLimiter } from '../shared/rate-limit';
import { chatEventStream, upstreamFailure } from './sse';

async function read(stream: ReadableStream<Uint8Array>): Promise<unknown[]> {
  const text = await new Response(stream).text();
  return text
    .split('\n\n')
    .filter(Boolean)
    .map((frame) => JSON.parse(frame.replace(/^data: /, '')) as unknown);
}

describe('chat events', () => {
  it('sends each piece as a content event and ends with done', async () => {
    async function* source() {
      yield 'Dagnotitie ';
      yield 'staat klaar.';
    }
    expect(await read(chatEventStream(source(), () => undefined))).toEqual([
      { type: 'content', text: 'Dagnotitie ' },
      { type: 'content', text: 'staat klaar.' },
      { type: 'done' },
    ]);
  });

  it('turns a failure mid-stream into one Dutch error event and closes', async () => {
    async function* source() {
      yield 'Een begin';
      throw new Error('upstream reset');
    }
    expect(await read(chatEventStream(source(), () => undefined))).toEqual([
      { type: 'content', text: 'Een begin' },
      { type: 'error', error: upstreamFailure },
    ]);
  });

  it('stops the source when the client cancels', async () => {
    let aborted = false;
    let finished = false;
    async function* source() {
      try {
        yield 'eerste';
        await new Promise(() => undefined); // a source that goes quiet
        yield 'nooit';
      } finally {
        finished = true;
      }
    }
    const reader = chatEventStream(source(), () => (aborted = true)).getReader();
    await reader.read();
    await reader.cancel();
    expect(aborted).toBe(true);
    expect(finished).toBe(true);
  });
});

describe('chat request', () => {
  it('keeps only the last 20 earlier messages', () => {
    const messages = Array.from({ length: 35 }, (_, index) => ({ role: index % 2 ? 'assistant' : 'user', content: `bericht ${index}` }));
    const parsed = chatRequestSchema.parse({ message: 'hallo', messages });
    expect(parsed.messages).toHaveLength(20);
    expect(parsed.messages[0]!.content).toBe('bericht 15');
  });
});

describe('rate limit', () => {
  it('allows 20 requests a minute per user, then says when to try again', async () => {
    const limiter = new SlidingWindowLimiter('chat', 20, 60_000, (seconds) => `over ${seconds} seconden`, memoryWindows());
    for (let index = 0; index < 20; index++) await limiter.take('u1', 1_000 + index);
    const refused = await limiter.take('u1', 30_000).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'rate_limited', message: 'over 31 seconden', details: { retryAfter: 31 } });
    await limiter.take('u2', 30_000);
    await limiter.take('u1', 61_001);
  });

  it('keeps the buckets of two limiters on one count apart', async () => {
    const windows = memoryWindows();
    const chat = new SlidingWindowLimiter('chat', 1, 60_000, () => 'chat vol', windows);
    const speech = new SlidingWindowLimiter('speech-token', 1, 60_000, () => 'spraak vol', windows);
    await chat.take('u1', 1_000);
    await speech.take('u1', 1_000);
    await expect(chat.take('u1', 2_000)).rejects.toMatchObject({ message: 'chat vol' });
  });
});

describe('local reply', () => {
  it('says what it understood (never that a change is ready), asks what is missing, and admits what it did not understand', () => {
    expect(localReply([{ intent: 'dagnotitie', entities: { patientName: 'Jan de Vries', category: 'medicatie' }, confidence: 0.96 }])).toBe(
      'Dagnotitie voor Jan de Vries (Medicatie): controleer de tekst hieronder. Er wordt niets vastgelegd zonder je bevestiging.',
    );
    expect(localReply([{ intent: 'create_appointment', entities: { patientName: 'Jan de Vries' }, confidence: 0.95 }])).toBe(
      'Wanneer moet de afspraak met Jan de Vries plaatsvinden?',
    );
    expect(localReply([{ intent: 'reschedule_appointment', entities: {}, confidence: 0.9 }])).toBe('Welke afspraak wil je verplaatsen?');
    // Streamed before the block has prepared anything: it must not claim the change is ready.
    expect(
      localReply([
        { intent: 'reschedule_appointment', entities: { patientName: 'Fatima', datetime: '2026-11-27T10:00:00+01:00' }, confidence: 0.9 },
      ]),
    ).toBe('Verplaatsing van de afspraak van Fatima: zie hieronder. Er wordt niets vastgelegd zonder je bevestiging.');
    expect(localReply([{ intent: 'risico_query', entities: { patientName: 'Jan' }, confidence: 0.6 }])).toMatch(/begrijp ik niet zeker/);
    expect(
      localReply([
        { intent: 'cancel_appointment', entities: { patientName: 'Jan', identifier: 'morgen' }, confidence: 0.95 },
        { intent: 'dagnotitie', entities: { patientName: 'Jan', category: 'observatie' }, confidence: 0.96 },
      ]),
    ).toMatch(/^2 stappen: [^.]*\. Er wordt niets vastgelegd zonder je bevestiging\.$/);
  });
});
