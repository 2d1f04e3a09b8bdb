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
    // The demo's Monday has two appointments at the same time (09:00 and 09:30): they stand side by
    // side. Other tests may add one of their own that day (at night, before them), so the pairs that
    // overlap in time are found by their place, not taken as the column's first two.
    const boxes = await Promise.all(
      (await page.locator('.calendar-column').first().locator('.appointment').all()).map(async (tile) => (await tile.boundingBox())!),
    );
    const overlapping = boxes.flatMap((a, i) =>
      boxes
        .slice(i + 1)
        .filter((b) => a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1)
        .map((b) => [a, b]),
    );
    expect(overlapping.length).toBeGreaterThanOrEqual(1);
    for (const [a, b] of overlapping) expect(Math.abs(a!.x - b!.x)).toBeGreaterThan(20);
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
