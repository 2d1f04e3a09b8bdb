import { describe, expect, it } from 'vitest';
import { createPcmEncoder, pcmToBase64 } from './pcm';

describe('createPcmEncoder', () => {
  it('turns 48 kHz float samples into 16 kHz 16-bit PCM, averaging each step, full scale clamped', () => {
    const encode = createPcmEncoder(48_000, 16_000);
    expect(Array.from(encode(Float32Array.from([0, 0, 0, 1, 1, 1, -1, -1, -1, 2, 2, 2])))).toEqual([0, 32767, -32768, 32767]);
  });

  it('loses and repeats nothing across chunk borders', () => {
    const samples = Float32Array.from({ length: 48_000 }, (_, index) => Math.sin(index / 10) / 2);
    const whole = createPcmEncoder(48_000, 16_000)(samples);
    const chunked = createPcmEncoder(48_000, 16_000);
    const pieces: number[] = [];
    for (let offset = 0; offset < samples.length; offset += 1000) pieces.push(...chunked(samples.subarray(offset, offset + 1000)));
    expect(whole.length).toBe(16_000);
    expect(pieces).toEqual(Array.from(whole));
  });

  it('handles a device rate that is not a multiple of the provider rate', () => {
    const encode = createPcmEncoder(44_100, 24_000);
    let total = 0;
    for (let second = 0; second < 10; second++) total += encode(new Float32Array(44_100)).length;
    expect(Math.abs(total - 240_000)).toBeLessThanOrEqual(1);
  });
});

describe('pcmToBase64', () => {
  it('encodes the little-endian bytes', () => {
    expect(pcmToBase64(Int16Array.from([1, -1]))).toBe(Buffer.from([1, 0, 255, 255]).toString('base64'));
  });
});
