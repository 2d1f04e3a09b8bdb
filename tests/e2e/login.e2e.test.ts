import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../domain/demo/demo-accounts';
import { launchBrowser, screenshot } from '../support/browser';
import { asOwner } from '../support/factories';
import { baseUrl } from '../support/http';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  context = await browser.newContext({ baseURL: baseUrl(), locale: 'nl-NL', viewport: { width: 1366, height: 860 } });
  page = await context.newPage();
});

afterEach(async () => {
  await context?.close();
});

async function loginAsDemoNurse() {
  await page.goto('/');
  await page.getByLabel('E-mailadres').fill(demoAccounts.verpleegkundige.email);
  await page.getByLabel('Wachtwoord').fill('demo');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await page.waitForURL('**/patients');
  // Remix navigates client-side: wait for the page itself, not only the URL.
  await page.getByRole('heading', { level: 1, name: 'Patiënten' }).waitFor();
}

describe('signing in as the demo nurse in Chromium', () => {
  it('shows the login page, the shell after login, and the login page again after logout', async () => {
    await page.goto('/');
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByRole('heading', { name: 'Inloggen' }).waitFor();
    await screenshot(page, '01-login');

    await loginAsDemoNurse();
    const nav = page.getByRole('navigation', { name: 'Hoofdnavigatie' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Patiënten', 'Agenda', 'Overdracht', 'Brieven', 'Assistent']);
    expect(await page.getByTestId('no-language-model').textContent()).toBe('Geen taalmodel ingesteld');
    expect(await page.getByRole('button', { name: 'Gebruikersmenu' }).textContent()).toContain('Sanne de Boer');
    await screenshot(page, '02-shell-patienten');

    await nav.getByRole('link', { name: 'Overdracht' }).click();
    await page.waitForURL('**/overdracht');
    await page.getByRole('heading', { level: 1, name: 'Overdracht' }).waitFor();
    await screenshot(page, '03-shell-overdracht');

    const menu = page.getByRole('menu');
    await expect
      .poll(async () => {
        if (!(await menu.isVisible())) await page.getByRole('button', { name: 'Gebruikersmenu' }).click();
        return menu.isVisible();
      })
      .toBe(true);
    expect(await menu.textContent()).toContain('Verpleegkundige');
    await screenshot(page, '04-gebruikersmenu');
    await menu.getByRole('menuitem', { name: 'Uitloggen' }).click();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('reden') === 'uitgelogd');
    await page.getByRole('status').waitFor();
    expect(await page.getByRole('status').textContent()).toBe('Je bent uitgelogd.');
    await screenshot(page, '05-uitgelogd');

    await page.goto('/patients');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('shows a Dutch error for a wrong password and keeps the typed e-mail address', async () => {
    await page.goto('/login');
    await page.getByLabel('E-mailadres').fill(demoAccounts.verpleegkundige.email);
    await page.getByLabel('Wachtwoord').fill('verkeerd');
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toBe('Onjuist e-mailadres of wachtwoord.');
    expect(await page.getByLabel('E-mailadres').inputValue()).toBe(demoAccounts.verpleegkundige.email);
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshot(page, '06-login-fout');
  });

  it('logs in with the one-click demo button as psychiatrist', async () => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Demo als psychiater' }).click();
    await page.waitForURL('**/patients');
    await page.getByRole('heading', { level: 1, name: 'Patiënten' }).waitFor();
    expect(await page.getByRole('button', { name: 'Gebruikersmenu' }).textContent()).toContain('Psychiater');
  });

  it('notices an ended session when the tab gets focus, and says so on the login page', async () => {
    await loginAsDemoNurse();
    await page.goto('/agenda');
    await asOwner(null, (client) =>
      client.query(
        'update sessions set revoked_at = now() where user_id = (select id from users where email = $1) and revoked_at is null',
        [demoAccounts.verpleegkundige.email],
      ),
    );
    // The listener exists once React has hydrated; focus again until the app reacts.
    await expect
      .poll(async () => {
        if (new URL(page.url()).pathname !== '/login')
          await page.evaluate(() => window.dispatchEvent(new Event('focus'))).catch(() => undefined);
        return new URL(page.url()).pathname;
      })
      .toBe('/login');
    await page.getByRole('status').waitFor();
    const url = new URL(page.url());
    expect(url.searchParams.get('reden')).toBe('verlopen');
    expect(url.searchParams.get('redirectTo')).toBe('/agenda');
    expect(await page.getByRole('status').textContent()).toBe('Je sessie is verlopen. Log opnieuw in om verder te werken.');
    await screenshot(page, '07-sessie-verlopen');
  });
});
