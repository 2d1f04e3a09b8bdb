import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, lookAt, signedInWithForm } from '../support/browser';
import { createOrganisation, createUser, registerPatient, type TestUser } from '../support/factories';
import { baseUrl, login } from '../support/http';

/*
 * Measurements as a nurse enters them (issue 25): a round with a Dutch decimal comma, the NEWS2
 * score and its advice, a correction that keeps the wrong value visible, the trend drawn as a chart
 * on the server; the Brøset Violence Checklist with its advice; with JavaScript on and off.
 */

let browser: Browser;
let nurse: TestUser;
const patients: Record<string, string> = {};

beforeAll(async () => {
  browser = await launchBrowser();
  const organisationId = (await createOrganisation()).id;
  nurse = await createUser(organisationId, { role: 'verpleegkundige' });
  const { cookie } = await login(nurse.email, nurse.password);
  // One patient per run, so each run's round is that patient's newest.
  patients.true = await registerPatient(cookie!, { name: [{ family: 'Visser', given: ['Anouk'] }] });
  patients.false = await registerPatient(cookie!, {
    name: [{ family: 'Smit', given: ['Ruud'] }],
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: '111222333' }],
  });
});

afterAll(async () => {
  await browser?.close();
});

describe.each([true, false])('measurements in Chromium (JavaScript %s)', (javaScript) => {
  it('records a round, shows NEWS2 with its advice, and corrects a value with a reason', async () => {
    const { context, page } = await signedInWithForm(browser, baseUrl(), nurse, { javaScriptEnabled: javaScript });
    await page.goto(`/patients/${patients[String(javaScript)]}`);
    await page.getByRole('link', { name: 'Metingen' }).click();
    await page.getByRole('heading', { name: 'Nieuwe meting' }).waitFor();
    await page.getByLabel('Ademhalingsfrequentie (/min)').fill('22');
    await page.getByLabel('Saturatie (%)').fill('94');
    await page.getByLabel('Bloeddruk (systolisch) (mmHg)').fill('118');
    await page.getByLabel('Hartfrequentie (/min)').fill('112');
    await page.getByLabel('Temperatuur (°C)').fill('38,4');
    await page.getByLabel('Bewustzijn (ACVPU)').selectOption('A');
    await page.getByRole('button', { name: 'Meting opslaan' }).click();
    await page.getByRole('heading', { name: 'NEWS2-score 6' }).waitFor();
    expect(await page.getByText('Gemiddeld risico', { exact: true }).count()).toBe(1);
    // The score reaches the patient's warnings too (issue 41), with how often to measure now.
    expect(await page.getByText(/NEWS2 6 \(gemiddeld risico\): minimaal elk uur meten/).count()).toBeGreaterThanOrEqual(1);
    await lookAt(page, javaScript ? 'metingen-met-js' : 'metingen-zonder-js', javaScript);

    await page.getByRole('link', { name: 'Temperatuur corrigeren' }).first().click();
    await page.getByRole('heading', { name: 'Meting corrigeren' }).waitFor();
    await page.getByLabel('Juiste waarde (°C)').fill('37,4');
    await page.getByLabel('Reden van de correctie').fill('Verkeerd afgelezen');
    await page.getByRole('button', { name: 'Correctie opslaan' }).click();
    await page.getByText('(correctie: Verkeerd afgelezen)').first().waitFor();
    expect(await page.locator('del.vital-corrected', { hasText: '38,4' }).count()).toBeGreaterThanOrEqual(1);
    // 38.4 scored 1, 37.4 scores 0: the round's NEWS2 follows the correction.
    await page.getByRole('heading', { name: 'NEWS2-score 5' }).waitFor();
    // The trend as charts, rendered on the server: the corrected value is no longer in its line.
    const chart = page.getByRole('img', { name: /^Temperatuur: 1 meting/ });
    await chart.waitFor();
    expect(await chart.getAttribute('aria-label')).toContain('laatste 37,4 °C (normaal)');
    expect(await page.locator('figure.trend-chart').count()).toBe(5);
    await context.close();
  });

  it('scores the Brøset Violence Checklist and shows its advice', async () => {
    const { context, page } = await signedInWithForm(browser, baseUrl(), nurse, { javaScriptEnabled: javaScript });
    await page.goto(`/patients/${patients[String(javaScript)]}/metingen`);
    await page.getByRole('link', { name: 'Brøset Violentie Checklist' }).click();
    await page.getByRole('heading', { name: 'Nieuwe BVC' }).waitFor();
    expect(await page.getByText('Nog geen BVC gescoord.').count()).toBe(1);
    await page.getByLabel(/^Prikkelbaar/).check();
    await page.getByLabel(/^Luidruchtig/).check();
    await page.getByLabel(/^Verbaal dreigend/).check();
    await page.getByRole('button', { name: 'BVC opslaan' }).click();
    await page.getByRole('heading', { name: 'BVC-score 3 van 6' }).waitFor();
    await page.getByText('Risico op geweld zeer hoog', { exact: true }).first().waitFor();
    expect(await page.getByText(/maak een plan om mogelijk geweld te hanteren/).count()).toBe(1);
    // The form is empty again for the next shift.
    expect(await page.getByLabel(/^Prikkelbaar/).isChecked()).toBe(false);
    await lookAt(page, javaScript ? 'metingen-bvc-met-js' : 'metingen-bvc-zonder-js', javaScript);
    await context.close();
  });
});
