import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, lookAt, screenshot, signedInWithForm } from '../support/browser';
import { asOwner, createOrganisation, createReport, createUser, createVital, registerPatient, validBsns } from '../support/factories';
import { baseUrl, json, login } from '../support/http';

/*
 * Issue 26, points 2 and 3 in Chromium: the ward handover made for every patient in one go (the
 * page follows the progress by itself with JavaScript, and through "Opnieuw kijken" without), its
 * action items ticked off with who and when, still ticked after a reload and after the handover is
 * made again (issue 41, point 5), and the print page as paper shows it.
 */

let browser: Browser;
let user: { email: string; password: string };
let apiCookie: string;
const names = ['Wieteke Zaalberg', 'Jelmer Zaalberg', 'Rosa Zaalberg'];
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);

beforeAll(async () => {
  browser = await launchBrowser();
  const organisation = await createOrganisation();
  const nurse = await createUser(organisation.id, { role: 'verpleegkundige' });
  user = nurse;
  const { cookie } = await login(nurse.email, nurse.password);
  apiCookie = cookie!;
  const ids: string[] = [];
  for (const [index, full] of names.entries()) {
    const [given, family] = full.split(' ') as [string, string];
    const id = await registerPatient(cookie!, {
      name: [{ family, given: [given] }],
      identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: validBsns[index + 4]! }],
    });
    ids.push(id);
    await createVital(organisation.id, {
      patientId: id,
      code: '8480-6',
      label: 'Bloeddruk systolisch',
      value: 190 + index,
      unit: 'mmHg',
      interpretation: 'HH',
      observedAt: hoursAgo(2),
    });
    await createReport(organisation.id, {
      patientId: id,
      createdBy: nurse.id,
      type: 'incident',
      category: 'incident',
      content: `Gooide een beker door de huiskamer (${index}).`,
      createdAt: hoursAgo(4),
      includeInHandover: true,
    });
  }
  await asOwner(organisation.id, (db) => db.query("update patients set episode_status = 'active' where id = any($1)", [ids]));
});

afterAll(async () => {
  await browser?.close();
});

const cards = (page: Page) => page.locator('.ward-handover-patient');
const ticked = /^Afgevinkt door Test Zorgverlener, vandaag \d{2}:\d{2}$/;
const firstSummaryId = async () => {
  const ward = (await (await json('/api/overdracht/ward?period=1d&filterForRole=verpleegkundige', { cookie: apiCookie })).json()) as {
    patients: { summary: { meta: { summaryId: string } } | null }[];
  };
  return ward.patients[0]?.summary?.meta.summaryId;
};
const generationStatus = async () =>
  (
    (await (await json('/api/overdracht/ward/generate/status?period=1d&filterForRole=verpleegkundige', { cookie: apiCookie })).json()) as {
      status: string;
    }
  ).status;

describe('ward handover in Chromium', () => {
  it('makes the handover for every patient, follows its progress and keeps a ticked action item', async () => {
    const { context, page } = await signedInWithForm(browser, baseUrl(), user);
    try {
      await page.goto('/overdracht');
      await page.getByRole('link', { name: 'Hele afdeling' }).click();
      await page.getByRole('heading', { level: 1, name: 'Overdracht afdeling' }).waitFor();
      expect(await cards(page).count()).toBe(names.length);
      expect(await page.getByText('Nog geen overdracht van vandaag voor deze periode en rol.').count()).toBe(names.length);
      await lookAt(page, 'overdracht-afdeling-leeg', true);

      await page.getByRole('button', { name: 'Voor alle patiënten maken' }).click();
      // The page follows the workflow by itself until every card has its summary.
      await expect.poll(() => page.getByText(/^Gemaakt om \d{2}:\d{2}$/).count(), { timeout: 30_000 }).toBe(names.length);
      await page.waitForURL((url) => !url.searchParams.has('generatie'));
      await page.getByRole('button', { name: 'Voor alle patiënten maken' }).waitFor();

      const first = cards(page).first();
      const box = first.getByRole('checkbox').first();
      expect(await box.getAttribute('aria-checked')).toBe('false');
      await box.click();
      await expect.poll(() => box.getAttribute('aria-checked')).toBe('true');
      // Who and when, on the summary itself (issue 41, point 5).
      await first.getByText(ticked).waitFor();
      await lookAt(page, 'overdracht-afdeling', true);

      await page.reload();
      expect(await cards(page).first().getByRole('checkbox').first().getAttribute('aria-checked')).toBe('true');

      // Made again: the same action comes back in a new summary, still ticked, with the same who and when.
      const before = await firstSummaryId();
      await Promise.all([
        page.waitForResponse((response) => response.request().method() === 'POST'),
        page.getByRole('button', { name: 'Voor alle patiënten maken' }).click(),
      ]);
      await expect.poll(generationStatus, { timeout: 30_000 }).toBe('klaar');
      expect(await firstSummaryId()).not.toBe(before);
      await page.goto('/overdracht/afdeling');
      expect(await cards(page).first().getByRole('checkbox').first().getAttribute('aria-checked')).toBe('true');
      await cards(page).first().getByText(ticked).waitFor();
    } finally {
      await context.close();
    }
  });

  it('works without JavaScript: start, look again, tick off', async () => {
    const { context, page } = await signedInWithForm(browser, baseUrl(), user, { javaScriptEnabled: false });
    try {
      await page.goto('/overdracht/afdeling?rol=psychiater');
      await page.getByRole('button', { name: 'Voor alle patiënten maken' }).click();
      // Either the progress (the run is still going) or the finished page: "Opnieuw kijken" until done.
      await expect
        .poll(
          async () => {
            if ((await page.getByRole('link', { name: 'Opnieuw kijken' }).count()) === 0) return 'klaar';
            expect(await page.getByRole('heading', { name: /De overdracht wordt gemaakt/ }).count()).toBe(1);
            await page.getByRole('link', { name: 'Opnieuw kijken' }).click();
            return 'bezig';
          },
          { interval: 250, timeout: 30_000 },
        )
        .toBe('klaar');
      await expect.poll(() => page.getByText(/^Gemaakt om \d{2}:\d{2}$/).count()).toBe(names.length);
      expect(new URL(page.url()).searchParams.get('rol')).toBe('psychiater');

      const box = cards(page).last().getByRole('checkbox').first();
      await box.click();
      await page.waitForLoadState('load');
      expect(await cards(page).last().getByRole('checkbox').first().getAttribute('aria-checked')).toBe('true');
      expect(new URL(page.url()).searchParams.get('rol')).toBe('psychiater');
      await lookAt(page, 'overdracht-afdeling-zonder-js', false);
    } finally {
      await context.close();
    }
  });

  it('prints: the print page leaves its buttons off paper and links the PDF', async () => {
    const { context, page } = await signedInWithForm(browser, baseUrl(), user);
    try {
      await page.goto('/overdracht/afdeling');
      await page.getByRole('link', { name: 'Afdrukken' }).click();
      await page.getByRole('heading', { level: 1, name: 'Overdracht afdeling' }).waitFor();
      for (const name of names) await page.getByRole('heading', { level: 2, name: new RegExp(name) }).waitFor();
      expect(await page.getByRole('link', { name: 'PDF downloaden' }).getAttribute('href')).toBe(
        '/overdracht/afdeling/pdf?periode=1d&rol=verpleegkundige',
      );
      await lookAt(page, 'overdracht-afdeling-afdrukken', true);
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByRole('navigation', { name: 'Afdrukken' }).isVisible()).toBe(false);
      await screenshot(page, 'overdracht-afdeling-papier');
    } finally {
      await context.close();
    }
  });
});
