import { appendFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBsn } from '../../domain/demo/patient-generator';
import { addDaysToIsoDate, clinicalToday } from '../../domain/shared/clinical-time';
import { launchBrowser, screenshot, screenshotDir, signedInWithForm, viewports, type Viewport } from '../support/browser';
import { asOwner, createOrganisation, createRisk, createUser, registerPatient, type TestUser } from '../support/factories';
import { baseUrl, json, login } from '../support/http';

/*
 * Issue 44, point 9: on a phone (390 px) and at 200 % zoom (720 × 500 CSS px) the patient banner
 * filled the first screen of every record tab. Below 900 px it folds to one line with the name and
 * every fact that asks for action, a disclosure that opens the full banner, with JavaScript and
 * without; at 1440 px it is as it was. The positions where the tab content starts are written to
 * the screenshot folder (banner-narrow.jsonl) for the report.
 */

const sizes = viewports;
type Size = Viewport;

let browser: Browser;
let nurse: TestUser;
let patientId: string;
const contexts: BrowserContext[] = [];
const positionsLog = path.join(screenshotDir, 'banner-narrow.jsonl');

beforeAll(async () => {
  browser = await launchBrowser();
  await rm(positionsLog, { force: true });
  const organisationId = (await createOrganisation()).id;
  nurse = await createUser(organisationId, { role: 'verpleegkundige' });
  const { cookie } = await login(nurse.email, nurse.password);
  patientId = await registerPatient(cookie!, {
    name: [{ family: 'Hoekstra', given: ['Daan'] }],
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: generateBsn(Math.random) }],
  });
  await asOwner(organisationId, (db) => db.query("update patients set episode_status = 'active' where id = $1", [patientId]));
  // What needs action: a severe allergy, a high suicide risk, a crisismaatregel and an open separatie.
  const post = (to: string, body: unknown) => json(to, { method: 'POST', cookie: cookie!, body });
  await createRisk(organisationId, { patientId, riskType: 'suïcide', riskLevel: 'hoog', rationale: 'Doodsgedachten met een plan.' });
  await post(`/api/patients/${patientId}/allergies`, { substance: 'Penicilline', reaction: 'Benauwdheid', severity: 'ernstig' });
  await post(`/api/patients/${patientId}/legal-status`, {
    kind: 'wvggz-crisismaatregel',
    startsOn: addDaysToIsoDate(clinicalToday(), -1),
    endsOn: addDaysToIsoDate(clinicalToday(), 20),
  });
  await post(`/api/patients/${patientId}/coercive-measures`, {
    kind: 'separatie',
    startedAt: new Date(Date.now() - 30 * 60_000).toISOString(),
    legalBasis: 'maatregel',
    decidedBy: 'Dr. L. Mulder',
  });
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

async function signedIn(size: Size, javaScriptEnabled: boolean): Promise<Page> {
  const { context, page } = await signedInWithForm(browser, baseUrl(), nurse, { javaScriptEnabled, size });
  contexts.push(context);
  return page;
}

/** How much wider than the window the page is, in CSS pixels (0: it fits). */
const overflow = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

/** The outermost elements that reach past the window's right edge: where a failing overflow check starts. */
const tooWide = (page: Page) =>
  page.evaluate(() => {
    const wide = (element: Element | null) => element !== null && element.getBoundingClientRect().right > window.innerWidth + 0.5;
    return [...document.querySelectorAll('body *')]
      .filter((element) => wide(element) && !wide(element.parentElement))
      .map((element) => {
        const { width, right } = element.getBoundingClientRect();
        return `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} (${Math.round(width)} breed, tot ${Math.round(right)})`;
      })
      .slice(0, 8);
  });

const fullBanner = (page: Page) => page.getByRole('region', { name: 'Veiligheid en rechtspositie' });
/** The folded line: a disclosure's summary, which Chromium announces as a button that expands. */
const foldedLine = (page: Page) => page.locator('summary', { hasText: 'Daan Hoekstra' });
const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Dossier' });
const tabHeading = (page: Page) => page.locator('.tab-panel h2').first();

/** Where the record's tab bar and the open tab's first heading start, from the top of the page. */
async function contentStart(page: Page): Promise<{ tabBar: number; heading: number }> {
  const [bar, heading] = [await tabBar(page).boundingBox(), await tabHeading(page).boundingBox()];
  return { tabBar: Math.round(bar!.y), heading: Math.round(heading!.y) };
}

describe.each(['390', 'zoom200'] as const)('the banner at %s', (size) => {
  const { height } = sizes[size].viewport;

  it.each([true, false])('folds to one line with the critical facts, and opens with JavaScript %s', async (javaScript) => {
    const suffix = `${size}-${javaScript ? 'met-js' : 'zonder-js'}`;
    const page = await signedIn(size, javaScript);
    await page.goto(`/patients/${patientId}/rapportages`);
    await page.getByRole('heading', { level: 1, name: /Daan Hoekstra/ }).waitFor();
    const start = await contentStart(page);
    await appendFile(positionsLog, `${JSON.stringify({ size, javaScript, state: 'ingeklapt', ...start, viewport: height })}\n`);

    // Folded: the name and every fact that asks for action in one line; the full banner not shown.
    const line = foldedLine(page);
    expect(await line.isVisible()).toBe(true);
    const text = await line.innerText();
    for (const fact of ['Daan Hoekstra', 'Penicilline (ernstig)', 'Separatie / afzondering', 'suïcide: hoog', 'Crisismaatregel'])
      expect(text, fact).toContain(fact);
    expect(text).toContain('Alles tonen');
    expect(await fullBanner(page).isVisible()).toBe(false);

    // The tab bar and the tab's own heading lie within the first screen.
    expect(start.tabBar + ((await tabBar(page).boundingBox())?.height ?? 0)).toBeLessThanOrEqual(height);
    expect(start.heading).toBeLessThan(height);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    // The new report's two choices each keep their own room (they squashed into each other at 390 px).
    const [kind, category] = [await page.locator('#type').boundingBox(), await page.locator('#category').boundingBox()];
    expect(kind!.x + kind!.width <= category!.x || kind!.y + kind!.height <= category!.y, 'Soort en Categorie overlappen').toBe(true);
    expect(kind!.width).toBeGreaterThan(120);
    await screenshot(page, `banner-ingeklapt-${suffix}`, javaScript);

    // Opened: the full banner under the line, with its links.
    await line.click();
    await fullBanner(page).waitFor();
    expect(await page.evaluate(() => document.querySelector('.banner-toggle')?.hasAttribute('open'))).toBe(true);
    await fullBanner(page).getByText('Crisismaatregel (Wvggz)', { exact: true }).waitFor();
    await fullBanner(page).getByRole('link', { name: 'Allergieën bekijken' }).waitFor();
    expect(await line.innerText()).toContain('Inklappen');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `banner-open-${suffix}`, javaScript);

    // And folds again.
    await line.click();
    await fullBanner(page).waitFor({ state: 'hidden' });
  });
});

describe('the banner at 1440', () => {
  it.each([true, false])('is shown in full, with no folded line (JavaScript %s)', async (javaScript) => {
    const page = await signedIn('1440', javaScript);
    await page.goto(`/patients/${patientId}/rapportages`);
    await fullBanner(page).getByText('Crisismaatregel (Wvggz)', { exact: true }).waitFor();
    await fullBanner(page).getByText('Penicilline').waitFor();
    expect(await foldedLine(page).isVisible()).toBe(false);
    const start = await contentStart(page);
    await appendFile(positionsLog, `${JSON.stringify({ size: '1440', javaScript, state: 'volledig', ...start, viewport: 1000 })}\n`);
    expect(start.heading).toBeLessThan(1000);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `banner-1440-${javaScript ? 'met-js' : 'zonder-js'}`, javaScript);
  });
});

describe('the single-patient handover at 390', () => {
  it('is no wider than the phone, with the banner folded to its critical facts', async () => {
    const page = await signedIn('390', true);
    await page.goto(`/overdracht?patient=${patientId}`);
    await page.locator('.handover-detail').getByRole('heading', { level: 2, name: 'Daan Hoekstra' }).waitFor();
    expect(await overflow(page), (await tooWide(page)).join('; ')).toBeLessThanOrEqual(0);
    // The name is the detail's heading; the banner folds under "Veiligheid" with every fact that asks for action.
    const line = page.locator('summary', { hasText: 'Veiligheid' });
    const text = await line.innerText();
    for (const fact of ['Penicilline (ernstig)', 'Separatie / afzondering', 'suïcide: hoog', 'Crisismaatregel'])
      expect(text, fact).toContain(fact);
    expect(await fullBanner(page).isVisible()).toBe(false);
    // From the top of the page, not of the window (opening the line may scroll).
    const summaryTop = () =>
      page
        .getByRole('heading', { name: 'Overdrachtssamenvatting' })
        .evaluate((heading) => heading.getBoundingClientRect().top + window.scrollY);
    const folded = await summaryTop();
    await screenshot(page, 'banner-overdracht-390');
    await line.click();
    await fullBanner(page).getByRole('link', { name: 'Allergieën bekijken' }).waitFor();
    // Folded, the summary to generate comes the whole banner's height sooner.
    expect((await summaryTop()) - folded).toBeGreaterThan(250);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'banner-overdracht-open-390');

    await page.goto(`/patients/${patientId}/overdracht`);
    await page.getByRole('heading', { level: 1, name: /Daan Hoekstra/ }).waitFor();
    expect(await overflow(page), (await tooWide(page)).join('; ')).toBeLessThanOrEqual(0);
    await screenshot(page, 'banner-dossier-overdracht-390');
  });
});
