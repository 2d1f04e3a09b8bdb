import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, signedInPage, type SignedInBrowser } from '../support/browser';
import { baseUrl } from '../support/http';

let session: SignedInBrowser;
let page: Page;

beforeAll(async () => {
  session = await signedInPage('verpleegkundige', baseUrl());
  page = session.page;
});

afterAll(async () => {
  await session?.close();
});

describe('patients in Chromium', () => {
  it('lists the demo ward newest first, filters by status and marks a John Doe', async () => {
    const rows = page.locator('table.table tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(25);
    expect(await page.getByText('van 40').textContent()).toContain('1–25 van 40');
    expect(await page.getByText('BSN ontbreekt').count()).toBeGreaterThan(0);
    await screenshot(page, '10-patienten-lijst');

    await page.getByRole('link', { name: 'Screening' }).click();
    await page.waitForURL('**/patients?status=screening');
    await page.locator('.segment.active', { hasText: 'Screening' }).waitFor();
    const statuses = await page.locator('table.table tbody td .badge').allTextContents();
    expect(new Set(statuses)).toEqual(new Set(['Screening']));
  });

  it('registers a patient through the form after one validation error, then finds it', async () => {
    await page.goto('/patients/new');
    await page.getByLabel('Voornamen').fill('Marieke Johanna');
    await page.getByLabel('Voorvoegsel').fill('van den');
    await page.getByLabel('Achternaam').fill('Heuvel');
    await page.getByLabel('BSN').fill('123456789');
    await page.getByLabel('Geboortedatum').fill('1988-06-15');
    await page.getByLabel('Geslacht').selectOption('female');
    await page.getByLabel('Postcode').fill('3511ab');
    await page.getByLabel('Woonplaats').fill('Utrecht');
    await page.getByLabel('Zorgverzekeraar').fill('Menzis');
    await page.getByRole('button', { name: 'Patiënt registreren' }).click();

    const error = page.locator('#bsn-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('Dit BSN is ongeldig: het voldoet niet aan de elfproef.');
    expect(await page.getByLabel('Achternaam').inputValue()).toBe('Heuvel');
    expect(await page.getByLabel('Voorvoegsel').inputValue()).toBe('van den');
    await screenshot(page, '11-nieuwe-patient-fout');

    await page.getByLabel('BSN').fill('100023757');
    await page.getByRole('button', { name: 'Patiënt registreren' }).click();
    await page.waitForURL(/\/patients\/[0-9a-f-]{36}$/);
    // Client-side navigation: the URL can change a moment before the new page has rendered.
    const heading = page.getByRole('heading', { level: 1, name: /Marieke Johanna van den Heuvel/ });
    await heading.waitFor();
    expect(await heading.textContent()).toContain('Gepland');
    expect(await page.locator('.record-facts').textContent()).toContain('••••••757');
    expect(await page.locator('.record-facts').textContent()).not.toContain('100023757');
    await screenshot(page, '12-patient-detail');
    const detailUrl = page.url();

    await page.getByRole('link', { name: 'Patiënten' }).first().click();
    await page.getByRole('searchbox').fill('marieke van den hevel');
    await page.getByRole('button', { name: 'Zoeken' }).click();
    await page.waitForURL('**/patients?q=*');
    await page.locator('.table-caption').waitFor();
    const first = page.locator('table.table tbody tr').first();
    expect(await first.textContent()).toContain('Marieke Johanna van den Heuvel');
    await screenshot(page, '13-zoeken');
    await first.getByRole('link').click();
    await page.waitForURL(detailUrl);
    await page.getByRole('heading', { level: 1, name: /Marieke Johanna van den Heuvel/ }).waitFor();

    await page.getByRole('link', { name: 'Toegang' }).click();
    await page.waitForURL('**/toegang');
    await page.getByRole('heading', { name: 'Toegangslog' }).waitFor();
    const log = await page.locator('table.table').textContent();
    expect(log).toContain('Aangemaakt');
    expect(log).toContain('Gevonden bij zoeken');
    expect(log).toContain('Sanne de Boer');
    await screenshot(page, '14-toegangslog');
  });

  it('registers an unknown person in crisis without BSN, visibly marked', async () => {
    await page.goto('/patients/new');
    await page.getByLabel('Onbekende patiënt (NN, crisisopname)').check();
    await page.getByRole('status').waitFor();
    expect(await page.getByRole('status').textContent()).toContain('zonder BSN');
    await page.getByRole('button', { name: 'Patiënt registreren' }).click();
    await page.waitForURL(/\/patients\/[0-9a-f-]{36}$/);
    await page.getByText('Onbekende patiënt (NN).').waitFor();
    await screenshot(page, '15-john-doe');
  });
});
