import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBsn } from '../../domain/demo/patient-generator';
import { addDaysToIsoDate, clinicalToday, formatDate } from '../../domain/shared/clinical-time';
import { launchBrowser, lookAt, screenshot, signedInWithForm } from '../support/browser';
import { asOwner, createOrganisation, createRisk, createUser, registerPatient, type TestUser } from '../support/factories';
import { baseUrl, json, login } from '../support/http';

/*
 * Issue 25, points 6 and 7 in the browser: the forms for legal status, compulsory care, allergies
 * and the signaleringsplan with JavaScript on and off, and the banner of a patient with a high
 * suicide risk under a Wvggz crisismaatregel with an open separatie, on the record and at handover.
 */

let browser: Browser;
let nurse: TestUser;
let cookie: string;
const patients: Record<string, string> = {};
const today = clinicalToday();

async function patient(family: string, given: string): Promise<string> {
  const id = await registerPatient(cookie, {
    name: [{ family, given: [given] }],
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: generateBsn(Math.random) }],
  });
  await asOwner(nurse.organisationId, (db) => db.query("update patients set episode_status = 'active' where id = $1", [id]));
  return id;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const organisationId = (await createOrganisation()).id;
  nurse = await createUser(organisationId, { role: 'verpleegkundige' });
  cookie = (await login(nurse.email, nurse.password)).cookie!;
  patients.true = await patient('Visser', 'Anouk');
  patients.false = await patient('Smit', 'Ruud');

  // The patient of the banner: high suicide risk, a crisismaatregel, an open separatie with one evaluation.
  patients.banner = await patient('Hoekstra', 'Daan');
  const post = (path: string, body: unknown) => json(path, { method: 'POST', cookie, body });
  await createRisk(organisationId, {
    patientId: patients.banner,
    riskType: 'suïcide',
    riskLevel: 'hoog',
    rationale: 'Doodsgedachten met een plan.',
  });
  await post(`/api/patients/${patients.banner}/legal-status`, {
    kind: 'wvggz-crisismaatregel',
    startsOn: addDaysToIsoDate(today, -1),
    endsOn: addDaysToIsoDate(today, 2),
  });
  await post(`/api/patients/${patients.banner}/allergies`, { substance: 'Penicilline', reaction: 'Benauwdheid', severity: 'ernstig' });
  const measure = (await (
    await post(`/api/patients/${patients.banner}/coercive-measures`, {
      kind: 'separatie',
      startedAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
      legalBasis: 'maatregel',
      decidedBy: 'Dr. L. Mulder',
    })
  ).json()) as { id: string };
  await post(`/api/coercive-measures/${measure.id}/evaluations`, {
    evaluatedAt: new Date(Date.now() - 3600_000).toISOString(),
    evaluatedBy: 'Dr. L. Mulder',
    text: 'Nog gespannen; separatie voortzetten.',
  });
});

afterAll(async () => {
  await browser?.close();
});

const banner = (page: Page) => page.getByRole('region', { name: 'Veiligheid en rechtspositie' });

describe.each([true, false])('legal status, compulsory care, allergies and signaleringsplan in Chromium (JavaScript %s)', (javaScript) => {
  const suffix = javaScript ? 'met-js' : 'zonder-js';

  it('registers and corrects a legal status, then registers, evaluates and ends a measure', async () => {
    const { context, page } = await signedInWithForm(browser, baseUrl(), nurse, { javaScriptEnabled: javaScript });
    await page.goto(`/patients/${patients[String(javaScript)]}`);
    await banner(page).getByText('Allergieën niet vastgelegd').waitFor();
    await page.getByRole('navigation', { name: 'Dossier' }).getByRole('link', { name: 'Verplichte zorg' }).click();
    await page.getByRole('heading', { name: 'Nieuwe rechtspositie' }).waitFor();

    const statusForm = page.locator('form', { has: page.getByRole('button', { name: 'Rechtspositie vastleggen' }) });
    await statusForm.getByRole('button', { name: 'Rechtspositie vastleggen' }).click();
    await statusForm.getByText('Kies de rechtspositie.').waitFor();
    await statusForm.getByLabel('Rechtspositie').selectOption({ label: 'Crisismaatregel (Wvggz)' });
    await statusForm.getByLabel('Einddatum (optioneel)').fill(addDaysToIsoDate(today, 3));
    await statusForm.getByRole('button', { name: 'Rechtspositie vastleggen' }).click();
    await page.getByText('De rechtspositie is vastgelegd.').waitFor();
    await banner(page).getByText('Crisismaatregel (Wvggz)').waitFor();
    const legalStatus = () => banner(page).locator('.banner-item', { hasText: 'Crisismaatregel (Wvggz)' }).first().textContent();
    expect(await legalStatus()).toContain(`t/m ${formatDate(addDaysToIsoDate(today, 3))}`);

    await page.getByRole('link', { name: /Crisismaatregel \(Wvggz\) van .* corrigeren/ }).click();
    await page.getByRole('heading', { name: 'Rechtspositie corrigeren' }).waitFor();
    const correctForm = page.locator('form', { has: page.getByRole('button', { name: 'Correctie opslaan' }) });
    await correctForm.getByLabel('Einddatum (optioneel)').fill(addDaysToIsoDate(today, 2));
    await correctForm.getByLabel('Reden van de correctie').fill('Einddatum volgens de beschikking');
    await correctForm.getByRole('button', { name: 'Correctie opslaan' }).click();
    await page.getByText('Correctie: Einddatum volgens de beschikking').waitFor();
    // The banner follows the correction; the corrected registration stays in the history, struck through.
    expect(await legalStatus()).toContain(`t/m ${formatDate(addDaysToIsoDate(today, 2))}`);
    expect(await legalStatus()).not.toContain(formatDate(addDaysToIsoDate(today, 3)));
    expect(await page.locator('.history-entry del').allTextContents()).toEqual(['Crisismaatregel (Wvggz)']);

    const measureForm = page.locator('form', { has: page.getByRole('button', { name: 'Maatregel registreren' }) });
    await measureForm.getByLabel('Vorm van verplichte zorg').selectOption({ label: 'Separatie / afzondering' });
    await measureForm.getByRole('button', { name: 'Maatregel registreren' }).click();
    await page.getByText('Vul de naam in van de verantwoordelijke die besloot.').waitFor();
    await measureForm.getByLabel('Besloten door (verantwoordelijke)').fill('Dr. L. Mulder');
    await measureForm.getByRole('button', { name: 'Maatregel registreren' }).click();
    await page.getByText('De maatregel is geregistreerd.').waitFor();
    const open = page.getByRole('list', { name: 'Lopende maatregelen' });
    await open.getByText('Grondslag: Crisismaatregel (Wvggz) · besloten door Dr. L. Mulder').waitFor();
    await banner(page).getByText('Separatie / afzondering').waitFor();
    expect(await open.locator('.history-head strong').allTextContents()).toEqual(['Separatie / afzondering']);
    expect(await banner(page).textContent()).toContain('Separatie / afzondering');
    expect(await banner(page).textContent()).not.toContain('Geen lopende maatregelen');
    await lookAt(page, `verplichte-zorg-${suffix}`, javaScript);

    await page.getByRole('link', { name: 'Evaluatie toevoegen aan separatie / afzondering' }).click();
    await page.getByRole('heading', { name: 'Evaluatie toevoegen' }).waitFor();
    await page.getByLabel('Evaluatie', { exact: true }).fill('Rustiger; afbouwen in overleg.');
    await page.getByRole('button', { name: 'Evaluatie opslaan' }).click();
    await page.getByText('Rustiger; afbouwen in overleg.').waitFor();
    expect(await page.getByRole('list', { name: 'Evaluaties van separatie / afzondering' }).textContent()).toContain(
      'Rustiger; afbouwen in overleg.',
    );

    await page.getByRole('link', { name: 'Maatregel beëindigen: separatie / afzondering' }).click();
    await page.getByRole('heading', { name: 'Maatregel beëindigen' }).waitFor();
    await page.getByRole('button', { name: 'Einde vastleggen' }).click();
    await page.getByRole('heading', { name: 'Beëindigde maatregelen' }).waitFor();
    await banner(page).getByText('Geen lopende maatregelen').waitFor();
    const ended = page.getByRole('list', { name: 'Beëindigde maatregelen' });
    expect(await ended.locator('.history-head strong').allTextContents()).toEqual(['Separatie / afzondering']);
    expect(await ended.textContent()).toMatch(/Einde vastgelegd door /);
    expect(await page.getByRole('list', { name: 'Lopende maatregelen' }).count()).toBe(0);
    expect(await banner(page).textContent()).not.toContain('Separatie / afzondering');
    await context.close();
  });

  it('records an allergy from the banner, lets it lapse with a reason, and writes a signaleringsplan', async () => {
    const { context, page } = await signedInWithForm(browser, baseUrl(), nurse, { javaScriptEnabled: javaScript });
    await page.goto(`/patients/${patients[String(javaScript)]}`);
    await banner(page).getByRole('link', { name: 'Allergieën vastleggen' }).click();
    await page.getByRole('heading', { name: 'Allergie of intolerantie vastleggen' }).waitFor();
    await page.getByLabel('Stof of middel').fill('Latex');
    await page.getByRole('button', { name: 'Allergie vastleggen' }).click();
    await page.getByText('Kies de ernst: licht, matig of ernstig.').waitFor();
    await page.getByLabel('Ernst').selectOption('matig');
    await page.getByRole('button', { name: 'Allergie vastleggen' }).click();
    await page.getByText('De allergie is vastgelegd.').waitFor();
    await banner(page).getByText('Latex').waitFor();
    await page.getByLabel('Stof of middel').fill('Pinda');
    await page.getByLabel('Reactie (optioneel)').fill('Zwelling van de lippen');
    await page.getByLabel('Ernst').selectOption('ernstig');
    await page.getByRole('button', { name: 'Allergie vastleggen' }).click();
    await banner(page).getByText('Pinda').waitFor();
    await lookAt(page, `allergieen-${suffix}`, javaScript);

    await page.getByRole('link', { name: 'Latex laten vervallen' }).click();
    await page.getByLabel('Reden').fill('Bij navraag geen allergie');
    await page.getByRole('button', { name: 'Laten vervallen' }).click();
    await page.getByText('Reden: Bij navraag geen allergie').waitFor();
    expect(await banner(page).getByText('Latex').count()).toBe(0);

    await banner(page).getByRole('link', { name: 'Signaleringsplan opstellen' }).click();
    await page.getByRole('heading', { name: 'Signaleringsplan opstellen' }).waitFor();
    const fill = async (phase: string, part: string, text: string) => page.getByLabel(`${phase}: ${part}`).fill(text);
    await fill('Rustig / stabiel', 'signalen (wat je ziet)', 'Slaapt goed, eet mee.');
    await fill('Rustig / stabiel', 'wat het team doet', 'Dagelijks contact.');
    await fill('Spanning', 'signalen (wat je ziet)', 'Loopt veel op de gang.');
    await page.getByRole('button', { name: 'Signaleringsplan opslaan' }).click();
    await page.getByText('Spanning: vul in wat het team doet.').waitFor();
    await fill('Spanning', 'wat het team doet', 'Elk uur contact, prikkels beperken.');
    await fill('Crisis', 'signalen (wat je ziet)', 'Uit doodsgedachten.');
    await fill('Crisis', 'wat de patiënt zelf doet', 'Blijft in het zicht van de verpleging.');
    await fill('Crisis', 'wat het team doet', 'Psychiater direct inschakelen.');
    await page.getByRole('button', { name: 'Signaleringsplan opslaan' }).click();
    await page.getByRole('heading', { name: 'Signaleringsplan, versie 1' }).waitFor();
    await page.getByRole('link', { name: 'Bijwerken' }).click();
    await fill('Crisis', 'wat het team doet', 'Psychiater direct inschakelen; continue observatie.');
    await page.getByRole('button', { name: 'Signaleringsplan opslaan' }).click();
    await page.getByRole('heading', { name: 'Signaleringsplan, versie 2' }).waitFor();
    await page.getByRole('link', { name: 'Versie 1' }).click();
    await page.getByText('Je bekijkt een eerdere versie.').waitFor();
    await page.getByRole('link', { name: /Naar de nieuwste versie/ }).click();
    await page.getByText('Psychiater direct inschakelen; continue observatie.').waitFor();
    await lookAt(page, `signaleringsplan-${suffix}`, javaScript);
    await context.close();
  });
});

describe('the banner of a patient under a Wvggz measure with an open separatie', () => {
  it('shows legal status, allergy, the high risk and the open measure on the record and in the handover detail', async () => {
    const { context, page } = await signedInWithForm(browser, baseUrl(), nurse);
    await page.goto(`/patients/${patients.banner}/rapportages`);
    const onRecord = banner(page);
    for (const text of ['Crisismaatregel (Wvggz)', 'Penicilline', 'suïcide: hoog', 'Separatie / afzondering'])
      await onRecord.getByText(text).first().waitFor();
    await lookAt(page, 'banner-dossier', true);

    await page.goto(`/overdracht?patient=${patients.banner}`);
    const detail = page.locator('.handover-detail');
    await detail.getByRole('heading', { level: 2, name: 'Daan Hoekstra' }).waitFor();
    const atHandover = banner(page);
    for (const text of ['Crisismaatregel (Wvggz)', 'Penicilline', 'suïcide: hoog', 'Separatie / afzondering'])
      await atHandover.getByText(text).first().waitFor();
    expect(await detail.locator('.has-alerts .alert-tile-label').allTextContents()).toContain('Lopende verplichte zorg');
    await lookAt(page, 'banner-overdracht', true);

    await page.getByRole('button', { name: 'Overdracht genereren' }).click();
    await page.getByText('Lopende verplichte zorg: separatie / afzondering').first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'banner-overdracht-samenvatting-1440');
    await context.close();
  });
});
