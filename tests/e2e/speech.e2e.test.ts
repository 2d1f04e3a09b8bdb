import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { fakeMicrophoneArgs, screenshot, signedInPage, type SignedInBrowser } from '../support/browser';
import type { FakeSpeechStats } from '../support/fake-speech-provider';
import { baseUrl } from '../support/http';
import { writeDictationWav } from '../support/speech-audio';

// The stack's app issues tokens from the loopback Deepgram stand-in (tests/support/fake-speech-provider.ts),
// which answers streamed audio with a scripted Dutch transcript containing "komma" and "punt".
const fake = (route: string, init?: RequestInit) => fetch(`${inject('speechProviderUrl')}${route}`, init);
const control = (body: Record<string, unknown>) => fake('/__control', { method: 'POST', body: JSON.stringify(body) });
const stats = async () => (await (await fake('/__stats')).json()) as FakeSpeechStats;

let wav: string;
const sessions: SignedInBrowser[] = [];

async function assistantPage(allowMicrophone = true): Promise<Page> {
  const session = await signedInPage('verpleegkundige', baseUrl(), { width: 1280, height: 860 }, fakeMicrophoneArgs(wav, allowMicrophone));
  sessions.push(session);
  const { page } = session;
  await page.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('link', { name: 'Assistent' }).click();
  await page.getByRole('heading', { level: 1, name: 'Assistent' }).waitFor();
  return page;
}

const composer = (page: Page) => page.getByLabel('Bericht aan de assistent');

beforeAll(async () => {
  const dir = path.resolve('.cache/speech');
  await mkdir(dir, { recursive: true });
  wav = path.join(dir, 'dictation.wav');
  const source = await writeDictationWav(wav);
  process.stdout.write(
    `[speech e2e] fake microphone plays ${source === 'espeak-ng' ? 'Dutch speech (espeak-ng)' : 'a tone (espeak-ng missing)'}\n`,
  );
});

afterEach(async () => {
  await control({ grant: 'ok', tokenTtl: null });
  for (const session of sessions.splice(0)) await session.close();
});

afterAll(async () => {
  for (const session of sessions) await session.close();
});

describe('dictation in Chromium', () => {
  it('records only after a click, shows interim text greyed, and puts the punctuated transcript in the input without sending it', async () => {
    const before = await stats();
    const page = await assistantPage();
    // Every request for the microphone is counted, from the page's first script on.
    await page.addInitScript(() => {
      const media = navigator.mediaDevices;
      const original = media.getUserMedia.bind(media);
      Object.assign(window, { microphoneRequests: 0 });
      media.getUserMedia = (constraints) => {
        Object.assign(window, { microphoneRequests: (window as unknown as { microphoneRequests: number }).microphoneRequests + 1 });
        return original(constraints);
      };
    });
    await page.reload({ waitUntil: 'networkidle' });
    const requests = () => page.evaluate(() => (window as unknown as { microphoneRequests: number }).microphoneRequests);
    const microphone = page.getByRole('button', { name: 'Dicteren starten' });
    await microphone.waitFor();
    // The page is open and idle with a microphone available, yet it has not asked for it: nothing can stream before the click.
    expect(await requests()).toBe(0);
    expect((await stats()).streams).toBe(before.streams);
    expect(await page.getByTestId('dictation-indicator').count()).toBe(0);

    await microphone.click();
    await expect.poll(requests).toBe(1);
    const indicator = page.getByTestId('dictation-indicator');
    await indicator.waitFor();
    expect(await indicator.textContent()).toMatch(/Opname\s*0:0\d/);
    const interim = page.getByTestId('dictation-interim');
    await expect.poll(() => interim.textContent().catch(() => null), { timeout: 15_000 }).toBe('heeft goed gegeten');
    expect(await interim.evaluate((element) => getComputedStyle(element).fontStyle)).toBe('italic');
    await screenshot(page, 'dicteren-opname');

    await expect.poll(() => composer(page).inputValue(), { timeout: 15_000 }).toBe('Heeft goed gegeten, daarna gedoucht');
    await expect.poll(() => composer(page).inputValue(), { timeout: 15_000 }).toBe('Heeft goed gegeten, daarna gedoucht en sliep goed.');
    expect(await indicator.textContent()).toMatch(/Opname\s*0:0[2-9]/);

    await page.getByRole('button', { name: 'Dicteren stoppen' }).click();
    await indicator.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Dicteren starten' }).waitFor();
    const after = await stats();
    expect(after.streams).toBe(before.streams + 1);
    expect(after.audioBytes - before.audioBytes).toBeGreaterThan(4 * 32_000);
    // Checked by the clinician first: nothing was sent.
    expect(await page.getByTestId('user-message').count()).toBe(0);
    expect(await composer(page).inputValue()).toBe('Heeft goed gegeten, daarna gedoucht en sliep goed.');
    await screenshot(page, 'dicteren-tekst-in-invoer');
  });

  it('explains a refused microphone in Dutch and offers a retry', async () => {
    const page = await assistantPage(false);
    const before = await stats();
    await page.getByRole('button', { name: 'Dicteren starten' }).click();
    const error = page.getByTestId('dictation-error');
    await error.waitFor();
    expect(await error.getAttribute('data-problem')).toBe('denied');
    expect(await error.textContent()).toContain('De browser geeft geen toegang tot de microfoon.');
    await error.getByRole('button', { name: 'Opnieuw proberen' }).waitFor();
    // A refused microphone costs no token.
    expect((await stats()).grants).toBe(before.grants);
    await screenshot(page, 'dicteren-geen-microfoon');
  });

  it('explains an expired token and a dropped connection in Dutch; a retry records again', async () => {
    const page = await assistantPage();
    await control({ tokenTtl: 0.001 });
    await page.getByRole('button', { name: 'Dicteren starten' }).click();
    const error = page.getByTestId('dictation-error');
    await error.waitFor();
    expect(await error.getAttribute('data-problem')).toBe('expired');
    expect(await error.textContent()).toContain('De toegang tot de spraakdienst is verlopen.');

    await control({ tokenTtl: null });
    await error.getByRole('button', { name: 'Opnieuw proberen' }).click();
    await expect.poll(() => composer(page).inputValue(), { timeout: 15_000 }).toBe('Heeft goed gegeten, daarna gedoucht');
    await control({ drop: true });
    await error.waitFor();
    expect(await error.getAttribute('data-problem')).toBe('dropped');
    expect(await error.textContent()).toContain('De verbinding met de spraakdienst is verbroken.');
    // What was recognised before the drop stays.
    expect(await composer(page).inputValue()).toBe('Heeft goed gegeten, daarna gedoucht');
    await screenshot(page, 'dicteren-verbinding-verbroken');
  });
});
