import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToIsoDate, clinicalToday, wallClockToIso } from '../../domain/shared/clinical-time';
import { launchBrowser, screenshot, signedInWithForm, viewports, type Viewport } from '../support/browser';
import {
  asOwner,
  createAppointment,
  createGpLetter,
  createOrganisation,
  createUser,
  registerPatient,
  validBsns,
  type TestUser,
} from '../support/factories';
import { baseUrl, json, login } from '../support/http';

/*
 * Issue 44's acceptance: a nurse's shift (and a psychiatrist's and a beheerder's moment) through
 * the nine points as one scenario, on whatever day the clock says. The clock stage
 * (scripts/test-moments.sh, ADR 0054) runs this file on Saturday 5 December 2026 at 10:00 and on
 * the Sunday summer time starts (28 March 2027, 02:30 does not exist), besides a Sunday 23:59 and
 * the Sunday summer time ends. Nothing here names a weekday: the test reads today on the ward's
 * clock (Europe/Amsterdam) itself and asserts what the nurse sees on it. A step that finds the
 * date changed under it (a run across midnight) is taken again on the new day.
 *
 * Each page state passes axe and is saved as a screenshot (test-results/screenshots/weekend-*),
 * with and without JavaScript where the point has a form, at 1440 and 390 px and at 200 % zoom.
 */

let browser: Browser;
let organisationId: string;
let nurse: TestUser;
let psychiatrist: TestUser;
let beheerder: TestUser;
let nurseCookie: string;
/** Under a crisismaatregel with a severe allergy: the banner has facts to fold, the discharge is refused. */
let noor: string;
/** Tonight's other appointment, the form's new one, the no-show letter, a temperature and a note. */
let bram: string;
/** Only a behandelgesprek three days ahead: the appointment the assistant's reschedule means. */
let sem: string;
let semAppointment: string;
let letterId: string;

const contexts: Partial<Record<'js1440' | 'nojs390' | 'zoom200', Page>> = {};
const opened: BrowserContext[] = [];

/** The same wall-clock time on a date, as an instant (null on the spring night's missing hour). */
const local = (day: string, time: string) => new Date(wallClockToIso(`${day}T${time}`)!);

/** A date as the record's timeline heads it ("zaterdag 5 december 2026"), written without the product's toolkit. */
const longDay = (day: string) =>
  new Intl.DateTimeFormat('nl-NL', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(`${day}T12:00:00Z`),
  );
const dayAndMonth = (day: string) =>
  new Intl.DateTimeFormat('nl-NL', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' }).format(
    new Date(`${day}T12:00:00Z`),
  );
/** The hour on the ward's clock, read without the product's toolkit. */
const amsterdamHour = (instant: Date) =>
  Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Amsterdam', hour: '2-digit', hourCycle: 'h23' }).format(instant));

/**
 * Runs a step on today's date; if the date changed while it ran (the run crossed midnight) and
 * the step failed, it is run once more on the new today.
 */
async function onToday(step: (today: string) => Promise<void>): Promise<void> {
  const today = clinicalToday();
  try {
    await step(today);
  } catch (error) {
    if (clinicalToday() === today) throw error;
    await step(clinicalToday());
  }
}

async function nurseIn(size: Viewport, javaScriptEnabled: boolean): Promise<Page> {
  const { context, page } = await signedInWithForm(browser, baseUrl(), nurse, { size, javaScriptEnabled });
  opened.push(context);
  return page;
}

/** axe on the page as it stands, a screenshot, and one word for the patient on it (never "cliënt"). */
async function look(page: Page, name: string, javaScript: boolean): Promise<void> {
  expect(await page.locator('body').innerText(), name).not.toMatch(/cliënt/i);
  await screenshot(page, `weekend-${name}`, javaScript);
}

const overflow = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

async function appointmentRow(id: string) {
  return asOwner(organisationId, async (db) => {
    const { rows } = await db.query<{ start_at: Date; status: string; cancel_reason: string | null }>(
      'select start_at, status, cancel_reason from appointments where id = $1',
      [id],
    );
    return rows[0]!;
  });
}

beforeAll(async () => {
  organisationId = (await createOrganisation()).id;
  nurse = await createUser(organisationId, { role: 'verpleegkundige' });
  psychiatrist = await createUser(organisationId, { role: 'psychiater', displayName: 'Dr. M. Weekers' });
  beheerder = await createUser(organisationId, { role: 'beheerder' });
  nurseCookie = (await login(nurse.email, nurse.password)).cookie!;
  const register = (given: string, family: string, bsn: string) =>
    registerPatient(nurseCookie, {
      name: [{ family, given: [given] }],
      identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: bsn }],
    });
  noor = await register('Noor', 'Wachtveld', validBsns[1]!);
  bram = await register('Bram', 'Zondervan', validBsns[0]!);
  sem = await register('Sem', 'Zomertijd', validBsns[2]!);
  await asOwner(organisationId, (db) => db.query("update patients set episode_status = 'active' where id = any($1)", [[noor, bram, sem]]));

  const post = async (to: string, body: unknown) => {
    const response = await json(to, { method: 'POST', cookie: nurseCookie, body });
    expect(response.status, to).toBeLessThan(300);
    return response;
  };
  const today = clinicalToday();
  await post(`/api/patients/${noor}/legal-status`, {
    kind: 'wvggz-crisismaatregel',
    startsOn: addDaysToIsoDate(today, -1),
    endsOn: addDaysToIsoDate(today, 20),
  });
  await post(`/api/patients/${noor}/allergies`, { substance: 'Penicilline', reaction: 'Benauwdheid', severity: 'ernstig' });

  semAppointment = await createAppointment(organisationId, {
    patientId: sem,
    practitionerId: nurse.id,
    startAt: local(addDaysToIsoDate(today, 3), '10:00'),
    minutes: 45,
    type: 'behandelgesprek',
  });
  // Two days ago Bram did not come: the nurse registers it and the letter to his GP is rewritten for review.
  const missed = await createAppointment(organisationId, {
    patientId: bram,
    practitionerId: nurse.id,
    startAt: new Date(Date.now() - 2 * 24 * 3600_000),
  });
  letterId = await createGpLetter(organisationId, {
    patientId: bram,
    createdBy: nurse.id,
    subject: 'Gemiste afspraak Bram Zondervan',
    text: 'Geachte collega,\n\nDe heer Zondervan is bij ons in behandeling.\n\nMet collegiale groet,',
  });
  await post(`/api/noshow/${missed}/cancel`, {});
  await post(`/api/noshow/${missed}/rescript`, {});
  browser = await launchBrowser();
  [contexts.js1440, contexts.nojs390, contexts.zoom200] = await Promise.all([
    nurseIn('1440', true),
    nurseIn('390', false),
    nurseIn('zoom200', true),
  ]);
});

afterAll(async () => {
  for (const context of opened) await context.close().catch(() => undefined);
  await browser?.close();
});

describe('a ward on any day and night (issue 44 acceptance)', () => {
  it('1. the agenda opens on today with tonight’s overlapping appointments readable, at 1440, 390 and 200 %', async () => {
    await onToday(async (today) => {
      // Tonight, on the ward's own date: an hour from 23:00 and half an hour from 23:30, over each other.
      await createAppointment(organisationId, {
        patientId: bram,
        practitionerId: nurse.id,
        startAt: local(today, '23:00'),
        minutes: 60,
        type: 'crisisoverleg',
      });
      await createAppointment(organisationId, {
        patientId: noor,
        practitionerId: nurse.id,
        startAt: local(today, '23:30'),
        minutes: 30,
        type: 'medicatiecontrole',
      });
      for (const [size, page, javaScript] of [
        ['1440', contexts.js1440!, true],
        ['390', contexts.nojs390!, false],
        ['zoom200', contexts.zoom200!, true],
      ] as const) {
        await page.goto('/agenda');
        // With JavaScript a narrow screen is sent on to today's day view.
        if (size !== '1440' && javaScript) await page.waitForURL((url) => url.searchParams.get('weergave') === 'dag');
        const column = page.locator(`.calendar-column[data-day="${today}"]`);
        await column.waitFor();
        expect(await page.locator('.calendar-day-head.today').count(), size).toBe(1);
        const tiles = {
          bram: column.locator('.appointment', { hasText: 'Bram Zondervan' }),
          noor: column.locator('.appointment', { hasText: 'Noor Wachtveld' }),
        };
        await tiles.bram.waitFor();
        await tiles.noor.waitFor();
        const [bramBox, noorBox] = [await tiles.bram.boundingBox(), await tiles.noor.boundingBox()];
        // Side by side, not over each other; each as tall as its time (1.1 px a minute), the hour to midnight included.
        expect(bramBox!.x + bramBox!.width <= noorBox!.x + 1 || noorBox!.x + noorBox!.width <= bramBox!.x + 1, size).toBe(true);
        expect(bramBox!.height, `${size}: 23:00–00:00`).toBeGreaterThan(60);
        expect(noorBox!.height, `${size}: 23:30–00:00`).toBeGreaterThan(30);
        expect(noorBox!.y - bramBox!.y, size).toBeGreaterThan(30);
        // Each name whole and inside its tile: not cut to "S…", not wrapped out of sight below a short tile.
        for (const [who, tile] of Object.entries(tiles)) {
          const name = tile.locator('.appointment-patient');
          const cut = await name.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
          expect(cut, `${size}: ${who}`).toBe(false);
          const [nameBox, tileBox] = [await name.boundingBox(), await tile.boundingBox()];
          expect
            .soft(nameBox!.y + nameBox!.height, `${size}: ${who}'s name below the tile`)
            .toBeLessThanOrEqual(tileBox!.y + tileBox!.height + 1);
          expect
            .soft(nameBox!.x + nameBox!.width, `${size}: ${who}'s name beside the tile`)
            .toBeLessThanOrEqual(tileBox!.x + tileBox!.width + 1);
        }
        // Today is in sight in the calendar's frame, also when a phone's week scrolls sideways.
        const [frame, head] = [
          await page.getByRole('region', { name: 'Rooster' }).boundingBox(),
          await page.locator('.calendar-day-head.today').boundingBox(),
        ];
        expect.soft(head!.x, `${size}: today left of the frame`).toBeGreaterThanOrEqual(frame!.x - 1);
        expect.soft(head!.x + head!.width, `${size}: today right of the frame`).toBeLessThanOrEqual(frame!.x + frame!.width + 1);
        expect(await overflow(page), size).toBeLessThanOrEqual(0);
        await look(page, `1-agenda-vandaag-${size}-${javaScript ? 'js' : 'zonder-js'}`, javaScript);
      }
    });
  });

  it('1–2. makes an appointment with the form at 390 px without JavaScript, cancels it with a reason and undoes it, then again with JavaScript', async () => {
    const page = contexts.nojs390!;
    const tomorrow = addDaysToIsoDate(clinicalToday(), 1);
    await page.goto(`/agenda/nieuw?weergave=dag&datum=${tomorrow}`);
    await page.getByRole('heading', { name: 'Nieuwe afspraak' }).waitFor();
    await page.getByLabel('Zoek een patiënt op naam of BSN').fill('Zondervan');
    await page.getByRole('button', { name: 'Zoeken' }).click();
    await page.getByRole('radio', { name: /Bram Zondervan/ }).check();
    await page.getByLabel('Datum').fill(tomorrow);
    await page.getByLabel('Begintijd').fill('09:00');
    await page.getByLabel('Duur').selectOption('30');
    await page.getByLabel('Soort afspraak', { exact: true }).selectOption('medicatiecontrole');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await look(page, '2-nieuwe-afspraak-390-zonder-js', false);
    await page.getByRole('button', { name: 'Afspraak maken' }).click();
    await page.getByRole('heading', { level: 2, name: 'Bram Zondervan' }).waitFor();
    const id = new URL(page.url()).pathname.split('/')[2]!;
    expect(await appointmentRow(id)).toMatchObject({ start_at: local(tomorrow, '09:00'), status: 'gepland' });

    // Without JavaScript: the reason is asked in the panel, shown once more to confirm, and kept.
    await page.getByRole('button', { name: 'Afspraak annuleren' }).click();
    const panel = page.locator('.agenda-panel');
    await panel.getByText('Geef een reden voor het annuleren: kies er een of beschrijf hem.').waitFor();
    await panel.getByRole('radio', { name: 'Patiënt heeft afgezegd' }).check();
    await panel.getByLabel('Reden', { exact: true }).fill('zijn zoon is jarig');
    await page.getByRole('button', { name: 'Afspraak annuleren' }).click();
    await page.getByText('Patiënt heeft afgezegd: zijn zoon is jarig').waitFor();
    expect((await appointmentRow(id)).status).toBe('gepland');
    await page.getByRole('button', { name: 'Ja, annuleer de afspraak' }).click();
    await page.getByText('De afspraak is geannuleerd.').waitFor();
    expect(await appointmentRow(id)).toMatchObject({ status: 'geannuleerd', cancel_reason: 'Patiënt heeft afgezegd: zijn zoon is jarig' });
    await look(page, '2-geannuleerd-390-zonder-js', false);
    await page.getByRole('button', { name: 'Ongedaan maken' }).click();
    await page.getByText('De annulering is ongedaan gemaakt').waitFor();
    expect((await appointmentRow(id)).status).toBe('gepland');

    // With JavaScript at 1440: the same in a dialog.
    const desk = contexts.js1440!;
    await desk.goto(`/agenda/${id}?weergave=dag&datum=${tomorrow}`);
    await desk.getByRole('heading', { level: 2, name: 'Bram Zondervan' }).waitFor();
    await desk.locator('button[aria-haspopup="dialog"]', { hasText: 'Afspraak annuleren' }).click();
    const dialog = desk.getByRole('dialog', { name: /Bram Zondervan .* annuleren\?/ });
    await dialog.getByRole('radio', { name: 'Dubbel gepland' }).check();
    await look(desk, '2-annuleren-dialoog-1440-js', true);
    await dialog.getByRole('button', { name: 'Ja, annuleer de afspraak' }).click();
    await desk.getByText('De afspraak is geannuleerd.').waitFor();
    expect(await appointmentRow(id)).toMatchObject({ status: 'geannuleerd', cancel_reason: 'Dubbel gepland' });
    await desk.getByRole('button', { name: 'Ongedaan maken' }).click();
    await desk.getByText('De annulering is ongedaan gemaakt').waitFor();
    expect((await appointmentRow(id)).status).toBe('gepland');
  });

  /** Next week's Sunday on the ward's calendar (from Monday to Sunday): always ahead, whatever today is. */
  const nextWeeksSunday = (today: string) => {
    const fromMonday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7;
    return addDaysToIsoDate(today, 13 - fromMonday);
  };

  it('3. the assistant’s reschedule proposes Sem’s behandelgesprek and warns of the Sunday, with JavaScript', async () => {
    const page = contexts.js1440!;
    // "Next week" is read on the day the sentence is sent: on a Sunday it is the coming week.
    const block = page.getByTestId('assistant-message').last().getByTestId('block-chain');
    await onToday(async (today) => {
      const sunday = nextWeeksSunday(today);
      await page.goto('/assistent');
      await page.waitForFunction(() => document.querySelector<HTMLButtonElement>('.chat-send')?.disabled === true);
      await page.getByLabel('Bericht aan de assistent').fill('verzet de afspraak van Sem Zomertijd naar volgende week zondag 14:00');
      await page.getByLabel('Bericht aan de assistent').press('Enter');
      await block.getByRole('button', { name: 'Bevestigen' }).waitFor();
      expect(await block.locator('.chain-step-summary').first().textContent()).toMatch(
        new RegExp(`^Afspraak behandelgesprek .* 10:00 met Sem Zomertijd verplaatsen naar ${dayAndMonth(sunday)} 14:00$`),
      );
      expect(await block.locator('.notice-warning').innerText()).toBe(
        `Een behandelgesprek wordt in het weekend niet gehouden (${dayAndMonth(sunday)}).`,
      );
    });
    await block.locator('.notice-warning').scrollIntoViewIfNeeded();
    await look(page, '3-assistent-verplaatsen-1440-js', true);
    await block.getByRole('button', { name: 'Afwijzen' }).click();
    await block.getByText('Afgewezen: er is niets gewijzigd.').waitFor();
    expect((await appointmentRow(semAppointment)).status).toBe('gepland');
  });

  it('3, 5, 8. without JavaScript the assistant page proposes the same with both warnings, the beheerder sees it waiting, and rejecting changes nothing', async () => {
    const page = contexts.nojs390!;
    const before = await appointmentRow(semAppointment);
    const block = page.getByTestId('block-chain').last();
    await onToday(async (today) => {
      await page.goto('/assistent');
      await page.getByLabel('Bericht aan de assistent').fill('verzet de afspraak van Sem Zomertijd naar volgende week zondag 22:00');
      await page.getByRole('button', { name: 'Versturen' }).click();
      await block.getByRole('button', { name: 'Bevestigen' }).waitFor();
      expect(await block.locator('.notice-warning p').allInnerTexts()).toEqual([
        '22:00 valt buiten de agendatijden (07:00–21:00).',
        `Een behandelgesprek wordt in het weekend niet gehouden (${dayAndMonth(nextWeeksSunday(today))}).`,
      ]);
    });
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    // On the phone the two warnings stand one under the other, inside the notice, and the new time's field fits the step.
    const notice = (await block.locator('.notice-warning').boundingBox())!;
    const [first, second] = await Promise.all(
      [0, 1].map(async (index) => (await block.locator('.notice-warning p').nth(index).boundingBox())!),
    );
    expect(second!.y).toBeGreaterThanOrEqual(first!.y + first!.height - 1);
    for (const box of [first!, second!]) expect(box.x + box.width).toBeLessThanOrEqual(notice.x + notice.width + 1);
    const field = (await block.getByLabel('Nieuwe dag en tijd').boundingBox())!;
    const step = (await block.locator('.chain-step').first().boundingBox())!;
    expect(field.x + field.width).toBeLessThanOrEqual(step.x + step.width + 1);
    await block.locator('.notice-warning').scrollIntoViewIfNeeded();
    await look(page, '5-assistent-zonder-js-verplaatsen-390', false);

    // Point 8: to the beheerder, the proposal is a chain waiting for the nurse, not a running one.
    const { context, page: ops } = await (async () => {
      const context = await browser.newContext({ baseURL: baseUrl(), locale: 'nl-NL', ...viewports['1440'], javaScriptEnabled: false });
      opened.push(context);
      const ops = await context.newPage();
      await ops.goto('/login');
      await ops.getByLabel('E-mailadres').fill(beheerder.email);
      await ops.getByLabel('Wachtwoord').fill(beheerder.password);
      await ops.getByRole('button', { name: 'Inloggen' }).click();
      await ops.getByRole('heading', { level: 1, name: 'Workflows' }).waitFor();
      return { context, page: ops };
    })();
    const waiting = ops.locator('tr[data-workflow-id^="intent-chain-"]', { hasText: 'Wacht op bevestiging' });
    await expect
      .poll(
        async () => {
          if ((await waiting.count()) > 0) return true;
          await ops.goto('/beheer/workflows?type=intentChain');
          return false;
        },
        { timeout: 15_000, interval: 300 },
      )
      .toBe(true);
    expect(await waiting.first().getByRole('cell').nth(2).textContent()).toBe('Wacht op bevestiging');
    await look(ops, '8-beheer-wacht-op-bevestiging-1440-zonder-js', false);
    await context.close();

    await block.getByRole('button', { name: 'Afwijzen' }).click();
    await page.getByText('Afgewezen: er is niets gewijzigd.').last().waitFor();
    expect(await appointmentRow(semAppointment)).toEqual(before);

    // Point 2 in the assistant: its cancel asks the same reason, as choices to tick.
    await page.goto('/assistent');
    await page.getByLabel('Bericht aan de assistent').fill('annuleer de afspraak van Sem Zomertijd');
    await page.getByRole('button', { name: 'Versturen' }).click();
    const cancel = page.getByTestId('block-chain').last();
    await cancel.getByRole('radio', { name: 'Patiënt heeft afgezegd' }).waitFor();
    await cancel.getByRole('radio', { name: 'Dubbel gepland' }).waitFor();
    await cancel.getByRole('radio', { name: 'Patiënt heeft afgezegd' }).scrollIntoViewIfNeeded();
    await look(page, '2-assistent-zonder-js-annuleren-390', false);
    await cancel.getByRole('button', { name: 'Afwijzen' }).click();
    await page.getByText('Afgewezen: er is niets gewijzigd.').last().waitFor();
    expect((await appointmentRow(semAppointment)).status).toBe('gepland');
  });

  it('4. discharge is refused in Dutch while the crisismaatregel runs, with and without JavaScript', async () => {
    for (const [page, size, javaScript] of [
      [contexts.js1440!, '1440', true],
      [contexts.nojs390!, '390', false],
    ] as const) {
      await page.goto(`/patients/${noor}`);
      const card = page.locator('#ontslag');
      await card.getByRole('radio', { name: 'Op eigen verzoek' }).check();
      await card.getByRole('button', { name: 'Ontslag vastleggen' }).click();
      await card.getByText(/^Ontslag kan niet: er loopt een crisismaatregel \(Wvggz\) sinds \d{2}-\d{2}-\d{4}\./).waitFor();
      await look(page, `4-ontslag-geweigerd-${size}-${javaScript ? 'js' : 'zonder-js'}`, javaScript);
    }
    const { rows } = await asOwner(organisationId, (db) =>
      db.query<{ episode_status: string }>('select episode_status from patients where id = $1', [noor]),
    );
    expect(rows[0]!.episode_status).toBe('active');
  });

  it('9. the banner folds at 390 px and 200 %, opens, and is whole at 1440', async () => {
    const folded = (page: Page) => page.locator('summary', { hasText: 'Noor Wachtveld' });
    const full = (page: Page) => page.getByRole('region', { name: 'Veiligheid en rechtspositie' });
    for (const [page, size, javaScript] of [
      [contexts.nojs390!, '390', false],
      [contexts.zoom200!, 'zoom200', true],
    ] as const) {
      await page.goto(`/patients/${noor}/rapportages`);
      const line = folded(page);
      await line.waitFor();
      const text = await line.innerText();
      for (const fact of ['Noor Wachtveld', 'Penicilline (ernstig)', 'Crisismaatregel']) expect(text, `${size}: ${fact}`).toContain(fact);
      expect(await full(page).isVisible()).toBe(false);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await look(page, `9-banner-ingeklapt-${size}-${javaScript ? 'js' : 'zonder-js'}`, javaScript);
      await line.click();
      await full(page).getByText('Crisismaatregel (Wvggz)', { exact: true }).waitFor();
      await look(page, `9-banner-open-${size}-${javaScript ? 'js' : 'zonder-js'}`, javaScript);
    }
    const desk = contexts.js1440!;
    await desk.goto(`/patients/${noor}/rapportages`);
    await full(desk).getByText('Crisismaatregel (Wvggz)', { exact: true }).waitFor();
    expect(await folded(desk).isVisible()).toBe(false);
  });

  it('7. a note lands on its shift’s date with the grouping explained, and a temperature is typed and shown with a decimal comma', async () => {
    const written = new Date();
    const response = await json('/api/reports', {
      method: 'POST',
      cookie: nurseCookie,
      body: { patientId: bram, type: 'dagnotitie', category: 'observatie', content: 'Bram slaapt onrustig, temperatuur opgemeten.' },
    });
    expect(response.status).toBe(201);
    // The night (23:00–07:00) belongs to the date it began on: before 07:00 that is yesterday.
    const hour = amsterdamHour(written);
    const writtenOn = clinicalToday(written);
    const shiftDate = hour < 7 ? addDaysToIsoDate(writtenOn, -1) : writtenOn;
    const shift = hour < 7 || hour >= 23 ? 'Nachtdienst' : hour < 15 ? 'Dagdienst' : 'Avonddienst';

    const page = contexts.js1440!;
    await page.goto(`/patients/${bram}/rapportages`);
    await page
      .getByText('Gegroepeerd per dienstdatum: de nachtdienst (23:00–07:00) hoort bij de dag waarop hij begon.', { exact: false })
      .waitFor();
    const day = page.locator('.timeline-day', { has: page.locator('.timeline-date', { hasText: longDay(shiftDate) }) });
    await day.getByText('Bram slaapt onrustig, temperatuur opgemeten.').waitFor();
    expect(await day.innerText()).toContain(shift);
    await look(page, '7-rapportages-dienstdatum-1440-js', true);

    // A temperature typed as a Dutch keyboard types it, on a phone without JavaScript, and shown back the same way.
    const phone = contexts.nojs390!;
    await phone.goto(`/patients/${bram}/metingen`);
    await phone.getByLabel('Temperatuur (°C)').fill('37,5');
    await phone.getByRole('button', { name: 'Meting opslaan' }).click();
    await phone.locator('.trend-value', { hasText: /^37,5/ }).first().waitFor();
    expect(await phone.locator('main').innerText()).not.toMatch(/37\.5/);
    const { rows } = await asOwner(organisationId, (db) =>
      db.query<{ value: number }>("select value from vital_observations where patient_id = $1 and code = 'temperatuur'", [bram]),
    );
    expect(rows.map((row) => Number(row.value))).toEqual([37.5]);
    await look(phone, '7-metingen-komma-390-zonder-js', false);
  });

  it('6. the nurse prepared the GP letter but cannot approve it; the psychiatrist approves it without JavaScript at 390 px', async () => {
    const page = contexts.js1440!;
    await page.goto(`/brieven/${letterId}`);
    const approve = page.getByRole('button', { name: 'Goedkeuren' });
    await approve.waitFor();
    expect(await approve.isDisabled()).toBe(true);
    await page
      .getByText('Alleen een psychiater (regiebehandelaar) kan een huisartsbrief goedkeuren en ondertekenen.', { exact: false })
      .waitFor();
    await look(page, '6-brief-verpleegkundige-1440-js', true);

    const { context, page: lead } = await signedInWithForm(browser, baseUrl(), psychiatrist, { size: '390', javaScriptEnabled: false });
    opened.push(context);
    await lead.goto(`/brieven/${letterId}`);
    await lead.getByRole('button', { name: 'Goedkeuren' }).click();
    await lead.getByText('Goedgekeurd. Maak de brief verzendklaar om hem te versturen.').waitFor();
    await lead.getByText('Dr. M. Weekers (Psychiater, regiebehandelaar)').first().waitFor();
    await look(lead, '6-brief-goedgekeurd-390-zonder-js', false);
  });
});
