import { createServer, type Server } from 'node:http';
import { Readable } from 'node:stream';
import { completion, streamBody, type ModelReply, type ModelRequest } from '../msw/model';

export interface ModelServer {
  /** The OpenAI-compatible base URL (`…/v1`) to give a worker or app process as OPENAI_BASE_URL. */
  baseUrl: string;
  requests: ModelRequest[];
  answer(next: (request: ModelRequest) => ModelReply | Promise<ModelReply>): void;
  close(): Promise<void>;
}

/**
 * The scripted model of `tests/msw/model.ts` as a real HTTP server on loopback, for the processes
 * msw cannot reach: a worker the fault tests kill, the app under the load bench. A reply may be a
 * promise that never settles, which holds the caller in its model call.
 */
export async function startModelServer(): Promise<ModelServer> {
  const requests: ModelRequest[] = [];
  let reply: (request: ModelRequest) => ModelReply | Promise<ModelReply> = () => ({
    content: '{"actions":[{"intent":"unknown","entities":{},"confidence":0.3}]}',
  });
  const server: Server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      void (async () => {
        const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as ModelRequest;
        requests.push(body);
        const answer = await reply(body);
        if (response.destroyed) return;
        if ('status' in answer) {
          response
            .writeHead(answer.status, { 'Content-Type': 'application/json' })
            .end(JSON.stringify({ error: { message: 'upstream failure', type: 'server_error' } }));
        } else if ('stream' in answer) {
          response.writeHead(200, { 'Content-Type': 'text/event-stream' });
          Readable.fromWeb(streamBody(answer.stream, answer.failAfter, answer.usage) as Parameters<typeof Readable.fromWeb>[0]).pipe(
            response,
          );
        } else {
          if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
          response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(completion(answer.content, answer.usage)));
        }
      })().catch(() => response.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('model server has no port');
  return {
    baseUrl: `http://127.0.0.1:${address.port}/v1`,
    requests,
    answer(next) {
      reply = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
