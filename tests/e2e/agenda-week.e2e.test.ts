import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToIsoDate, clinicalToday, clockChangeOn, wallClockToIso } from '../../domain/shared/clinical-time';
import { launchBrowser, lookAt, screenshot, signedInWithForm } from '../support/browser';
import { asOwner, createAppointment, createOrganisation, createUser, registerPatient, type TestUser } from '../support/factories';
import { baseUrl, login } from '../support/http';

/*
 * A ward works seven days and nights (issue 44): the agenda opens on today whatever weekday it
 * is, "Vandaag" never jumps to a Monday, the day view holds the night, overlapping appointments
 * keep their names readable, and the new-appointment form fits a phone. The server's clock is
 * the real one, so every assertion is made against the ward's today, not a weekday; CI runs this
 * file on a Saturday, on a Sunday at 23:59 and on the DST Sundays (libfaketime).
 */

let browser: Browser;
let nurse: TestUser;
let organisationId: string;
let ahmed: string;
const today = clinicalToday();
const local = (day: string, time: string) => new Date(wallClockToIso(`${day}T${time}`)!);
/** The day three days from now: a day to put overlaps on that is never today (and so never half past). */
const later = addDaysToIsoDate(today, 3);

beforeAll(async () => {
  browser = await launchBrowser();
  organisationId = (await createOrganisation()).id;
  nurse = await createUser(organisationId, { role: 'verpleegkundige' });
  const { cookie } = await login(nurse.email, nurse.password);
  const sanne = await registerPatient(cookie!, {
    name: [{ family: 'Schoonderwoerd-Achterberg', given: ['Sanne'] }],
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: '123456782' }],
  });
  ahmed = await registerPatient(cookie!, {
    name: [{ family: 'Aksoy', given: ['Ahmed'] }],
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: '111222333' }],
  });
  // The night: 02:30 today (03:30 on the October DST day is as good; 02:30 does not exist on the March one).
  const nightTime = wallClockToIso(`${today}T02:30`) ? '02:30' : '03:30';
  await createAppointment(organisationId, {
    patientId: ahmed,
    startAt: local(today, nightTime),
    minutes: 30,
    type: 'crisisoverleg',
    practitionerId: nurse.id,
  });
  // Two at once, three days from now.
  await createAppointment(organisationId, { patientId: sanne, startAt: local(later, '10:00'), minutes: 60, practitionerId: nurse.id });
  await createAppointment(organisationId, {
    patientId: ahmed,
    startAt: local(later, '10:15'),
    minutes: 60,
    type: 'somatisch',
    practitionerId: nurse.id,
  });
});

async function status(id: string): Promise<string> {
  return asOwner(organisationId, async (db) => {
    const { rows } = await db.query<{ status: string }>('select status from appointments where id = $1', [id]);
    return rows[0]!.status;
  });
}

afterAll(async () => {
  await browser?.close();
});

async function todayHead(page: Page): Promise<string> {
  return (await page.locator('.calendar-day-head.today').textContent()) ?? '';
}

describe.each([true, false])('the agenda on any day of the week (JavaScript %s)', (javaScriptEnabled) => {
  it('opens on today in the whole week, and "Vandaag" comes back to today', async () => {
    const { context, page } = await signedInWithForm(browser, baseUrl(), nurse, { javaScriptEnabled });
    await page.goto('/agenda');
    await page.locator('.calendar').waitFor();
    // Today's column is on screen, Saturday and Sunday included; the view is the whole week.
    expect(await page.locator(`.calendar-column[data-day="${today}"]`).count()).toBe(1);
    expect(await page.locator('.calendar-column').count()).toBe(7);
    expect(await page.getByRole('link', { name: 'Week', exact: true }).getAttribute('aria-current')).toBe('true');
    expect(await todayHead(page)).not.toBe('');
    // Today's own appointment (the night one) is in the view it opens on, not only a column for today.
    expect(await page.locator(`.calendar-column[data-day="${today}"] .appointment`, { hasText: 'Ahmed Aksoy' }).count()).toBe(1);

    // From the work week of a month ago, "Vandaag" shows today: the whole week when today is a weekend.
    const monthAgo = addDaysToIsoDate(today, -28);
    await page.goto(`/agenda?weergave=werkweek&datum=${monthAgo}`);
    await page.getByRole('link', { name: 'Vandaag' }).click();
    await page.waitForURL((url) => url.searchParams.get('datum') === today);
    // With JavaScript the URL changes before the new week is drawn.
    await expect.poll(() => page.locator(`.calendar-column[data-day="${today}"]`).count()).toBe(1);
    await expect.poll(() => page.locator(`.calendar-column[data-day="${today}"] .appointment`, { hasText: 'Ahmed Aksoy' }).count()).toBe(1);
    await lookAt(page, `agenda-week-vandaag-${javaScriptEnabled ? 'js' : 'zonder-js'}`, javaScriptEnabled);
    await context.close();
  });

  it('shows the night in the day view, at its own time', async () => {
    const { context, page } = await signedInWithForm(browser, baseUrl(), nurse, { javaScriptEnabled });
    await page.goto(`/agenda?weergave=dag&datum=${today}`);
    const column = page.locator(`.calendar-column[data-day="${today}"]`);
    const tile = column.locator('.appointment', { hasText: 'Ahmed Aksoy' });
    await tile.waitFor();
    const [columnBox, tileBox] = [await column.boundingBox(), await tile.boundingBox()];
    // 1.1 px a minute from midnight: 02:30 (or 03:30) is well below the column's top, not clamped to it.
    expect(tileBox!.y - columnBox!.y).toBeGreaterThan(150);
    expect(await page.locator('.calendar-hour').first().textContent()).toBe('00:00');
    expect(await page.locator('.calendar-hour').last().textContent()).toBe('23:00');
    await context.close();
  });

  it('marks the hour the clocks skip in spring and repeat in autumn, in the day view', async () => {
    const { context, page } = await signedInWithForm(browser, baseUrl(), nurse, { javaScriptEnabled });
    // The next night of each kind from today, whatever today is.
    const next = (direction: 'vooruit' | 'terug') =>
      Array.from({ length: 400 }, (_, index) => addDaysToIsoDate(today, index)).find((day) => clockChangeOn(day)?.direction === direction)!;
    for (const [direction, text] of [
      ['vooruit', '02:00–03:00 bestaat niet (zomertijd)'],
      ['terug', '02:00–03:00 komt twee keer (wintertijd)'],
    ] as const) {
      const day = next(direction);
      await page.goto(`/agenda?weergave=dag&datum=${day}`);
      const column = page.locator(`.calendar-column[data-day="${day}"]`);
      const band = column.locator('.calendar-clock-change', { hasText: text });
      await band.waitFor();
      const [columnBox, bandBox] = [await column.boundingBox(), await band.boundingBox()];
      // From 02:00 to 03:00 on the grid of 1.1 px a minute.
      expect(Math.round(bandBox!.y - columnBox!.y)).toBe(132);
      expect(Math.round(bandBox!.height)).toBe(66);
      // The day before has no such hour.
      await page.goto(`/agenda?weergave=dag&datum=${addDaysToIsoDate(day, -1)}`);
      await page.locator('.calendar-column').waitFor();
      expect(await page.locator('.calendar-clock-change').count()).toBe(0);
      if (direction === 'vooruit') {
        await page.goto(`/agenda?weergave=dag&datum=${day}`);
        await band.waitFor();
        await lookAt(page, `agenda-zomertijd-${javaScriptEnabled ? 'js' : 'zonder-js'}`, javaScriptEnabled);
      }
    }
    await context.close();
  });

  it('keeps the names of overlapping appointments readable, at 1440 and 390 px', async () => {
    const { context, page } = await signedInWithForm(browser, baseUrl(), nurse, { javaScriptEnabled });
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 1000 });
      await page.goto(`/agenda?weergave=week&datum=${later}`);
      const tiles = page.locator(`.calendar-column[data-day="${later}"] .appointment`);
      await tiles.first().waitFor();
      const boxes = await Promise.all([0, 1].map((index) => tiles.nth(index).boundingBox()));
      // Side by side, not on top of each other.
      const [left, right] = boxes.sort((a, b) => a!.x - b!.x);
      expect(left!.x + left!.width).toBeLessThanOrEqual(right!.x + 1);
      // No name cut off to "S…": every name is shown whole (wrapped if need be).
      for (const index of [0, 1]) {
        const cut = await tiles
          .nth(index)
          .locator('.appointment-patient')
          .evaluate((element) => element.scrollWidth > element.clientWidth + 1);
        expect(cut).toBe(false);
      }
    }
    await context.close();
  });

  it.each([
    [1440, '11:00'],
    [390, '13:00'],
  ] as const)('cancels only with a reason and once confirmed, and undoes the cancellation, at %i px', async (width, time) => {
    const mode = javaScriptEnabled ? 'js' : 'zonder-js';
    const { context, page } = await signedInWithForm(browser, baseUrl(), nurse, { javaScriptEnabled });
    const day = addDaysToIsoDate(today, 2);
    const id = await createAppointment(organisationId, { patientId: ahmed, startAt: local(day, time), practitionerId: nurse.id });
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/agenda/${id}?weergave=dag&datum=${day}`);
    await page.getByRole('heading', { level: 2, name: 'Ahmed Aksoy' }).waitFor();
    const confirm = page.getByRole('button', { name: 'Ja, annuleer de afspraak' });
    // Without JavaScript the reason is asked in the panel, with it in a dialog (once the page is hydrated).
    const trigger = javaScriptEnabled
      ? page.locator('button[aria-haspopup="dialog"]', { hasText: 'Afspraak annuleren' })
      : page.getByRole('button', { name: 'Afspraak annuleren' });
    await trigger.click();
    const scope = javaScriptEnabled ? page.getByRole('dialog', { name: /Ahmed Aksoy .* annuleren\?/ }) : page.locator('.agenda-panel');
    // Without a reason: refused, with the reason asked for, and nothing changed.
    if (javaScriptEnabled) await confirm.click();
    await scope.getByText('Geef een reden voor het annuleren: kies er een of beschrijf hem.').waitFor();
    expect(await status(id)).toBe('gepland');
    await screenshot(page, `agenda-annuleren-zonder-reden-${mode}-${width}`, javaScriptEnabled);

    await scope.getByRole('radio', { name: 'Dubbel gepland' }).check();
    await scope.getByLabel('Reden', { exact: true }).fill('stond ook bij de psychiater');
    if (!javaScriptEnabled) {
      // The confirmation step: the reason as it will be kept, and still nothing changed.
      await page.getByRole('button', { name: 'Afspraak annuleren' }).click();
      await page.getByText('Dubbel gepland: stond ook bij de psychiater').waitFor();
      expect(await status(id)).toBe('gepland');
      await screenshot(page, `agenda-annuleren-bevestigen-${mode}-${width}`, javaScriptEnabled);
    } else {
      await screenshot(page, `agenda-annuleren-dialoog-${mode}-${width}`, javaScriptEnabled);
    }
    await confirm.click();
    await page.getByText('De afspraak is geannuleerd.').waitFor();
    expect(await status(id)).toBe('geannuleerd');
    await page.getByText(/Je kunt dit tot \d\d:\d\d ongedaan maken/).waitFor();
    expect(await page.locator('.agenda-panel').textContent()).toContain('Dubbel gepland: stond ook bij de psychiater');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await screenshot(page, `agenda-geannuleerd-${mode}-${width}`, javaScriptEnabled);

    await page.getByRole('button', { name: 'Ongedaan maken' }).click();
    await page.getByText('De annulering is ongedaan gemaakt').waitFor();
    expect(await status(id)).toBe('gepland');
    await context.close();
  });

  it('fits the new-appointment form on a phone', async () => {
    const { context, page } = await signedInWithForm(browser, baseUrl(), nurse, { javaScriptEnabled });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/agenda/nieuw?weergave=dag&datum=${today}`);
    await page.getByRole('heading', { name: 'Nieuwe afspraak' }).waitFor();
    const form = await page.locator('.agenda-panel').boundingBox();
    const boxes = await Promise.all(['Datum', 'Begintijd', 'Duur'].map((label) => page.getByLabel(label, { exact: true }).boundingBox()));
    for (const box of boxes) {
      expect(box!.x).toBeGreaterThanOrEqual(form!.x);
      expect(box!.x + box!.width).toBeLessThanOrEqual(form!.x + form!.width + 0.5);
    }
    // No two fields overlap.
    for (const [a, b] of [
      [0, 1],
      [0, 2],
      [1, 2],
    ] as const) {
      const [first, second] = [boxes[a]!, boxes[b]!];
      const apart =
        first.x + first.width <= second.x + 0.5 ||
        second.x + second.width <= first.x + 0.5 ||
        first.y + first.height <= second.y + 0.5 ||
        second.y + second.height <= first.y + 0.5;
      expect(apart, `${a} and ${b} overlap`).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await lookAt(page, `agenda-nieuw-telefoon-${javaScriptEnabled ? 'js' : 'zonder-js'}`, javaScriptEnabled);
    await context.close();
  });
});
