import type { ChatEvent } from './chat.schemas';

export const upstreamFailure = 'Het antwoord van de assistent werd onderbroken. Probeer het opnieuw.';

const encoder = new TextEncoder();
const frame = (event: ChatEvent) => encoder.encode(`data: ${JSON.stringify(event)}\n\n`);

/**
 * Text pieces → Server-Sent Events: `content` per piece, then `done`; a failure becomes one Dutch
 * `error` event and the stream closes cleanly. When the client goes away, `abort` stops the source
 * (and with it the model call upstream).
 */
export function chatEventStream(source: AsyncIterable<string>, abort: () => void): ReadableStream<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await iterator.next();
        if (next.done) {
          controller.enqueue(frame({ type: 'done' }));
          controller.close();
        } else if (next.value) {
          controller.enqueue(frame({ type: 'content', text: next.value }));
        }
      } catch (error) {
        // Only the class: upstream messages can echo parts of the prompt.
        console.error(`[chat] stream failed: ${error instanceof Error ? error.name : 'unknown error'}`);
        controller.enqueue(frame({ type: 'error', error: upstreamFailure }));
        controller.close();
      }
    },
    async cancel() {
      abort();
      await iterator.return?.();
    },
  });
}
