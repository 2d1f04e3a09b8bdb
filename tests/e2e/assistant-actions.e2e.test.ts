import { wallClockOf } from '../../domain/shared/clinical-time';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rangeForLabel } from '../../domain/agenda/agenda.dates';
import { axeViolations } from '../support/axe';
import { launchBrowser, screenshot } from '../support/browser';
import { asOwner, createAppointment, createOrganisation, createUser, registerPatient, validBsns } from '../support/factories';
import { baseUrl, json, login } from '../support/http';

/*
 * The assistant's actions as a nurse meets them in the chat panel (issue 22): a name that fits two
 * patients gets a picker by name and birth date, the picked patient carries over to the next step,
 * a prepared write can be changed before "Bevestigen", a reschedule finds its source appointment,
 * and a no-show finds the appointment nearest to the time named. Nothing is written unconfirmed.
 * A ward of its own (two patients called Pieter, and Jan de Vries), so the demo ward that the other
 * browser tests count stays as seeded.
 */

let browser: Browser;
let page: Page;
let organisationId: string;
let nurseId: string;
let pieterId: string;
let janId: string;
let nurseCookie: string;

const composer = () => page.getByLabel('Bericht aan de assistent');
const lastReply = () => page.getByTestId('assistant-message').last();

async function ask(text: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('link', { name: 'Assistent' }).click();
  await page.getByRole('heading', { level: 1, name: 'Assistent' }).waitFor();
  await composer().fill(text);
  await composer().press('Enter');
}

/** Axe on what the test sees, then screenshots at 1440 and 390 px. */
async function look(name: string): Promise<void> {
  const violations = await axeViolations(page);
  expect(
    violations.filter((violation) => violation.impact === 'critical' || violation.impact === 'serious'),
    name,
  ).toEqual([]);
  await screenshot(page, `${name}-1440`);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1440, height: 1000 });
}

/** "Pieter" fits Pieter Zomerdijk and Pieter Groenveld: the question lists both, each with the birth date. */
async function pickPieter(question: Locator): Promise<void> {
  await question.getByText('Welke patiënt bedoel je met “Pieter”?').waitFor();
  const groenveld = question.locator('.chat-result').filter({ hasText: 'Pieter Groenveld' });
  expect(await groenveld.textContent()).toContain('3 februari 1979');
  const zomerdijk = question.locator('.chat-result').filter({ hasText: 'Pieter Zomerdijk' });
  expect(await zomerdijk.textContent()).toContain('6 mei 1986');
  await zomerdijk.getByRole('button', { name: 'Kiezen' }).click();
}

const at = (label: string, hours: number, minutes = 0) => new Date(rangeForLabel(label)!.start.getTime() + (hours * 60 + minutes) * 60_000);
const clock = (date: Date) => wallClockOf(date.toISOString()).slice(11);

async function appointment(start: Date): Promise<string> {
  return createAppointment(organisationId, {
    patientId: pieterId,
    practitionerId: nurseId,
    startAt: start,
    minutes: 45,
    type: 'behandelgesprek',
    location: 'Spreekkamer 2',
  });
}

beforeAll(async () => {
  organisationId = (await createOrganisation()).id;
  const nurse = await createUser(organisationId, { role: 'verpleegkundige' });
  nurseId = nurse.id;
  const { cookie } = await login(nurse.email, nurse.password);
  const bsn = (index: number) => ({ identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: validBsns[index]! }] });
  pieterId = await registerPatient(cookie!, { ...bsn(3), name: [{ family: 'Zomerdijk', given: ['Pieter'] }], birthDate: '1986-05-06' });
  await registerPatient(cookie!, { ...bsn(4), name: [{ family: 'Groenveld', given: ['Pieter'] }], birthDate: '1979-02-03' });
  janId = await registerPatient(cookie!, bsn(5));
  nurseCookie = cookie!;
  browser = await launchBrowser();
  const context = await browser.newContext({ baseURL: baseUrl(), locale: 'nl-NL', viewport: { width: 1440, height: 1000 } });
  page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('E-mailadres').fill(nurse.email);
  await page.getByLabel('Wachtwoord').fill(nurse.password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await page.getByRole('heading', { level: 1, name: 'Patiënten' }).waitFor();
});

afterAll(async () => {
  await browser?.close();
});

describe('the assistant’s actions in Chromium', () => {
  it('asks which Pieter, carries the choice to the note, lets the nurse change the note, and writes only after Bevestigen', async () => {
    await ask('zoek Pieter en maak daarna een notitie dat hij rustig was');
    const block = lastReply().getByTestId('block-chain');
    await pickPieter(block.getByRole('group', { name: 'Welke patiënt bedoel je met “Pieter”?' }));
    await block.getByRole('button', { name: 'Bevestigen' }).waitFor();
    const steps = block.locator('.chain-step');
    expect(await steps.nth(1).textContent()).toContain('Dagnotitie voor Pieter Zomerdijk vastleggen');
    expect(await steps.nth(1).textContent()).toContain('“Hij was rustig.”');

    await block.getByText('Dagnotitie aanpassen').click();
    const text = `Hij was rustig en at goed (${Date.now()}).`;
    await block.getByLabel('Tekst').fill(text);
    await block.getByLabel('Categorie').selectOption('gedrag');
    await block.getByLabel('Ook in de overdracht').check();
    await look('assistent-notitie-aanpassen');
    const notes = () =>
      asOwner(
        organisationId,
        async (db) => (await db.query('select content, category, include_in_handover from reports where patient_id = $1', [pieterId])).rows,
      );
    expect(await notes()).toEqual([]);

    await block.getByRole('button', { name: 'Bevestigen' }).click();
    await block.getByText('Uitgevoerd en vastgelegd.').waitFor();
    expect(await notes()).toEqual([{ content: text, category: 'gedrag', include_in_handover: true }]);
  });

  it('reschedules the patient’s next appointment (the source) to the day named after “naar”, at the time the nurse set', async () => {
    const source = at('morgen', 10);
    const appointmentId = await appointment(source);
    await ask('verzet de afspraak van Pieter Zomerdijk naar overmorgen 14:00');
    const block = lastReply().getByTestId('block-chain');
    await block.getByRole('button', { name: 'Bevestigen' }).waitFor();
    const summary = (await block.locator('.chain-step-summary').first().textContent()) ?? '';
    expect(summary).toMatch(
      new RegExp(`^Afspraak behandelgesprek \\w+ \\d+ \\w+ ${clock(source)} met Pieter Zomerdijk verplaatsen naar \\w+ \\d+ \\w+ 14:00$`),
    );

    const target = at('overmorgen', 15, 30);
    await block.getByText('Tijdstip aanpassen').click();
    await block.getByLabel('Nieuwe dag en tijd').fill(wallClockOf(target.toISOString()));
    await look('assistent-verplaatsen');
    await block.getByRole('button', { name: 'Bevestigen' }).click();
    await block.getByText('Uitgevoerd en vastgelegd.').waitFor();
    const moved = await asOwner(
      organisationId,
      async (db) =>
        (await db.query<{ start_at: Date; status: string }>('select start_at, status from appointments where id = $1', [appointmentId]))
          .rows[0]!,
    );
    expect({ start: moved.start_at.toISOString(), status: moved.status }).toEqual({ start: target.toISOString(), status: 'verplaatst' });
  });

  it('asks which Pieter for a single reschedule, by name and birth date, then finds his next appointment; rejecting changes nothing', async () => {
    await ask('verzet de afspraak van Pieter naar overmorgen 9 uur');
    await pickPieter(lastReply().getByTestId('clarify'));
    const block = lastReply().getByTestId('block-chain');
    await block.getByRole('button', { name: 'Bevestigen' }).waitFor();
    // His next appointment is the one the previous test moved to 15:30 the day after tomorrow.
    expect(await block.locator('.chain-step-summary').first().textContent()).toMatch(
      /^Afspraak behandelgesprek \w+ \d+ \w+ 15:30 met Pieter Zomerdijk verplaatsen naar \w+ \d+ \w+ 09:00$/,
    );
    await look('assistent-welke-patient');
    await block.getByRole('button', { name: 'Afwijzen' }).click();
    await block.getByText('Afgewezen: er is niets gewijzigd.').waitFor();
  });

  it('registers a no-show on the appointment nearest to the time named, within the hour, after confirmation', async () => {
    // Begun half an hour ago (or at midnight, just after it), named 20 minutes off its start.
    const today = rangeForLabel('vandaag')!.start;
    const start = new Date(Math.max(today.getTime(), Math.floor((Date.now() - 30 * 60_000) / 300_000) * 300_000));
    const appointmentId = await appointment(start);
    await ask(`Pieter Zomerdijk is niet verschenen op zijn afspraak van ${clock(new Date(start.getTime() + 20 * 60_000))}`);
    const block = lastReply().getByTestId('block-noshow');
    await block.getByRole('button', { name: 'Bevestigen' }).waitFor();
    expect(await block.textContent()).toContain(`${clock(start)} met Pieter Zomerdijk: als niet verschenen registreren`);
    const status = async () =>
      (
        await asOwner(organisationId, (db) =>
          db.query<{ status: string }>('select status from appointments where id = $1', [appointmentId]),
        )
      ).rows[0]!.status;
    expect(await status()).toBe('gepland');
    await look('assistent-no-show');

    await block.getByRole('button', { name: 'Bevestigen' }).click();
    await block.getByText(/^Afspraak staat op niet verschenen\./).waitFor();
    expect(await status()).toBe('niet-verschenen');
    await block.getByRole('link', { name: 'Brief beoordelen' }).waitFor();
  });

  it('proposes the description’s discharge example in the block with its reason, the note after it, and writes nothing on Afwijzen', async () => {
    await asOwner(organisationId, (db) => db.query(`update patients set episode_status = 'active' where id = $1`, [janId]));
    await ask('ontsla Jan de Vries en maak een notitie dat hij vandaag naar huis gaat');
    const block = lastReply().getByTestId('block-chain');
    await block.getByRole('button', { name: 'Bevestigen' }).waitFor();
    const steps = block.locator('.chain-step');
    expect(await steps.count()).toBe(2);
    expect(await steps.nth(0).textContent()).toMatch(/Jan de Vries met ontslag per \d{2}-\d{2}-\d{4} \(Behandeling afgerond\)/);
    expect(await block.getByRole('radio', { name: 'Behandeling afgerond' }).isChecked()).toBe(true);
    expect(await steps.nth(1).textContent()).toContain('“Hij gaat vandaag naar huis.”');
    await block.getByRole('button', { name: 'Afwijzen' }).click();
    await block.getByText('Afgewezen: er is niets gewijzigd.').waitFor();
    const status = await asOwner(organisationId, (db) =>
      db.query<{ episode_status: string }>('select episode_status from patients where id = $1', [janId]),
    );
    expect(status.rows[0]!.episode_status).toBe('active');
  });

  it('says in the block why Jan de Vries cannot go while he is in separatie, and does not offer the note', async () => {
    const measure = await json(`/api/patients/${janId}/coercive-measures`, {
      method: 'POST',
      cookie: nurseCookie,
      body: {
        kind: 'separatie',
        startedAt: new Date(Date.now() - 3600_000).toISOString(),
        legalBasis: 'noodsituatie',
        decidedBy: 'Dr. L. Mulder',
      },
    });
    expect(measure.status).toBe(201);
    await ask('ontsla Jan de Vries en maak een notitie dat hij vandaag naar huis gaat');
    const block = lastReply().getByTestId('block-chain');
    await block.getByText(/^Ontslag kan niet: verplichte zorg loopt nog \(separatie \/ afzondering sinds/).waitFor();
    const steps = block.locator('.chain-step');
    expect(await steps.count()).toBe(2);
    expect(await steps.nth(0).textContent()).toContain('Mislukt');
    expect(await steps.nth(1).textContent()).toContain('Niet uitgevoerd');
    expect(await block.getByRole('button', { name: 'Bevestigen' }).count()).toBe(0);
  });
});
