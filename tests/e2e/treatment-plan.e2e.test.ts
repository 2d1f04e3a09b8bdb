import { clinicalToday } from '../../domain/shared/clinical-time';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plusDays } from '../../domain/treatment-plan/draft';
import { screenshot, signedInPage, type SignedInBrowser } from '../support/browser';
import { baseUrl } from '../support/http';

let session: SignedInBrowser;
let page: Page;

/** Full-page shots from the top, as a reader first sees the tab. */
async function shot(name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

const planCard = () => page.locator('article.plan-card');

// The seeded demo patient Jan de Vries (domain/demo/demo.seed.ts): schizophrenia with cannabis use,
// a high suicide risk, a medication refusal and a crisis in the reports. The test stack has no
// language model, so the draft is the local one.
beforeAll(async () => {
  session = await signedInPage('psychiater', baseUrl(), { width: 1440, height: 1000 });
  page = session.page;
  await page.getByRole('link', { name: 'Jan de Vries' }).click();
  await page.getByRole('heading', { level: 1, name: /Jan de Vries/ }).waitFor();
  await page.getByRole('navigation', { name: 'Dossier' }).getByRole('link', { name: 'Behandelplan' }).click();
  await page.getByRole('heading', { name: 'Nog geen behandelplan' }).waitFor();
});

afterAll(async () => {
  await session?.close();
});

describe('treatment plan in Chromium', () => {
  it('offers to generate a first plan and shows the workflow’s steps while it is drafted', async () => {
    expect(await page.getByText('Er is nog geen goedgekeurd behandelplan.').count()).toBe(1);
    await shot('behandelplan-leeg');

    // Hold the answer back until the steps the workflow reports have been seen and captured.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      '**/api/behandelplan/generate',
      async (route) => {
        const response = await route.fetch();
        await released;
        await route.fulfill({ response });
      },
      { times: 1 },
    );
    await page.getByRole('button', { name: 'Behandelplan genereren' }).click();
    const steps = page.getByRole('status', { name: 'Voortgang' });
    await steps.waitFor();
    await expect.poll(() => steps.locator('.step-done').count(), { timeout: 10_000 }).toBe(3);
    expect(await steps.locator('.step-name').allTextContents()).toEqual([
      "Intake, diagnoses, risico's en rapportages verzamelen",
      'Concept opstellen',
      'Controleren en opslaan als concept',
    ]);
    await shot('behandelplan-voortgang');
    release();

    await planCard().getByRole('heading', { name: 'Behandelplan versie 1' }).waitFor();
    expect(await planCard().locator('.plan-badges').textContent()).toBe('ConceptConcept zonder taalmodel');
    expect(await page.getByLabel('Probleemanalyse').inputValue()).toContain('F20.9 Schizofrenie');
    expect(await page.getByLabel('Doel 1').inputValue()).toMatch(/antipsychotische medicatie/);
    expect(await page.getByLabel('Interventies').inputValue()).toContain('Therapietrouw bespreken');
    expect(await page.locator('[name="behandelaren.0.naam"]').inputValue()).toBe('Dr. Ahmed el Amrani');
    await shot('behandelplan-concept');
  });

  it('refuses to approve an incomplete plan with Dutch messages at the fields', async () => {
    await page.getByRole('button', { name: 'Goedkeuren' }).click();
    await page.getByText('Het behandelplan is nog niet compleet').waitFor();
    const hulpvraag = page.locator('.field.has-error', { has: page.getByLabel('Hulpvraag', { exact: true }) });
    expect(await hulpvraag.locator('.field-error').textContent()).toBe('Vul de hulpvraag in voordat je het plan goedkeurt.');
    await page.getByText('Leg vast of de patiënt met het plan instemt voordat je het goedkeurt.').waitFor();
    expect(await page.getByLabel('Hulpvraag', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Hulpvraag', { exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'behandelplan-validatie');
  });

  it('edits the draft — a goal of its own with an evaluation date, the consent — and approves it', async () => {
    await page
      .getByLabel('Hulpvraag', { exact: true })
      .fill('Ik wil weer rust in mijn hoofd, zonder stemmen, en over drie maanden weer naar de dagbesteding.');
    const before = await page.getByLabel(/^Doel \d+$/).count();
    await page.getByRole('button', { name: 'Doel toevoegen' }).click();
    await page
      .getByLabel(`Doel ${before + 1}`)
      .fill('De cliënt gaat binnen zes weken drie ochtenden per week naar de dagbesteding, bijgehouden in de weekplanning.');
    const evaluation = plusDays(clinicalToday(), 42);
    await page.locator(`[name="doelen.${before}.evaluatiedatum"]`).fill(evaluation);
    await page.getByRole('combobox', { name: 'Status' }).selectOption('ingestemd');
    await page.getByLabel('Toelichting').fill('Besproken met de cliënt en zijn zus op de afdeling.');
    await page.getByRole('button', { name: 'Goedkeuren' }).click();

    await page.getByText('Versie 1 is goedgekeurd en is nu het geldende behandelplan.').waitFor();
    await planCard().locator('.plan-badges .plan-status-approved').waitFor();
    expect(await planCard().locator('textarea, input').count()).toBe(0);
    expect(await planCard().getByText('Goedgekeurd en alleen te lezen.').count()).toBe(1);
    expect(await planCard().locator('.plan-provenance').textContent()).toMatch(
      /goedgekeurd door Dr\. Ahmed el Amrani, vandaag \d{2}:\d{2}/,
    );
    await planCard().getByText('De cliënt gaat binnen zes weken drie ochtenden per week naar de dagbesteding').waitFor();
    expect(await planCard().getByText('Patiënt stemt in').count()).toBe(1);
    const current = page.getByRole('region', { name: 'Geldend behandelplan' });
    expect(await current.textContent()).toContain('Goedgekeurd door Dr. Ahmed el Amrani');
    await shot('behandelplan-goedgekeurd');
  });

  it('generates a new draft later while the approved version stays in force', async () => {
    await page.getByRole('button', { name: 'Behandelplan genereren' }).click();
    await planCard().getByRole('heading', { name: 'Behandelplan versie 2' }).waitFor();
    const versions = page.getByRole('region', { name: 'Versies' }).locator('.plan-version');
    await expect.poll(() => versions.count(), { timeout: 10_000 }).toBe(2);
    expect(await versions.nth(0).textContent()).toMatch(/^Versie 2Concept/);
    expect(await versions.nth(1).textContent()).toMatch(/^Versie 1Goedgekeurd/);
    expect(await page.getByRole('region', { name: 'Geldend behandelplan' }).textContent()).toContain('Versie 1');
    await shot('behandelplan-nieuw-concept');

    await versions.nth(1).click();
    await planCard().getByRole('heading', { name: 'Behandelplan versie 1' }).waitFor();
    expect(await planCard().locator('textarea').count()).toBe(0);
  });
});
