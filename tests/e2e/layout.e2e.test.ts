import { appendFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../domain/auth/auth.schemas';
import { axeViolations } from '../support/axe';
import { launchBrowser, screenshot, screenshotDir, viewports, type Viewport } from '../support/browser';
import { baseUrl } from '../support/http';

/*
 * The main pages at three sizes (issue 27): a desktop of 1440 px, a phone of 390 px, and the
 * desktop at 200 % zoom (720 CSS px on a screen of twice the density). At each: the page is no
 * wider than the window, axe finds nothing serious or critical and the headings keep their
 * order, and below 900 px the main navigation sits behind a menu button that works with and
 * without JavaScript. Screenshots of every state go to the screenshot folder.
 */

const sizes = viewports;
type Size = Viewport;

const demoButtons: Record<Role, string> = {
  verpleegkundige: 'Demo als verpleegkundige',
  psychiater: 'Demo als psychiater',
  beheerder: 'Demo als functioneel beheerder',
};

let browser: Browser;
const contexts: BrowserContext[] = [];
const axeLog = path.join(screenshotDir, 'layout-axe.jsonl');

beforeAll(async () => {
  browser = await launchBrowser();
  await rm(axeLog, { force: true });
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

async function signedIn(role: Role, size: Size, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), locale: 'nl-NL', javaScriptEnabled, ...sizes[size] });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('button', { name: demoButtons[role] }).click();
  await page.getByRole('heading', { level: 1, name: role === 'beheerder' ? 'Workflows' : 'Patiënten' }).waitFor();
  return page;
}

/** How much wider than the window the page is, in CSS pixels (0: it fits). */
function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
}

/** The page as it stands: fits its window, axe-clean of serious and critical, headings in order. */
async function expectCalm(page: Page, name: string, javaScript = true): Promise<void> {
  expect(await overflow(page), `${name}: horizontal overflow`).toBeLessThanOrEqual(0);
  const violations = await axeViolations(page, { javaScript });
  await appendFile(axeLog, `${JSON.stringify({ name, violations })}\n`);
  expect(
    violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical' || violation.id === 'heading-order'),
    name,
  ).toEqual([]);
  await screenshot(page, `layout-${name}`);
}

const clinicalPages = [
  { name: 'patienten', path: '/patients', heading: 'Patiënten' },
  { name: 'agenda', path: '/agenda', heading: 'Agenda' },
  // A whole week, weekend included: on a phone it scrolls inside the calendar's frame.
  { name: 'agenda-week', path: '/agenda?weergave=week', heading: 'Agenda' },
  { name: 'overdracht', path: '/overdracht', heading: 'Overdracht' },
  { name: 'brieven', path: '/brieven', heading: 'Brieven' },
  { name: 'assistent', path: '/assistent', heading: 'Assistent' },
];

describe.each(Object.keys(sizes) as Size[])('the main pages at %s', (size) => {
  let page: Page;
  beforeAll(async () => {
    page = await signedIn('psychiater', size);
  });

  it.each(clinicalPages)('$name fits and is accessible', async ({ name, path, heading }) => {
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    if (name === 'agenda' && size !== '1440') {
      // Too narrow for a week: the agenda opens on today's day view.
      await page.waitForURL(/weergave=dag/);
      await expect.poll(() => page.locator('.calendar-column').count()).toBe(1);
    }
    await expectCalm(page, `${name}-${size}`);
  });

  it('a record fits, and every tab of the record can be reached', async () => {
    await page.goto('/patients?q=Jan de Vries');
    await page
      .getByRole('link', { name: /Jan de Vries/ })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: /Jan de Vries/ }).waitFor();
    await expectCalm(page, `dossier-${size}`);

    const tabs = page.getByRole('navigation', { name: 'Dossier' }).getByRole('link');
    const last = tabs.last();
    await last.scrollIntoViewIfNeeded();
    expect(await last.isVisible()).toBe(true);
    const [box, bar] = [await last.boundingBox(), await page.getByRole('navigation', { name: 'Dossier' }).boundingBox()];
    // The last tab lies within the tab bar once scrolled to, and the bar within the window.
    expect(box!.x + box!.width).toBeLessThanOrEqual(bar!.x + bar!.width + 1);
    expect(bar!.x + bar!.width).toBeLessThanOrEqual(sizes[size].viewport.width);
    await last.click();
    await page.waitForURL(/\/toegang$/);
    await expect.poll(() => last.getAttribute('aria-current')).toBe('page');
    await expectCalm(page, `dossier-toegang-${size}`);

    // Opened afresh on its last tab, the bar shows that tab, not its start.
    await page.reload();
    const dossier = page.getByRole('navigation', { name: 'Dossier' });
    await expect
      .poll(async () => {
        const [tab, frame] = [await last.boundingBox(), await dossier.boundingBox()];
        return tab!.x >= frame!.x && tab!.x + tab!.width <= frame!.x + frame!.width + 1;
      })
      .toBe(true);
  });
});

/** The menu button is a disclosure's summary, which Chromium announces as a button that expands. */
const menuButton = (page: Page) => page.locator('summary', { hasText: /^Menu$/ });

describe.each(['390', 'zoom200'] as Size[])('the menu button at %s', (size) => {
  it.each([true, false])('opens the main navigation with JavaScript %s', async (javaScript) => {
    const page = await signedIn('psychiater', size, javaScript);
    const sidebar = page.getByRole('navigation', { name: 'Hoofdnavigatie' });
    expect(await sidebar.isVisible()).toBe(false);
    // The content starts near the top: no sidebar above it.
    const top = await page.getByRole('heading', { level: 1, name: 'Patiënten' }).boundingBox();
    expect(top!.y).toBeLessThan(200);

    await menuButton(page).click();
    await sidebar.getByRole('link', { name: 'Brieven' }).waitFor();
    await expectCalm(page, `menu-open-${size}-${javaScript ? 'met-js' : 'zonder-js'}`, javaScript);
    await sidebar.getByRole('link', { name: 'Brieven' }).click();
    await page.getByRole('heading', { level: 1, name: 'Brieven' }).waitFor();
    expect(await sidebar.isVisible()).toBe(false);

    await menuButton(page).click();
    await sidebar.getByRole('link', { name: 'Assistent' }).click();
    await page.getByRole('heading', { level: 1, name: 'Assistent' }).waitFor();
  });
});

describe('the assistant on a phone', () => {
  it('opens from the top bar and can be asked something', async () => {
    const page = await signedIn('verpleegkundige', '390');
    await page.getByRole('button', { name: /Assistent/ }).click();
    const composer = page.getByRole('dialog').getByLabel('Bericht aan de assistent');
    await composer.waitFor();
    const box = await page.getByRole('dialog').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await expectCalm(page, 'assistent-paneel-390');

    // An answer with an agenda block: its title and day headings follow the page's heading order.
    await composer.fill('wat staat er vandaag in de agenda');
    await composer.press('Enter');
    const block = page.getByRole('dialog').getByTestId('block-agenda');
    await block.waitFor();
    await expect.poll(() => block.getByText('Agenda laden…').count()).toBe(0);
    await expectCalm(page, 'assistent-paneel-agenda-390');
  });
});

describe.each(Object.keys(sizes) as Size[])('beheer at %s', (size) => {
  it('the workflows page fits and is accessible', async () => {
    const page = await signedIn('beheerder', size);
    await page.getByRole('heading', { level: 1, name: 'Workflows' }).waitFor();
    await expectCalm(page, `beheer-workflows-${size}`);
  });
});

describe('the skip link', () => {
  it('is the first thing Tab reaches and moves focus to the content', async () => {
    const page = await signedIn('verpleegkundige', '1440');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Naar de inhoud' });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await screenshot(page, 'layout-overslaan-1440');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.closest('main')?.id)).toBe('inhoud');
  });
});
