import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import type { Role } from '../../domain/auth/auth.schemas';
import { axeCopies, axeViolations } from './axe';

export const screenshotDir = path.resolve('test-results/screenshots');

/**
 * The sizes a page is looked at (issue 27): a desktop of 1440 px, a phone of 390 px, and the
 * desktop at 200 % zoom (720 CSS px on a screen of twice the density).
 */
export const viewports = {
  '1440': { viewport: { width: 1440, height: 1000 }, deviceScaleFactor: 1 },
  '390': { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 },
  zoom200: { viewport: { width: 720, height: 500 }, deviceScaleFactor: 2 },
} satisfies Record<string, BrowserContextOptions>;
export type Viewport = keyof typeof viewports;

/** Set by scripts/test-moments.sh: every process runs on a clock shifted by libfaketime. */
const shiftedClock = Boolean(process.env.FAKETIME);

/**
 * Debian's Chromium; the flags keep it from calling home on a machine without internet.
 * `extraArgs` are for one test's browser only (e.g. the fake microphone of the dictation test).
 *
 * Every page state a browser test visits passes axe (`expectAccessible`): each HTML page a test
 * opens with `goto`, and each state it takes a screenshot of. The browser's contexts and pages are
 * wrapped for that here, so no test file can forget it. Contexts prefer reduced motion, so no
 * state is checked halfway through a fade, and run on the ward's clock (Europe/Amsterdam) whatever
 * the machine's zone.
 */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  await mkdir(screenshotDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // Chromium hangs at start under libfaketime (the clock stage, ADR 54): it runs on the real
    // clock, and each context gets the shifted one from Playwright's clock below.
    env: shiftedClock ? { ...process.env, LD_PRELOAD: '', FAKETIME: '' } : undefined,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options = {}) => {
    const context = await newContext({ reducedMotion: 'reduce', timezoneId: 'Europe/Amsterdam', ...options });
    // The page's clock starts at this process's (shifted) now and runs on from there.
    if (shiftedClock) await context.clock.install({ time: Date.now() });
    return checkedContext(context, options);
  };
  browser.newPage = async (options = {}) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    // As Playwright's own newPage: closing the page closes its context. When the browser closes
    // the page, the context may be gone already: that close has nothing left to do.
    page.on('close', () => void context.close().catch(() => undefined));
    return page;
  };
  return browser;
}

const javaScriptIn = new WeakMap<BrowserContext, boolean>();

function checkedContext(context: BrowserContext, options: BrowserContextOptions): BrowserContext {
  javaScriptIn.set(context, options.javaScriptEnabled ?? true);
  const newPage = context.newPage.bind(context);
  context.newPage = async () => {
    const page = await newPage();
    const goto = page.goto.bind(page);
    page.goto = async (url, gotoOptions) => {
      const response = await goto(url, gotoOptions);
      const html = response?.headers()['content-type']?.startsWith('text/html');
      if (html && !axeCopies.has(context)) await expectAccessible(page, `goto ${url}`);
      return response;
    };
    return page;
  };
  return context;
}

/**
 * axe (all its rules, experimental ones included: tests/support/axe.ts) finds no serious or
 * critical violation in the page as it stands.
 */
export async function expectAccessible(page: Page, name: string, javaScript = javaScriptIn.get(page.context()) ?? true): Promise<void> {
  const violations = await axeViolations(page, { javaScript });
  expect(
    violations.filter((violation) => violation.impact === 'critical' || violation.impact === 'serious'),
    `axe: ${name} (${page.url()})`,
  ).toEqual([]);
}

/** Chromium's fake microphone playing a WAV file; with `allow` false the permission request is refused. */
export function fakeMicrophoneArgs(wavFile: string, allow = true): string[] {
  return [
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${wavFile}`,
    ...(allow ? ['--use-fake-ui-for-media-stream'] : []),
  ];
}

/** The page as it stands passes axe (`expectAccessible`), and a screenshot of it is saved to look at. */
export async function screenshot(page: Page, name: string, javaScript?: boolean): Promise<void> {
  await expectAccessible(page, name, javaScript);
  // A full page at twice the density takes long on a busy two-core machine: give it the test's time, not Playwright's 30 s.
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true, animations: 'disabled', timeout: 55_000 });
}

/**
 * The page as it stands looked at as a person and a screen reader would, at 1440 and at 390 px:
 * axe finds no serious or critical violation at either width, and the screenshots are saved.
 */
export async function lookAt(page: Page, name: string, javaScript?: boolean): Promise<void> {
  await screenshot(page, `${name}-1440`, javaScript);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${name}-390`, javaScript);
  await page.setViewportSize({ width: 1440, height: 1000 });
}

export interface SignedInBrowser {
  page: Page;
  close(): Promise<void>;
}

const demoButtons: Record<Role, string> = {
  verpleegkundige: 'Demo als verpleegkundige',
  psychiater: 'Demo als psychiater',
  beheerder: 'Demo als functioneel beheerder',
};

/** Chromium with a Dutch context, signed in through the one-click demo login, on the role's start page. */
export async function signedInPage(
  role: Role,
  baseURL: string,
  viewport = { width: 1366, height: 900 },
  browserArgs: string[] = [],
): Promise<SignedInBrowser> {
  const browser = await launchBrowser(browserArgs);
  const context = await browser.newContext({ baseURL, locale: 'nl-NL', viewport });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('button', { name: demoButtons[role] }).click();
  await page.getByRole('heading', { level: 1, name: role === 'beheerder' ? 'Workflows' : 'Patiënten' }).waitFor();
  return {
    page,
    async close() {
      await context.close();
      await browser.close();
    },
  };
}

/**
 * A Dutch 1440 px context of an open browser, signed in with the login form as `user` (JavaScript
 * on or off), on the patient list.
 */
export async function signedInWithForm(
  browser: Browser,
  baseURL: string,
  user: { email: string; password: string },
  { javaScriptEnabled = true, size = '1440' }: { javaScriptEnabled?: boolean; size?: Viewport } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, locale: 'nl-NL', ...viewports[size], javaScriptEnabled });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('E-mailadres').fill(user.email);
  await page.getByLabel('Wachtwoord').fill(user.password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await page.getByRole('heading', { level: 1, name: 'Patiënten' }).waitFor();
  return { context, page };
}
