import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';

/** The sentence the fake microphone plays; the fake provider answers with its own script anyway. */
export const spokenSentence = 'heeft goed gegeten komma daarna gedoucht en sliep goed punt';

/**
 * A WAV for Chromium's fake microphone (`--use-file-for-fake-audio-capture`): Dutch speech from
 * espeak-ng when installed (scripts/ensure-chromium.sh), else a tone written here, since the fake
 * provider only counts the audio it receives.
 */
export async function writeDictationWav(file: string): Promise<'espeak-ng' | 'tone'> {
  const spoken = spawnSync('espeak-ng', ['-v', 'nl', '-s', '140', '-w', file, spokenSentence], { stdio: 'ignore' });
  if (spoken.status === 0) return 'espeak-ng';
  await writeFile(file, toneWav(4, 16_000));
  return 'tone';
}

/** 16-bit mono PCM WAV of a 440 Hz tone. */
function toneWav(seconds: number, sampleRate: number): Buffer {
  const samples = seconds * sampleRate;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  for (let index = 0; index < samples; index++)
    wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * index) / sampleRate) * 8000), 44 + index * 2);
  return wav;
}
