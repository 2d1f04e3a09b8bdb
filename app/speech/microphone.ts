/**
 * The microphone through the Web Audio API: samples of channel one in chunks of about 85 ms,
 * collected by an AudioWorklet off the main thread. Only `openMicrophone` asks for the device,
 * and only the dictation button calls it: nothing records without a click.
 */
export interface Microphone {
  sampleRate: number;
  close(): void;
}

export type MicrophoneProblem = 'denied' | 'missing' | 'insecure' | 'failed';

export class MicrophoneError extends Error {
  override name = 'MicrophoneError';
  constructor(readonly problem: MicrophoneProblem) {
    super(problem);
  }
}

const chunkFrames = 4096;

// Inline, so the worklet needs no separate asset; it only copies samples out of the audio thread.
const workletSource = `
class Capture extends AudioWorkletProcessor {
  constructor() { super(); this.buffer = new Float32Array(${chunkFrames}); this.filled = 0; }
  process(inputs) {
    const channel = inputs[0] && inputs[0][0];
    if (channel) {
      let offset = 0;
      while (offset < channel.length) {
        const take = Math.min(channel.length - offset, this.buffer.length - this.filled);
        this.buffer.set(channel.subarray(offset, offset + take), this.filled);
        this.filled += take; offset += take;
        if (this.filled === this.buffer.length) { this.port.postMessage(this.buffer.slice(0)); this.filled = 0; }
      }
    }
    return true;
  }
}
registerProcessor('ggz-capture', Capture);
`;

export async function openMicrophone(onSamples: (samples: Float32Array) => void): Promise<Microphone> {
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia || typeof AudioWorkletNode === 'undefined') {
    throw new MicrophoneError(typeof window !== 'undefined' && !window.isSecureContext ? 'insecure' : 'failed');
  }
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true } });
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    throw new MicrophoneError(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : name === 'NotFoundError' || name === 'OverconstrainedError' ? 'missing' : 'failed');
  }
  const context = new AudioContext();
  const stopTracks = () => stream.getTracks().forEach((track) => track.stop());
  try {
    const moduleUrl = URL.createObjectURL(new Blob([workletSource], { type: 'application/javascript' }));
    await context.audioWorklet.addModule(moduleUrl);
    URL.revokeObjectURL(moduleUrl);
    const source = context.createMediaStreamSource(stream);
    const capture = new AudioWorkletNode(context, 'ggz-capture');
    capture.port.onmessage = (event: MessageEvent<Float32Array>) => onSamples(event.data);
    source.connect(capture);
    // A node the graph does not pull may never run; its output is silence.
    capture.connect(context.destination);
    if (context.state === 'suspended') await context.resume();
    return {
      sampleRate: context.sampleRate,
      close() {
        capture.port.onmessage = null;
        source.disconnect();
        capture.disconnect();
        stopTracks();
        void context.close();
      },
    };
  } catch {
    stopTracks();
    void context.close();
    throw new MicrophoneError('failed');
  }
}
