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

/** A file of the app itself (public/speech), so the CSP admits it without blob: scripts. */
const workletUrl = '/speech/capture-worklet.js';

export async function openMicrophone(onSamples: (samples: Float32Array) => void): Promise<Microphone> {
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia || typeof AudioWorkletNode === 'undefined') {
    throw new MicrophoneError(typeof window !== 'undefined' && !window.isSecureContext ? 'insecure' : 'failed');
  }
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true } });
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    throw new MicrophoneError(
      name === 'NotAllowedError' || name === 'SecurityError'
        ? 'denied'
        : name === 'NotFoundError' || name === 'OverconstrainedError'
          ? 'missing'
          : 'failed',
    );
  }
  const context = new AudioContext();
  const stopTracks = () => stream.getTracks().forEach((track) => track.stop());
  try {
    await context.audioWorklet.addModule(workletUrl);
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
