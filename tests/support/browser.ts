import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import type { Role } from '../../domain/auth/auth.schemas';
import { axeViolations } from './axe';

export const screenshotDir = path.resolve('test-results/screenshots');

/**
 * Debian's Chromium; the flags keep it from calling home on a machine without internet.
 * `extraArgs` are for one test's browser only (e.g. the fake microphone of the dictation test).
 */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  await mkdir(screenshotDir, { recursive: true });
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
}

/** Chromium's fake microphone playing a WAV file; with `allow` false the permission request is refused. */
export function fakeMicrophoneArgs(wavFile: string, allow = true): string[] {
  return [
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${wavFile}`,
    ...(allow ? ['--use-fake-ui-for-media-stream'] : []),
  ];
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/**
 * The page as it stands looked at as a person and a screen reader would: axe finds no serious or
 * critical violation, and screenshots at 1440 and 390 px are saved to look at.
 */
export async function lookAt(page: Page, name: string, javaScript: boolean): Promise<void> {
  const violations = await axeViolations(page, { javaScript });
  expect(
    violations.filter((violation) => violation.impact === 'critical' || violation.impact === 'serious'),
    name,
  ).toEqual([]);
  await screenshot(page, `${name}-1440`);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${name}-390`);
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
  { javaScriptEnabled = true }: { javaScriptEnabled?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, locale: 'nl-NL', viewport: { width: 1440, height: 1000 }, javaScriptEnabled });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('E-mailadres').fill(user.email);
  await page.getByLabel('Wachtwoord').fill(user.password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await page.getByRole('heading', { level: 1, name: 'Patiënten' }).waitFor();
  return { context, page };
}
