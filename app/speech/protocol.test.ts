import { describe, expect, it } from 'vitest';
import { speechProtocol } from './protocol';

const results = (transcript: string, isFinal: boolean) =>
  JSON.stringify({ type: 'Results', is_final: isFinal, channel: { alternatives: [{ transcript }] } });

describe('the Deepgram stream', () => {
  const protocol = speechProtocol('deepgram');

  it('sends the token as bearer subprotocol and raw 16 kHz linear16 frames, and asks to close at the end', () => {
    expect(protocol.subprotocols('jwt')).toEqual(['bearer', 'jwt']);
    expect(protocol.sampleRate).toBe(16_000);
    const frame = protocol.audio(Int16Array.from([1, 2]), () => 'unused');
    expect(frame).toBeInstanceOf(ArrayBuffer);
    expect(Array.from(new Uint8Array(frame as ArrayBuffer))).toEqual([1, 0, 2, 0]);
    expect(protocol.finish()).toEqual(['{"type":"CloseStream"}']);
    expect(protocol.closesAfterFinish).toBe(true);
  });

  it('reads interim and final results and ignores everything else', () => {
    expect(protocol.read(results('heeft goed', false))).toEqual([{ kind: 'interim', text: 'heeft goed' }]);
    expect(protocol.read(results(' heeft goed gegeten komma ', true))).toEqual([{ kind: 'final', text: 'heeft goed gegeten komma' }]);
    expect(protocol.read(results('', true))).toEqual([{ kind: 'interim', text: '' }]);
    expect(protocol.read('{"type":"Metadata","duration":3}')).toEqual([]);
    expect(protocol.read('not json')).toEqual([]);
  });
});

describe('the OpenAI realtime transcription stream', () => {
  it('sends the client secret in the subprotocol and base64 audio in append events, committing at the end', () => {
    const protocol = speechProtocol('openai');
    expect(protocol.subprotocols('ek_1')).toEqual(['realtime', 'openai-insecure-api-key.ek_1']);
    expect(protocol.sampleRate).toBe(24_000);
    expect(JSON.parse(protocol.audio(Int16Array.from([1]), () => 'AQA=') as string)).toEqual({
      type: 'input_audio_buffer.append',
      audio: 'AQA=',
    });
    expect(protocol.finish()).toEqual(['{"type":"input_audio_buffer.commit"}']);
    expect(protocol.closesAfterFinish).toBe(false);
  });

  it('builds interim text from deltas per item and gives the completed transcript as final', () => {
    const protocol = speechProtocol('openai');
    const delta = (item: string, text: string) =>
      JSON.stringify({ type: 'conversation.item.input_audio_transcription.delta', item_id: item, delta: text });
    expect(protocol.read(delta('a', 'heeft '))).toEqual([{ kind: 'interim', text: 'heeft' }]);
    expect(protocol.read(delta('a', 'goed gegeten'))).toEqual([{ kind: 'interim', text: 'heeft goed gegeten' }]);
    expect(
      protocol.read(
        JSON.stringify({
          type: 'conversation.item.input_audio_transcription.completed',
          item_id: 'a',
          transcript: 'Heeft goed gegeten, komma.',
        }),
      ),
    ).toEqual([
      { kind: 'final', text: 'Heeft goed gegeten, komma.' },
      { kind: 'interim', text: '' },
    ]);
  });

  it('reports errors, telling an expired secret apart, and ignores an empty commit', () => {
    const protocol = speechProtocol('openai');
    const error = (code: string) => JSON.stringify({ type: 'error', error: { type: 'invalid_request_error', code } });
    expect(protocol.read(error('session_expired'))).toEqual([{ kind: 'error', expired: true }]);
    expect(protocol.read(error('server_error'))).toEqual([{ kind: 'error', expired: false }]);
    expect(protocol.read(error('input_audio_buffer_commit_empty'))).toEqual([]);
  });
});
