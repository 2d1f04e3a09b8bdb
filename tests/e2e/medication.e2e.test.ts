import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToIsoDate, clinicalToday, formatTime, isoDay } from '../../domain/shared/clinical-time';
import { launchBrowser, lookAt, signedInWithForm } from '../support/browser';
import { createOrganisation, createUser, registerPatient, validBsns, type TestUser } from '../support/factories';
import { baseUrl, json, login } from '../support/http';

/* Medication on the ward (issue 26): a doctor prescribes, a nurse registers a refused dose and a zo-nodig dose; with JavaScript on and off. */

let browser: Browser;
let doctor: TestUser;
let nurse: TestUser;
const patients: Record<string, string> = {};

beforeAll(async () => {
  browser = await launchBrowser();
  const organisationId = (await createOrganisation()).id;
  doctor = await createUser(organisationId, { role: 'psychiater' });
  nurse = await createUser(organisationId, { role: 'verpleegkundige' });
  const { cookie } = await login(doctor.email, doctor.password);
  for (const [index, javaScript] of ['true', 'false'].entries()) {
    patients[javaScript] = await registerPatient(cookie!, {
      name: [{ family: index ? 'Jansen' : 'Peters', given: [index ? 'Mila' : 'Daan'] }],
      identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: validBsns[6 + index] }],
    });
    // A zo-nodig order to give from.
    const prn = await json(`/api/patients/${patients[javaScript]}/medication`, {
      method: 'POST',
      cookie: cookie!,
      body: {
        productCode: 'lorazepam-1',
        dose: '1 tablet',
        kind: 'zo-nodig',
        indication: 'onrust',
        maxPerDay: 2,
        startDate: clinicalToday(),
      },
    });
    expect(prn.status).toBe(201);
  }
});

afterAll(async () => {
  await browser?.close();
});

describe.each([true, false])('medication in Chromium (JavaScript %s)', (javaScript) => {
  it('a doctor prescribes a fixed dose from the form', async () => {
    const { context, page } = await signedInWithForm(browser, baseUrl(), doctor, { javaScriptEnabled: javaScript });
    await page.goto(`/patients/${patients[String(javaScript)]}`);
    await page.getByRole('link', { name: 'Medicatie' }).click();
    await page.getByRole('link', { name: 'Nieuw voorschrift' }).click();
    await page.getByRole('heading', { name: 'Nieuw voorschrift' }).waitFor();
    await page.getByRole('button', { name: 'Voorschrijven' }).click();
    await page.getByText('Kies een middel uit de lijst.').waitFor();
    await lookAt(page, javaScript ? 'medicatie-voorschrift-fout-met-js' : 'medicatie-voorschrift-fout-zonder-js', javaScript);
    await page.getByLabel('Middel').selectOption('olanzapine-10');
    await page.getByLabel('Dosis').fill('1 tablet');
    // A dose earlier today (an hour ago, or midnight just after it), so the nurse can register it now.
    const earlier = new Date(Date.now() - 3600_000);
    await page.getByLabel('Tijdstippen (bij vaste tijden)').fill(isoDay(earlier) === clinicalToday() ? formatTime(earlier) : '00:00');
    await page.getByLabel('Startdatum').fill(addDaysToIsoDate(clinicalToday(), -1));
    await page.getByRole('button', { name: 'Voorschrijven' }).click();
    await page.getByRole('heading', { name: 'Medicatielijst' }).waitFor();
    expect(await page.getByText('Olanzapine 10 mg').count()).toBeGreaterThanOrEqual(1);
    await context.close();
  });

  it('a nurse registers a refused dose with its reason and gives a zo-nodig dose', async () => {
    const { context, page } = await signedInWithForm(browser, baseUrl(), nurse, { javaScriptEnabled: javaScript });
    await page.goto(`/patients/${patients[String(javaScript)]}/medicatie`);
    await page.getByRole('heading', { name: 'Toediening vandaag' }).waitFor();
    expect(await page.getByRole('link', { name: 'Nieuw voorschrift' }).count()).toBe(0);
    const dose = page.getByRole('form', { name: /^Toediening Olanzapine 10 mg/ });
    await dose.getByRole('button', { name: 'Geweigerd' }).click();
    await page.getByText('Geef aan waarom de patiënt de medicatie weigerde.').waitFor();
    await page
      .getByRole('form', { name: /^Toediening Olanzapine 10 mg/ })
      .getByLabel('Reden bij weigeren of niet geven')
      .fill('Wil niet suf worden');
    await page
      .getByRole('form', { name: /^Toediening Olanzapine 10 mg/ })
      .getByRole('button', { name: 'Geweigerd' })
      .click();
    await page.locator('.dose-geweigerd').getByText('Wil niet suf worden').waitFor();

    const prn = page.getByRole('form', { name: 'Zo nodig Lorazepam 1 mg' });
    await prn.getByLabel('Reden voor deze gift').fill('Loopt onrustig op de gang');
    await prn.getByRole('button', { name: 'Zo nodig geven' }).click();
    await page.getByText('Afgelopen 24 uur 1× gegeven', { exact: false }).waitFor();
    await page.getByText('Reden: Loopt onrustig op de gang').waitFor();
    // The form is empty again for the next gift.
    expect(await prn.getByLabel('Reden voor deze gift').inputValue()).toBe('');
    await lookAt(page, javaScript ? 'medicatie-met-js' : 'medicatie-zonder-js', javaScript);

    await page.getByRole('link', { name: 'Effect vastleggen' }).click();
    await page.getByLabel('Effect van de gift').fill('Na twintig minuten rustig');
    await page.getByRole('button', { name: 'Effect opslaan' }).click();
    await page.getByText('Effect: Na twintig minuten rustig').waitFor();
    await context.close();
  });
});
