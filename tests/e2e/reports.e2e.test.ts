import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, signedInPage, type SignedInBrowser } from '../support/browser';
import { baseUrl } from '../support/http';

let session: SignedInBrowser;
let page: Page;

beforeAll(async () => {
  session = await signedInPage('verpleegkundige', baseUrl());
  page = session.page;
  await page.getByRole('link', { name: 'Jan de Vries' }).click();
  await page.getByRole('heading', { level: 1, name: /Jan de Vries/ }).waitFor();
  await page.getByRole('link', { name: 'Rapportages' }).click();
  await page.getByRole('heading', { name: 'Nieuwe rapportage' }).waitFor();
});

afterAll(async () => {
  await session?.close();
});

describe('reports in Chromium', () => {
  it('shows the timeline by shift date and folds a long report behind a toggle', async () => {
    const long = page.locator('.collapsible').first();
    await long.waitFor();
    const text = long.locator('.report-text');
    const folded = (await text.boundingBox())!.height;
    await screenshot(page, '20-rapportages-tijdlijn');
    await long.getByText('Meer tonen').click();
    await long.getByText('Minder tonen').waitFor();
    const unfolded = (await text.boundingBox())!.height;
    expect(unfolded).toBeGreaterThan(folded);
    await long.getByText('Minder tonen').click();
    await long.getByText('Meer tonen').waitFor();
    expect((await text.boundingBox())!.height).toBe(folded);
  });

  it('writes a daily note: a pasted text past 500 stays and the counter says by how much, the note appears on top of the timeline', async () => {
    await page.getByLabel('Categorie').selectOption('observatie');
    const content = page.getByLabel('Rapportage', { exact: true });
    await content.fill('x'.repeat(520));
    expect(await content.inputValue()).toBe('x'.repeat(520));
    expect(await page.locator('#content-counter').textContent()).toBe('520/500 · 20 tekens te veel');
    // Counted as a person counts: an emoji is one character, not two.
    await content.fill('🙂'.repeat(500));
    expect(await page.locator('#content-counter').textContent()).toBe('500/500');
    await content.pressSequentially('y');
    expect(await page.locator('#content-counter').textContent()).toBe('501/500 · 1 teken te veel');
    await screenshot(page, '21-dagnotitie-limiet');

    const note = `Rustige middag, speelde een spel met medepatiënten (${Date.now()}).`;
    await content.fill(note);
    expect(await page.locator('#content-counter').textContent()).toBe(`${note.length}/500`);
    await page.getByRole('switch').check({ force: true });
    await page.getByRole('button', { name: 'Rapportage opslaan' }).click();
    await page.getByText('Rapportage opgeslagen.').waitFor();
    const first = page.locator('.timeline-item').first();
    await first.getByText(note).waitFor();
    expect(await first.textContent()).toContain('Overdracht');
    expect(await content.inputValue()).toBe('');
    await screenshot(page, '22-dagnotitie-opgeslagen');
  });

  it('shows the latest vitals with abnormal values standing out, and the intake with risks and diagnoses', async () => {
    await page.getByRole('link', { name: 'Overzicht' }).click();
    await page.getByRole('heading', { name: 'Metingen' }).waitFor();
    const high = page.locator('.vital-H');
    // The demo's newest round for Jan (domain/demo/demo.seed.ts, the NEWS2 of 5 from issue 41):
    // respiration, temperature and pulse high, saturation low; the systolic pressure normal, and the
    // diastolic pressure of the round before.
    expect(await high.count()).toBe(3);
    expect(await high.first().textContent()).toContain('hoog');
    expect(await page.locator('.vital-L').count()).toBe(1);
    expect(await page.locator('.vital-N').count()).toBe(2);
    await screenshot(page, '23-overzicht-metingen');

    await page.getByRole('link', { name: 'Intake' }).click();
    await page.getByRole('heading', { name: 'Risicotaxatie' }).waitFor();
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(await page.locator('.risk-list').textContent()).toContain('hoog');
    expect(await page.getByText('F20.9').count()).toBe(1);
    await screenshot(page, '24-intake');
  });
});
