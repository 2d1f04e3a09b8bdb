import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, lookAt, viewports, type Viewport } from '../support/browser';
import { createUser, signedInUser } from '../support/factories';
import { baseUrl } from '../support/http';

/*
 * Issue 46, build point 1 (ADR 0099): the beheerder registers a koppeling in the product and
 * revokes it, in Chromium with JavaScript and without, each state looked at (axe) at 1440 and 390 px.
 */

let browser: Browser;
let beheerder: { email: string; password: string };

const publicJwks = async () => {
  const { publicKey } = await generateKeyPair('ES384');
  return JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid: randomUUID(), alg: 'ES384' }] });
};

/** The beheerder signed in with the login form (JavaScript on or off), on their start page, Workflows. */
async function signedIn({ javaScriptEnabled = true, size = '1440' }: { javaScriptEnabled?: boolean; size?: Viewport } = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), locale: 'nl-NL', ...viewports[size], javaScriptEnabled });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('E-mailadres').fill(beheerder.email);
  await page.getByLabel('Wachtwoord').fill(beheerder.password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await page.getByRole('heading', { level: 1, name: 'Workflows' }).waitFor();
  return page;
}

async function openPage(javaScriptEnabled: boolean): Promise<Page> {
  const page = await signedIn({ javaScriptEnabled });
  await page.goto('/beheer/koppelingen');
  await page.getByRole('heading', { level: 1, name: 'Koppelingen' }).waitFor();
  return page;
}

async function register(page: Page, name: string) {
  await page.getByLabel('Naam', { exact: true }).fill(name);
  await page.getByLabel('Of plak de JWKS').fill(await publicJwks());
  await page.getByRole('checkbox', { name: /^Patiënten: lezen/ }).check();
  await page.getByRole('checkbox', { name: /^Zorgverzekering: lezen/ }).check();
  await page.getByRole('button', { name: 'Koppeling registreren' }).click();
  await page.waitForURL(/melding=geregistreerd/);
}

beforeAll(async () => {
  browser = await launchBrowser();
  const { organisationId } = await signedInUser('beheerder');
  const user = await createUser(organisationId, { role: 'beheerder' });
  beheerder = { email: user.email, password: user.password };
});

afterAll(async () => {
  await browser?.close();
});

describe('the koppelingen page in Chromium', () => {
  it('is in the beheerder’s navigation, refuses an empty form with Dutch messages, registers and revokes', async () => {
    const page = await signedIn();
    await page.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('link', { name: 'Koppelingen' }).click();
    await page.getByRole('heading', { level: 1, name: 'Koppelingen' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Nog geen koppelingen' }).count()).toBe(1);
    await lookAt(page, 'koppelingen-1-leeg');

    await page.getByLabel('Naam', { exact: true }).fill('L');
    await page.getByRole('button', { name: 'Koppeling registreren' }).click();
    await page.getByText('Geef de koppeling een naam van ten minste 2 tekens.').waitFor();
    expect(await page.getByText('Kies ten minste één scope.').count()).toBe(1);
    expect(await page.getByLabel('Naam', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await lookAt(page, 'koppelingen-2-fouten');

    await register(page, 'Lab Noord');
    const row = page.getByRole('row', { name: /Lab Noord/ });
    expect(await row.textContent()).toContain('system/Patient.read system/Coverage.read');
    expect(await page.getByRole('status').textContent()).toContain('De koppeling is geregistreerd.');
    // The form is empty again for the next one.
    expect(await page.getByLabel('Naam', { exact: true }).inputValue()).toBe('');
    expect(await page.getByRole('checkbox', { checked: true }).count()).toBe(0);
    await lookAt(page, 'koppelingen-3-geregistreerd');

    await row.getByRole('button', { name: 'Lab Noord intrekken' }).click();
    await page.waitForURL(/melding=ingetrokken/);
    await expect.poll(() => page.getByRole('row', { name: /Lab Noord/ }).textContent()).toMatch(/Ingetrokken \d/);
    expect(await page.getByRole('button', { name: 'Lab Noord intrekken' }).count()).toBe(0);
    await lookAt(page, 'koppelingen-4-ingetrokken');
    await page.context().close();
  });

  it('works the same without JavaScript', async () => {
    const page = await openPage(false);
    await register(page, 'Apotheek Zuid');
    const row = page.getByRole('row', { name: /Apotheek Zuid/ });
    await row.getByRole('button', { name: 'Apotheek Zuid intrekken' }).click();
    await page.waitForURL(/melding=ingetrokken/);
    expect(await page.getByRole('row', { name: /Apotheek Zuid/ }).textContent()).toMatch(/Ingetrokken \d/);
    await lookAt(page, 'koppelingen-5-zonder-javascript', false);
    await page.context().close();
  });

  it('fits a phone: the form and the scope table stay within 390 px', async () => {
    const page = await signedIn({ size: '390' });
    await page.goto('/beheer/koppelingen');
    await page.getByRole('heading', { level: 1, name: 'Koppelingen' }).waitFor();
    // Nothing sticks out of the page (the list scrolls inside its own region).
    const outside = await page.evaluate(() =>
      [...document.querySelectorAll('main *')]
        .filter((element) => !element.closest('.table-scroll') && element.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
    );
    expect(outside).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports['390'].viewport.width);
    await page.context().close();
  });
});
