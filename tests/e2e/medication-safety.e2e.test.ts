import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToIsoDate, clinicalToday, formatTime, isoDay } from '../../domain/shared/clinical-time';
import { launchBrowser, lookAt, signedInWithForm } from '../support/browser';
import { asOwner, createOrganisation, createUser, registerPatient, validBsns, type TestUser } from '../support/factories';
import { baseUrl, json, login } from '../support/http';

/*
 * Medication safety on the medicatie tab (issue 41, point 6; ADR 60): the prescriber sees an
 * allergy warning and overrides it with a reason; the nurse sees why the zo-nodig button is
 * disabled and has a colleague check a clozapine dose. With JavaScript on and off, at 1440 and 390 px.
 */

let browser: Browser;
let doctor: TestUser;
let nurse: TestUser;
const patients: Record<string, string> = {};

beforeAll(async () => {
  browser = await launchBrowser();
  const organisationId = (await createOrganisation()).id;
  doctor = await createUser(organisationId, { role: 'psychiater' });
  nurse = await createUser(organisationId, { role: 'verpleegkundige' });
  const colleague = await createUser(organisationId, { role: 'verpleegkundige' });
  await asOwner(organisationId, (db) => db.query('update users set display_name = $1 where id = $2', ['Marleen Collega', colleague.id]));
  const doctorCookie = (await login(doctor.email, doctor.password)).cookie!;
  const nurseCookie = (await login(nurse.email, nurse.password)).cookie!;
  // A dose earlier today (an hour ago, or midnight just after it), so the nurse can register it now.
  const earlier = new Date(Date.now() - 3600_000);
  const doseTime = isoDay(earlier) === clinicalToday() ? formatTime(earlier) : '00:00';
  const post = async (path: string, cookie: string, body: unknown) => {
    const response = await json(path, { method: 'POST', cookie, body });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as { id: string };
  };
  for (const [index, javaScript] of ['true', 'false'].entries()) {
    const patientId = await registerPatient(doctorCookie, {
      name: [{ family: index ? 'Smit' : 'Bakker', given: [index ? 'Noor' : 'Levi'] }],
      identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: validBsns[8 + index] }],
    });
    patients[javaScript] = patientId;
    await post(`/api/patients/${patientId}/allergies`, nurseCookie, {
      substance: 'Haloperidol',
      reaction: 'Acute dystonie',
      severity: 'matig',
    });
    const startDate = addDaysToIsoDate(clinicalToday(), -1);
    const prn = await post(`/api/patients/${patientId}/medication`, doctorCookie, {
      productCode: 'lorazepam-1',
      dose: '1 tablet',
      kind: 'zo-nodig',
      indication: 'Bij onrust',
      maxPerDay: 1,
      startDate,
    });
    await post(`/api/medication/${prn.id}/administrations`, nurseCookie, { reason: 'Onrustig na bezoek' });
    await post(`/api/patients/${patientId}/medication`, doctorCookie, {
      productCode: 'clozapine-100',
      dose: '2 tabletten',
      kind: 'vast',
      times: doseTime,
      startDate,
    });
  }
});

afterAll(async () => {
  await browser?.close();
});

describe.each([true, false])('medication safety in Chromium (JavaScript %s)', (javaScript) => {
  it('a doctor sees the allergy warning and prescribes anyway with a reason, which the list shows', async () => {
    const { context, page } = await signedInWithForm(browser, baseUrl(), doctor, { javaScriptEnabled: javaScript });
    await page.goto(`/patients/${patients[String(javaScript)]}/medicatie/nieuw`);
    await page.getByText('Haloperidol (matig: Acute dystonie)').waitFor();
    await page.getByLabel('Middel').selectOption('haloperidol-5');
    await page.getByLabel('Dosis').fill('1 tablet');
    await page.getByLabel('Tijdstippen (bij vaste tijden)').fill('21:00');
    await page.getByRole('button', { name: 'Voorschrijven' }).click();
    const warning = page.getByRole('alert').filter({ hasText: 'Veiligheidswaarschuwing' });
    await warning.getByText('Allergie voor Haloperidol (matig: Acute dystonie): Haloperidol 5 mg valt daaronder (ATC N05AD01).').waitFor();
    // What was typed stays; the reason field is new.
    expect(await page.getByLabel('Dosis').inputValue()).toBe('1 tablet');
    await lookAt(page, `medicatie-waarschuwing-${javaScript ? 'met' : 'zonder'}-js`, javaScript);
    await page.getByLabel('Reden om de waarschuwing te negeren').fill('Dystonie was een bijwerking, geen allergie.');
    await page.getByRole('button', { name: 'Toch voorschrijven' }).click();
    await page.getByRole('heading', { name: 'Medicatielijst' }).waitFor();
    await page.getByText('Waarschuwing genegeerd bij voorschrijven').waitFor();
    await page.getByText('Reden: Dystonie was een bijwerking, geen allergie.').waitFor();
    await context.close();
  });

  it('a nurse sees why the zo-nodig button is disabled, and gives clozapine with a second nurse', async () => {
    const { context, page } = await signedInWithForm(browser, baseUrl(), nurse, { javaScriptEnabled: javaScript });
    await page.goto(`/patients/${patients[String(javaScript)]}/medicatie`);
    const prn = page.getByRole('form', { name: 'Zo nodig Lorazepam 1 mg' });
    await page.getByText('Bij onrust; maximaal 1× per 24 uur, minimaal 1 uur tussen twee giften.', { exact: false }).waitFor();
    const button = prn.getByRole('button', { name: 'Zo nodig geven' });
    expect(await button.isDisabled()).toBe(true);
    const describedBy = await button.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).innerText()).toMatch(
      /^Het maximum van 1× per 24 uur is bereikt; de volgende gift kan vanaf morgen \d{2}:\d{2}\.$/,
    );

    const dose = () => page.getByRole('form', { name: /^Toediening Clozapine 100 mg/ });
    await dose().getByRole('button', { name: 'Gegeven', exact: true }).click();
    await page.getByText('Kies wie de dosis met je controleerde.', { exact: false }).waitFor();
    await lookAt(page, `medicatie-dubbele-controle-${javaScript ? 'met' : 'zonder'}-js`, javaScript);
    await dose().getByLabel('Gecontroleerd door (tweede verpleegkundige)').selectOption({ label: 'Marleen Collega' });
    await dose().getByRole('button', { name: 'Gegeven', exact: true }).click();
    await page.locator('.dose-gegeven').getByText('gecontroleerd door Marleen Collega', { exact: false }).waitFor();
    await context.close();
  });
});
