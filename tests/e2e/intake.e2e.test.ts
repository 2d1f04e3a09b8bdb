import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, lookAt, signedInWithForm } from '../support/browser';
import { createOrganisation, createUser, registerPatient, validBsns, type TestUser } from '../support/factories';
import { baseUrl, login } from '../support/http';

/* The intake written in the record (issue 25, point 5): a section filled in and completed, the percentage following; with JavaScript on and off. */

let browser: Browser;
let nurse: TestUser;
const patients: Record<string, string> = {};

beforeAll(async () => {
  browser = await launchBrowser();
  const organisationId = (await createOrganisation()).id;
  nurse = await createUser(organisationId, { role: 'verpleegkundige' });
  const { cookie } = await login(nurse.email, nurse.password);
  patients.true = await registerPatient(cookie!, {
    name: [{ family: 'Bakker', given: ['Lotte'] }],
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: validBsns[4] }],
  });
  patients.false = await registerPatient(cookie!, {
    name: [{ family: 'Mulder', given: ['Sem'] }],
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: validBsns[5] }],
  });
});

afterAll(async () => {
  await browser?.close();
});

describe.each([true, false])('the intake in Chromium (JavaScript %s)', (javaScript) => {
  it('fills in a section, refuses to complete an empty one, and the percentage follows', async () => {
    const { context, page } = await signedInWithForm(browser, baseUrl(), nurse, { javaScriptEnabled: javaScript });
    await page.goto(`/patients/${patients[String(javaScript)]}`);
    await page.getByRole('link', { name: 'Intake', exact: true }).click();
    await page.getByText('0% voltooid').waitFor();

    await page.getByRole('link', { name: 'Hulpvraag invullen' }).click();
    await page.getByRole('heading', { name: 'Hulpvraag' }).waitFor();
    await page.getByLabel('Deze sectie is afgerond').check();
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('Een lege sectie kan niet afgerond zijn: vul eerst de tekst in.').waitFor();
    await lookAt(page, javaScript ? 'intake-fout-met-js' : 'intake-fout-zonder-js', javaScript);

    await page.getByLabel('Tekst').fill('Wil weer zelfstandig wonen en werk vinden.');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('14% voltooid').waitFor();
    expect(await page.getByText('Wil weer zelfstandig wonen en werk vinden.').count()).toBe(1);
    await lookAt(page, javaScript ? 'intake-met-js' : 'intake-zonder-js', javaScript);

    await page.getByRole('link', { name: 'Hulpvraag bewerken' }).click();
    await page.getByLabel('Tekst').fill('Wil weer zelfstandig wonen; eerst werk.');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('Wil weer zelfstandig wonen; eerst werk.').waitFor();
    await page.getByRole('link', { name: 'Hulpvraag bewerken' }).click();
    await page.getByRole('heading', { name: 'Eerdere versies' }).waitFor();
    expect(await page.locator('.intake-versions > li').count()).toBe(2);
    await context.close();
  });
});
