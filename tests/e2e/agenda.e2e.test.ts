import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, signedInPage, type SignedInBrowser } from '../support/browser';
import { baseUrl } from '../support/http';
import { addDaysToIsoDate, clinicalDate, clinicalToday, startOfClinicalDay } from '../../domain/shared/clinical-time';

let session: SignedInBrowser;
let page: Page;

beforeAll(async () => {
  session = await signedInPage('psychiater', baseUrl(), { width: 1440, height: 1000 });
  page = session.page;
});

afterAll(async () => {
  await session?.close();
});

async function dayHeads(): Promise<number> {
  return page.locator('.calendar-day-head').count();
}

describe('agenda in Chromium', () => {
  it('switches between work week, week and day, with a colour legend and overlaps side by side', async () => {
    await page.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('link', { name: 'Agenda' }).click();
    await page.locator('.calendar').waitFor();
    // "Agenda" opens on today, whatever day that is (a Saturday shows the whole week). The work
    // week is then chosen for the first Monday the demo holds (it seeds the seven days from today).
    expect(await page.locator('.calendar-day-head.today').count()).toBe(1);
    const today = clinicalToday();
    const daysToMonday = (8 - clinicalDate(startOfClinicalDay(today)!).getDay()) % 7;
    await page.goto(`${baseUrl()}/agenda?weergave=werkweek&datum=${addDaysToIsoDate(today, daysToMonday)}`);
    await page.locator('.calendar').waitFor();
    expect(await dayHeads()).toBe(5);
    expect(await page.locator('.legend-item').count()).toBe(7);
    const monday = page.locator('.calendar-column').first().locator('.appointment');
    expect(await monday.count()).toBeGreaterThanOrEqual(2);
    const [first, second] = [await monday.nth(0).boundingBox(), await monday.nth(1).boundingBox()];
    expect(Math.abs(first!.x - second!.x)).toBeGreaterThan(20);
    await screenshot(page, '30-agenda-werkweek');

    await page.getByRole('navigation', { name: 'Weergave' }).getByRole('link', { name: 'Week', exact: true }).click();
    await page.waitForURL(/weergave=week/);
    await expect.poll(dayHeads).toBe(7);
    await screenshot(page, '31-agenda-week');

    await page.getByRole('navigation', { name: 'Weergave' }).getByRole('link', { name: 'Dag' }).click();
    await page.waitForURL(/weergave=dag/);
    await expect.poll(dayHeads).toBe(1);
    await screenshot(page, '32-agenda-dag');

    await page.getByRole('link', { name: 'Volgende' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('datum')).not.toBe(null);
  });
});
