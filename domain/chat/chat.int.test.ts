import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from 'msw';
import { createOrganisation, createUser, validBsns } from '../../tests/support/factories';
import { mockModel, modelBaseUrl } from '../../tests/msw/model';
import { createAiPort, type AiPort } from '../ai/ai.port';
import type { AuditActor } from '../audit/audit.service';
import { type MikroORM } from '../db/orm';
import { tenantOf, withTenant } from '../db/tenant';
import { createPatient } from '../patient/patient.service';
import { chatRequestSchema } from './chat.schemas';
import { chatReply } from './chat.service';
import { chatEventStream, upstreamFailure } from './sse';
import { appOrm } from '../../tests/support/app-orm';

const model = mockModel();
let orm: MikroORM;
let ai: AiPort;
let actor: AuditActor;
let patientId: string;

function events(text: string): { type: string; text?: string; error?: string }[] {
  return text
    .split('\n\n')
    .filter(Boolean)
    .map((frame) => JSON.parse(frame.replace(/^data: /, '')) as { type: string });
}

function stream(body: unknown, upstream = new AbortController()) {
  const request = chatRequestSchema.parse(body);
  return chatEventStream(chatReply({ orm, ai }, actor, request, upstream.signal), () => upstream.abort());
}

beforeAll(async () => {
  model.server.listen({ onUnhandledFrame: 'error' });
  orm = await appOrm();
  const organisation = await createOrganisation();
  const user = await createUser(organisation.id);
  actor = { organisationId: organisation.id, userId: user.id, role: user.role, channel: 'assistant' };
  await withTenant(orm, tenantOf(actor), async (em) => {
    patientId = (
      await createPatient(em, actor, {
        nameGiven: ['Jan'],
        namePrefix: 'de',
        familyName: 'Vries',
        bsn: validBsns[7],
        birthDate: '1971-04-12',
      })
    ).id;
  });
  ai = createAiPort({
    orm,
    settings: { apiKey: 'test-key', baseUrl: modelBaseUrl, models: { default: 'test-model', chat: 'chat-model' } },
  });
});

afterAll(async () => {
  model.server.close();
  await orm?.close(true);
});

describe('chat through the AI port with a streaming model', () => {
  it('streams the re-identified reply in order, ends with done, and sends only the last 20 messages, pseudonymised', async () => {
    model.requests.length = 0;
    model.answer((request) => {
      // The placeholder the model was given for the patient, split over two chunks.
      const placeholder = /\[PATIENT_[^\]]+\]/.exec(request.messages.at(-1)!.content)![0];
      return {
        stream: ['Dagnotitie voor ', placeholder.slice(0, 5), `${placeholder.slice(5)} `, 'staat klaar.'],
        usage: { in: 90, out: 6 },
      };
    });
    const history = Array.from({ length: 30 }, (_, index) => ({
      role: index % 2 ? 'assistant' : 'user',
      content: `eerder bericht ${index}`,
    }));
    const text = await new Response(
      stream({
        message: 'maak een dagnotitie voor Jan de Vries: weigerde medicatie',
        messages: history,
        context: { activePatient: { id: patientId, name: 'Jan de Vries' }, shift: 'avond' },
      }),
    ).text();
    const received = events(text);
    expect(received.at(-1)).toEqual({ type: 'done' });
    expect(
      received
        .filter((event) => event.type === 'content')
        .map((event) => event.text)
        .join(''),
    ).toBe('Dagnotitie voor Jan de Vries staat klaar.');

    const sent = model.requests[0]!;
    expect(sent).toMatchObject({ model: 'chat-model', stream: true, max_tokens: 2048, temperature: 0.7 });
    // The fixed instructions, the moment and context, the last 20 messages, the new one.
    expect(sent.messages).toHaveLength(2 + 20 + 1);
    expect(sent.messages[2]!.content).toBe('eerder bericht 10');
    expect(sent.messages[0]!.content).toContain('Herkende opdrachten');
    expect(sent.messages[1]!.content).toContain('Dienst: avond');
    expect(sent.messages[1]!.content).toMatch(/Actieve patiënt: \[PATIENT_1[^\]]*\]/);
    expect(JSON.stringify(sent.messages)).not.toMatch(/Vries/i);

    const rows = await withTenant(orm, { organisationId: actor.organisationId }, (em) =>
      em.execute<{ capability: string; model: string; tokens_in: number; tokens_out: number; outcome: string; patient_id: string }[]>(
        'select capability, model, tokens_in, tokens_out, outcome, patient_id from ai_events',
      ),
    );
    expect(rows).toEqual([{ capability: 'chat', model: 'chat-model', tokens_in: 90, tokens_out: 6, outcome: 'ok', patient_id: patientId }]);
  });

  it('ends with a Dutch error event when the model fails mid-stream, and closes cleanly', async () => {
    model.answer(() => ({ stream: ['Eerste deel ', 'tweede deel', 'nooit'], failAfter: 2 }));
    const received = events(await new Response(stream({ message: 'vat de nacht samen' })).text());
    expect(received[0]).toEqual({ type: 'content', text: 'Eerste deel ' });
    expect(received.at(-1)).toEqual({ type: 'error', error: upstreamFailure });
    expect(received.some((event) => event.type === 'done')).toBe(false);
  });

  it('aborts the upstream model call when the client goes away', async () => {
    let upstreamAborted = false;
    model.server.use(
      http.post(`${modelBaseUrl}/chat/completions`, async ({ request }) => {
        request.signal.addEventListener('abort', () => (upstreamAborted = true));
        const encoder = new TextEncoder();
        return new Response(
          new ReadableStream({
            async start(controller) {
              controller.enqueue(
                encoder.encode(
                  `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta: { content: 'Een ' }, finish_reason: null }] })}\n\n`,
                ),
              );
              // The model goes quiet until the client hangs up (then the stream is gone: nothing to close).
              await new Promise((resolve) => request.signal.addEventListener('abort', resolve));
            },
          }),
          { headers: { 'Content-Type': 'text/event-stream' } },
        );
      }),
    );
    const reader = stream({ message: 'schrijf een lang verhaal' }).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('"Een "');
    await reader.cancel();
    await expect.poll(() => upstreamAborted).toBe(true);
    model.server.resetHandlers();
  });
});
