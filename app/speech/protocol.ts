import { speechSampleRates, type SpeechProviderName } from '../../domain/speech/speech.schemas';

/** What a provider's stream tells the browser, whatever its wire format. */
export type SpeechEvent = { kind: 'interim'; text: string } | { kind: 'final'; text: string } | { kind: 'error'; expired: boolean };

/**
 * One provider's WebSocket protocol, as seen from the browser: how the token goes along, how audio
 * is sent, how to end the stream, and how its messages read. Pure, so it is tested without a socket.
 */
export interface SpeechProtocol {
  sampleRate: number;
  /** The token travels in the subprotocol list: browsers cannot set headers on a WebSocket. */
  subprotocols(token: string): string[];
  audio(pcm: Int16Array, base64: (pcm: Int16Array) => string): string | ArrayBuffer;
  /** Sent on stop, so the provider finalises what it heard. */
  finish(): string[];
  /** Whether the provider closes the stream itself after `finish`. */
  closesAfterFinish: boolean;
  read(message: string): SpeechEvent[];
}

function deepgram(): SpeechProtocol {
  return {
    sampleRate: speechSampleRates.deepgram,
    subprotocols: (token) => ['bearer', token],
    audio: (pcm) => pcm.buffer.slice(pcm.byteOffset, pcm.byteOffset + pcm.byteLength) as ArrayBuffer,
    finish: () => [JSON.stringify({ type: 'CloseStream' })],
    closesAfterFinish: true,
    read(message) {
      const data = parse(message) as { type?: string; is_final?: boolean; channel?: { alternatives?: { transcript?: string }[] } } | null;
      if (data?.type !== 'Results') return [];
      const text = data.channel?.alternatives?.[0]?.transcript?.trim() ?? '';
      if (data.is_final) return text ? [{ kind: 'final', text }] : [{ kind: 'interim', text: '' }];
      return [{ kind: 'interim', text }];
    },
  };
}

function openai(): SpeechProtocol {
  // Deltas arrive per speech item; the interim text is what the current item has so far.
  const items = new Map<string, string>();
  const interim = () => [...items.values()].join(' ').trim();
  return {
    sampleRate: speechSampleRates.openai,
    subprotocols: (token) => ['realtime', `openai-insecure-api-key.${token}`],
    audio: (pcm, base64) => JSON.stringify({ type: 'input_audio_buffer.append', audio: base64(pcm) }),
    finish: () => [JSON.stringify({ type: 'input_audio_buffer.commit' })],
    closesAfterFinish: false,
    read(message) {
      const data = parse(message) as {
        type?: string;
        item_id?: string;
        delta?: string;
        transcript?: string;
        error?: { code?: string; type?: string };
      } | null;
      switch (data?.type) {
        case 'conversation.item.input_audio_transcription.delta':
          items.set(data.item_id ?? '', (items.get(data.item_id ?? '') ?? '') + (data.delta ?? ''));
          return [{ kind: 'interim', text: interim() }];
        case 'conversation.item.input_audio_transcription.completed': {
          items.delete(data.item_id ?? '');
          const text = data.transcript?.trim() ?? '';
          return [...(text ? [{ kind: 'final' as const, text }] : []), { kind: 'interim', text: interim() }];
        }
        case 'error': {
          // An empty commit at the end of a recording is harmless.
          if (data.error?.code === 'input_audio_buffer_commit_empty') return [];
          return [
            {
              kind: 'error',
              expired: /expired|invalid_api_key|authentication/i.test(`${data.error?.code ?? ''} ${data.error?.type ?? ''}`),
            },
          ];
        }
        default:
          return [];
      }
    },
  };
}

export function speechProtocol(provider: SpeechProviderName): SpeechProtocol {
  return provider === 'deepgram' ? deepgram() : openai();
}

function parse(message: string): unknown {
  try {
    return JSON.parse(message);
  } catch {
    return null;
  }
}
