import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hashPassword } from '../domain/auth/password';
import { log, percentile, sized, smoke, startBench } from './harness';

/**
 * Time from the model's first token to the first SSE byte at the client, through the real app:
 * a model server on loopback streams its first chunk at once and notes the moment; the client
 * notes when its first content event arrives. Both run in this process, on one clock.
 * Target: p50/p95 ≤ 20 ms.
 */
const samples = sized('SAMPLES', 100, 3);
const warmup = smoke ? 1 : 10;
const stack = await startBench('chat', 54333);
const firstTokenAt: number[] = [];
const model = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'Content-Type': 'text/event-stream' });
    const chunk = (content: string) =>
      `data: ${JSON.stringify({ id: 'b', object: 'chat.completion.chunk', created: 0, model: 'bench', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
    firstTokenAt.push(performance.now());
    response.write(chunk('Dagnotitie '));
    response.write(chunk('staat klaar.'));
    response.end('data: [DONE]\n\n');
  });
});
await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
const modelUrl = `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`;

try {
  // 20 chat requests a minute per user: the samples are spread over enough clinicians.
  const users = Math.ceil((samples + warmup) / 20);
  const password = await hashPassword('bench');
  await stack.ownerOrm.em.fork().transactional(async (em) => {
    await em.execute("select set_config('app.organisation_id', ?, true)", [stack.organisationId]);
    for (let index = 0; index < users; index++) {
      await em.execute(
        "insert into users (organisation_id, email, display_name, role, password_hash) values (?, ?, 'Bench', 'verpleegkundige', ?)",
        [stack.organisationId, `chat-${index}@ggz-epd.test`, password],
      );
    }
  });
  await stack.serve({ OPENAI_API_KEY: 'bench', OPENAI_BASE_URL: modelUrl });
  const cookies = await Promise.all(Array.from({ length: users }, (_, index) => stack.loginAs(`chat-${index}@ggz-epd.test`, 'bench')));

  const latencies: number[] = [];
  for (let index = 0; index < samples + warmup; index++) {
    const response = await fetch(`${stack.baseUrl}/api/assistant/chat`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookies[Math.floor(index / 20)]! },
      body: JSON.stringify({ message: 'maak een dagnotitie voor Jan: weigerde medicatie', messages: [] }),
    });
    if (!response.ok || !response.body) throw new Error(`chat: HTTP ${response.status}`);
    const reader = response.body.getReader();
    const first = await reader.read();
    const arrived = performance.now();
    if (!new TextDecoder().decode(first.value).includes('"content"')) throw new Error('first event was not content');
    while (!(await reader.read()).done) {
      // drain
    }
    if (index >= warmup) latencies.push(arrived - firstTokenAt.at(-1)!);
  }
  latencies.sort((a, b) => a - b);
  const at = (p: number) => percentile(latencies, p * 100);
  log(`chat: model's first token → first SSE byte at the client, ${latencies.length} requests through the app`);
  log(
    `chat first byte: p50 ${at(0.5).toFixed(1)} ms · p95 ${at(0.95).toFixed(1)} ms · max ${latencies.at(-1)!.toFixed(1)} ms (target ≤ 20 ms)`,
  );
} finally {
  model.close();
  await stack.stop();
}
