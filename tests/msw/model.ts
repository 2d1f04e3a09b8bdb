import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** The OpenAI-compatible endpoint the tests point the AI port at; nothing leaves the machine. */
export const modelBaseUrl = 'http://model.test/v1';

export interface ModelRequest {
  model: string;
  messages: { role: string; content: string }[];
  stream?: boolean;
  max_tokens?: number;
  temperature?: number;
}

export type ModelReply =
  | { content: string; usage?: { in: number; out: number }; delayMs?: number }
  | { status: number }
  | { stream: string[]; failAfter?: number; usage?: { in: number; out: number } };

export function completion(content: string, usage = { in: 120, out: 30 }) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'test-model',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: usage.in, completion_tokens: usage.out, total_tokens: usage.in + usage.out },
  };
}

export function streamBody(
  parts: string[],
  failAfter: number | undefined,
  usage = { in: 80, out: parts.length },
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async start(controller) {
      for (const [index, part] of parts.entries()) {
        if (failAfter !== undefined && index === failAfter) {
          // How an OpenAI-compatible server reports a failure after the stream has started.
          controller.enqueue(
            encoder.encode(`data: ${JSON.stringify({ error: { message: 'upstream overloaded', type: 'server_error' } })}\n\n`),
          );
          controller.close();
          return;
        }
        const chunk = {
          id: 'chatcmpl-test',
          object: 'chat.completion.chunk',
          created: 0,
          model: 'test-model',
          choices: [{ index: 0, delta: { content: part }, finish_reason: null }],
        };
        controller.enqueue(encoder.encode(`data: ${JSON.stringify(chunk)}\n\n`));
        await delay(5);
      }
      const last = {
        id: 'chatcmpl-test',
        object: 'chat.completion.chunk',
        created: 0,
        model: 'test-model',
        choices: [],
        usage: { prompt_tokens: usage.in, completion_tokens: usage.out, total_tokens: usage.in + usage.out },
      };
      controller.enqueue(encoder.encode(`data: ${JSON.stringify(last)}\n\ndata: [DONE]\n\n`));
      controller.close();
    },
  });
}

/**
 * A scripted model: each test sets how it answers (`reply`), and every request body is kept so a
 * test can check what would have left the server.
 */
export function mockModel() {
  const requests: ModelRequest[] = [];
  let reply: (request: ModelRequest) => ModelReply = () => ({
    content: '{"actions":[{"intent":"unknown","entities":{},"confidence":0.3}]}',
  });
  const server = setupServer(
    http.post(`${modelBaseUrl}/chat/completions`, async ({ request }) => {
      const body = (await request.json()) as ModelRequest;
      requests.push(body);
      const answer = reply(body);
      if ('status' in answer)
        return HttpResponse.json({ error: { message: 'upstream failure', type: 'server_error' } }, { status: answer.status });
      if ('stream' in answer)
        return new HttpResponse(streamBody(answer.stream, answer.failAfter, answer.usage), {
          headers: { 'Content-Type': 'text/event-stream' },
        });
      if (answer.delayMs) await delay(answer.delayMs);
      return HttpResponse.json(completion(answer.content, answer.usage));
    }),
  );
  return {
    server,
    requests,
    answer(next: (request: ModelRequest) => ModelReply) {
      reply = next;
    },
    /** All text sent to the model so far, for leak checks. */
    sentText(): string {
      return requests.flatMap((request) => request.messages.map((message) => message.content)).join('\n');
    },
  };
}
