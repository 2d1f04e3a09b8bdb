import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, signedInPage, type SignedInBrowser } from '../support/browser';
import { createOrganisation, createUser } from '../support/factories';
import { baseUrl } from '../support/http';

let signedIn: SignedInBrowser;

type Watched = Window & { cspViolations?: string[] };

/** The violations the browser reported to the page since it was loaded (a client-side navigation keeps them). */
function violations(): Promise<string[]> {
  return signedIn.page.evaluate(() => (window as Watched).cspViolations ?? []);
}

beforeAll(async () => {
  signedIn = await signedInPage('verpleegkundige', baseUrl());
  // Installed by the browser itself (not an inline script), so the policy does not apply to it.
  await signedIn.page.addInitScript(() => {
    const watched = window as Watched;
    watched.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      watched.cspViolations!.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
});

afterAll(async () => {
  await signedIn?.close();
});

describe('the Content-Security-Policy in Chromium', () => {
  it('blocks nothing the EPD itself does: pages hydrate and navigate', async () => {
    const { page } = signedIn;
    for (const [path, heading] of [
      ['/patients', 'Patiënten'],
      ['/agenda', 'Agenda'],
      ['/overdracht', 'Overdracht'],
      ['/brieven', 'Brieven'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await violations(), path).toEqual([]);
    }
    // A client-side navigation only works when the hydration scripts ran.
    await page.goto('/patients');
    await page.getByRole('heading', { level: 1, name: 'Patiënten' }).waitFor();
    await page.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('link', { name: 'Agenda' }).click();
    await page.getByRole('heading', { level: 1, name: 'Agenda' }).waitFor();
    await screenshot(page, 'security-csp-agenda');
    expect(await violations()).toEqual([]);
  });

  it('does not run a script injected without the nonce', async () => {
    const { page } = signedIn;
    await page.goto('/patients');
    await page.getByRole('heading', { level: 1, name: 'Patiënten' }).waitFor();
    const injected = () => page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected === true);
    // An inline script that is allowed runs during appendChild itself.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.body.appendChild(script);
    });
    expect(await injected()).toBe(false);
    // The browser reports the refusal; by then it has decided, and the script still has not run.
    await expect.poll(async () => (await violations()).some((text) => text.startsWith('script-src'))).toBe(true);
    expect(await injected()).toBe(false);
  });
});

describe('login throttling in Chromium', () => {
  it('shows the Dutch message on the login page', async () => {
    const user = await createUser((await createOrganisation()).id);
    const browser = await launchBrowser();
    const context = await browser.newContext({
      baseURL: baseUrl(),
      locale: 'nl-NL',
      extraHTTPHeaders: { 'X-Forwarded-For': '192.0.2.77' },
    });
    try {
      const page = await context.newPage();
      await page.goto('/login');
      for (let attempt = 0; attempt < 6; attempt++) {
        await page.getByLabel('E-mailadres').fill(user.email);
        await page.getByLabel('Wachtwoord').fill(`fout-wachtwoord-${attempt}`);
        await page.getByRole('button', { name: 'Inloggen' }).click();
        await page.getByRole('alert').first().waitFor();
      }
      const throttled = 'Te veel inlogpogingen, probeer het over 15 minuten opnieuw.';
      await page.getByText(throttled).waitFor();
      expect(await page.getByRole('alert').allTextContents()).toEqual([throttled]);
      expect(new URL(page.url()).pathname).toBe('/login');
      await screenshot(page, 'security-login-throttled');

      // While the account is locked even the right password is refused, with the same message.
      await page.getByLabel('Wachtwoord').fill(user.password);
      const [answer] = await Promise.all([
        page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/login'),
        page.getByRole('button', { name: 'Inloggen' }).click(),
      ]);
      expect(answer.status()).toBe(429);
      await expect.poll(() => page.getByRole('alert').allTextContents()).toEqual([throttled]);
      expect(new URL(page.url()).pathname).toBe('/login');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Inloggen');
    } finally {
      await context.close();
      await browser.close();
    }
  });
});
