import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { launchBrowser, screenshot, signedInWithForm } from '../support/browser';
import { createOrganisation, createUser, registerPatient, type TestUser } from '../support/factories';
import { baseUrl, login } from '../support/http';

/*
 * Contact persons on the patient record in Chromium (issue 20): added after a validation error,
 * changed and removed, once with JavaScript and once without. axe-core on each state; screenshots
 * at 1440 and 390 px.
 */

let browser: Browser;
let nurse: TestUser;
let patientId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const organisationId = (await createOrganisation()).id;
  nurse = await createUser(organisationId, { role: 'verpleegkundige' });
  const { cookie } = await login(nurse.email, nurse.password);
  patientId = await registerPatient(cookie!, {
    name: [{ family: 'Visser', given: ['Noor'] }],
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: '100039595' }],
  });
});

afterAll(async () => {
  await browser?.close();
});

async function signedIn(javaScriptEnabled: boolean): Promise<Page> {
  return (await signedInWithForm(browser, baseUrl(), nurse, { javaScriptEnabled })).page;
}

async function look(page: Page, name: string, javaScript: boolean): Promise<void> {
  const violations = await axeViolations(page, { javaScript });
  expect(
    violations.filter((violation) => violation.impact === 'critical'),
    name,
  ).toEqual([]);
  await screenshot(page, `${name}-1440`);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1440, height: 1000 });
}

describe.each([
  ['met JavaScript', true],
  ['zonder JavaScript', false],
] as const)('contact persons %s', (_label, javaScript) => {
  it('adds one after a Dutch field error, changes it, and removes it', async () => {
    const page = await signedIn(javaScript);
    const card = page.locator('#contactpersonen');
    const suffix = javaScript ? 'js' : 'zonder-js';
    const name = javaScript ? 'Marie Jansen' : 'Harm Dekker';
    await page.goto(`/patients/${patientId}`);
    await card.getByText('Contactpersoon toevoegen').click();
    const add = card.getByRole('form', { name: 'Contactpersoon toevoegen' });
    await add.getByLabel('Naam').fill(name);
    await add.getByLabel('Telefoon').fill('06 1122');
    await add.getByRole('button', { name: 'Toevoegen' }).click();

    await page.locator('#contact-nieuw-relation-error').waitFor();
    expect(await page.locator('#contact-nieuw-relation-error').textContent()).toBe('Kies de relatie tot de patiënt.');
    expect(await page.locator('#contact-nieuw-phone-error').textContent()).toBe(
      'Vul een geldig telefoonnummer in, bijvoorbeeld 06 12345678.',
    );
    expect(await page.locator('#contact-nieuw-name').inputValue()).toBe(name);
    await look(page, `contactpersoon-fout-${suffix}`, javaScript);

    await page.locator('#contact-nieuw-relation').selectOption('moeder');
    await page.locator('#contact-nieuw-phone').fill('06 11223344');
    await page.locator('#contact-nieuw-email').fill('contact@example.nl');
    await card.getByRole('button', { name: 'Toevoegen' }).click();
    const added = card.locator('.contact-summary', { hasText: name });
    await added.waitFor();
    expect(await added.textContent()).toContain('06 11223344 · contact@example.nl');
    await look(page, `contactpersoon-toegevoegd-${suffix}`, javaScript);

    const item = card.locator('.contact-item', { has: page.locator('strong', { hasText: name }) });
    await item.getByText('Wijzigen').click();
    const edit = item.getByRole('form', { name: `Contactpersoon ${name} wijzigen` });
    await edit.getByLabel('Relatie').selectOption('wettelijk vertegenwoordiger');
    await edit.getByRole('button', { name: 'Opslaan' }).click();
    const changed = card.locator('.contact-item', { has: page.locator('strong', { hasText: name }) });
    await changed.locator('.badge', { hasText: /^Wettelijk vertegenwoordiger$/ }).waitFor();
    await look(page, `contactpersoon-gewijzigd-${suffix}`, javaScript);

    const remove = card.getByRole('button', { name: `${name} verwijderen` });
    if (!(await remove.isVisible())) await changed.getByText('Wijzigen').click();
    await remove.click();
    await card.getByText('Nog geen contactpersonen vastgelegd.').waitFor();
    await page.context().close();
  });
});
