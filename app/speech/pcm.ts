/**
 * Microphone samples (float, at the audio device's rate) → 16-bit little-endian PCM at the rate
 * the provider's stream was opened with. Stateful across chunks so no sample is lost or repeated
 * at a chunk border; averaging over each output step is the low-pass a speech recogniser needs.
 */
export function createPcmEncoder(inputRate: number, outputRate: number): (chunk: Float32Array) => Int16Array {
  const step = inputRate / outputRate;
  let pending = new Float32Array(0);
  let position = 0; // where the next output sample starts, in input samples from the start of `pending`
  return (chunk) => {
    let input = chunk;
    if (pending.length) {
      input = new Float32Array(pending.length + chunk.length);
      input.set(pending);
      input.set(chunk, pending.length);
    }
    const output = new Int16Array(Math.max(0, Math.floor((input.length - position) / step) + 1));
    let count = 0;
    while (position + step <= input.length) {
      const from = Math.floor(position);
      const to = Math.max(from + 1, Math.floor(position + step));
      let sum = 0;
      for (let index = from; index < to; index++) sum += input[index]!;
      output[count++] = toInt16(sum / (to - from));
      position += step;
    }
    const keepFrom = Math.floor(position);
    pending = input.slice(keepFrom);
    position -= keepFrom;
    return output.subarray(0, count);
  };
}

function toInt16(sample: number): number {
  const clamped = Math.max(-1, Math.min(1, sample));
  return Math.round(clamped < 0 ? clamped * 0x8000 : clamped * 0x7fff);
}

/** Base64 of the PCM bytes, for providers that take audio inside JSON messages. */
export function pcmToBase64(pcm: Int16Array): string {
  const bytes = new Uint8Array(pcm.buffer, pcm.byteOffset, pcm.byteLength);
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary);
}
