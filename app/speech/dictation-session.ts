import { speechTokenSchema, type SpeechToken } from '../../domain/speech/speech.schemas';
import { requestJson } from '../assistant/api';
import type { AssistantError } from '../assistant/errors';
import { MicrophoneError, openMicrophone, type Microphone, type MicrophoneProblem } from './microphone';
import { createPcmEncoder, pcmToBase64 } from './pcm';
import { speechProtocol } from './protocol';

export type DictationProblem = MicrophoneProblem | 'token' | 'expired' | 'connection' | 'dropped' | 'provider';

/** What went wrong, in Dutch, and whether starting again can help. */
export interface DictationError {
  problem: DictationProblem;
  message: string;
  retryable: boolean;
}

export const dictationMessages: Record<Exclude<DictationProblem, 'token'>, string> = {
  denied: 'De browser geeft geen toegang tot de microfoon. Sta de microfoon toe (het slotje in de adresbalk) en probeer het opnieuw.',
  missing: 'Er is geen microfoon gevonden. Sluit een microfoon aan en probeer het opnieuw.',
  insecure: 'Dicteren werkt alleen via een beveiligde verbinding (https).',
  failed: 'De microfoon kon niet worden gestart. Probeer het opnieuw.',
  expired: 'De toegang tot de spraakdienst is verlopen. Probeer het opnieuw; er wordt een nieuwe aangevraagd.',
  connection: 'Er kon geen verbinding worden gemaakt met de spraakdienst. Controleer het netwerk en probeer het opnieuw.',
  dropped: 'De verbinding met de spraakdienst is verbroken. Wat al herkend was, staat in het invoerveld. Probeer het opnieuw.',
  provider: 'De spraakdienst meldt een fout. Probeer het opnieuw.',
};

export interface DictationCallbacks {
  onRecording(): void;
  onInterim(text: string): void;
  onFinal(text: string): void;
  /** The session is over: cleanly after stop, or with what went wrong. */
  onEnd(error?: DictationError): void;
}

export interface DictationSession {
  /** Ends the recording; what the provider still hears in flight arrives before onEnd. */
  stop(): void;
  /** Ends at once without waiting for the last words (the composer went away). */
  cancel(): void;
}

const finishTimeoutMs = 4000;
// Audio said while the socket opens is kept, up to a few seconds.
const maxQueuedFrames = 64;

function tokenError(error: AssistantError): DictationError {
  return { problem: 'token', message: error.message, retryable: error.retryable };
}

function failure(problem: Exclude<DictationProblem, 'token'>): DictationError {
  return { problem, message: dictationMessages[problem], retryable: problem !== 'insecure' };
}

/**
 * One dictation: the microphone first (so a refusal costs no token), then a short-lived token from
 * `/api/speech/token`, then the provider's WebSocket, streaming PCM16 while the button is on.
 */
export function startDictation(callbacks: DictationCallbacks): DictationSession {
  let microphone: Microphone | null = null;
  let socket: WebSocket | null = null;
  let ended = false;
  let stopping = false;
  let opened = false;
  let finishTimer: ReturnType<typeof setTimeout> | undefined;
  const controller = new AbortController();

  const end = (error?: DictationError) => {
    if (ended) return;
    ended = true;
    clearTimeout(finishTimer);
    controller.abort();
    microphone?.close();
    if (socket && socket.readyState <= WebSocket.OPEN) socket.close(1000);
    callbacks.onEnd(error);
  };

  const connect = (
    token: SpeechToken,
    queued: (string | ArrayBuffer)[],
    encoderFor: (rate: number) => (samples: Float32Array) => Int16Array,
  ) => {
    const protocol = speechProtocol(token.provider);
    const ws = new WebSocket(token.url, protocol.subprotocols(token.token));
    ws.binaryType = 'arraybuffer';
    socket = ws;
    ws.onopen = () => {
      opened = true;
      for (const frame of queued.splice(0)) ws.send(frame);
      if (stopping) finish();
    };
    ws.onmessage = (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      for (const item of protocol.read(event.data)) {
        if (item.kind === 'interim') callbacks.onInterim(item.text);
        else if (item.kind === 'final') {
          callbacks.onFinal(item.text);
          if (stopping && !protocol.closesAfterFinish) end();
        } else end(failure(item.expired ? 'expired' : 'provider'));
      }
    };
    ws.onclose = (event: CloseEvent) => {
      if (ended) return;
      if (stopping && opened) return end();
      // A refused handshake looks like any other failed connection to a browser; the clock tells an expired token apart.
      if (!opened)
        return end(
          failure(Date.parse(token.expiresAt) <= Date.now() || event.code === 1008 || event.code === 4001 ? 'expired' : 'connection'),
        );
      end(failure(event.code === 1008 || event.code === 4001 ? 'expired' : 'dropped'));
    };
    const finish = () => {
      for (const message of protocol.finish()) ws.send(message);
      finishTimer = setTimeout(() => end(), finishTimeoutMs);
    };
    return {
      protocol,
      encoder: encoderFor(protocol.sampleRate),
      send(frame: string | ArrayBuffer) {
        if (ws.readyState === WebSocket.OPEN) ws.send(frame);
        else if (ws.readyState === WebSocket.CONNECTING && queued.length < maxQueuedFrames) queued.push(frame);
      },
      finish() {
        if (ws.readyState === WebSocket.OPEN) finish();
        else if (ws.readyState !== WebSocket.CONNECTING) end();
      },
    };
  };

  let stream: ReturnType<typeof connect> | null = null;

  void (async () => {
    const pending: Float32Array[] = [];
    try {
      microphone = await openMicrophone((samples) => {
        if (stopping) return;
        if (!stream) {
          pending.push(samples);
          return;
        }
        const pcm = stream.encoder(samples);
        if (pcm.length) stream.send(stream.protocol.audio(pcm, pcmToBase64));
      });
    } catch (error) {
      return end(failure(error instanceof MicrophoneError ? error.problem : 'failed'));
    }
    if (ended) return microphone.close();
    // Recording from here: what is said while the token loads is kept and sent once connected.
    callbacks.onRecording();
    const result = await requestJson<unknown>('/api/speech/token', { method: 'POST', body: {}, signal: controller.signal });
    if (ended) return;
    if (!result.ok) return end(tokenError(result.error));
    const parsed = speechTokenSchema.safeParse(result.data);
    if (!parsed.success) return end(failure('connection'));
    const inputRate = microphone.sampleRate;
    stream = connect(parsed.data, [], (rate) => createPcmEncoder(inputRate, rate));
    for (const samples of pending.splice(0)) {
      const pcm = stream.encoder(samples);
      if (pcm.length) stream.send(stream.protocol.audio(pcm, pcmToBase64));
    }
    if (stopping) stream.finish();
  })();

  return {
    stop() {
      if (ended || stopping) return;
      stopping = true;
      microphone?.close();
      if (stream) stream.finish();
      else if (!microphone) end();
    },
    cancel: () => end(),
  };
}
