import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoOrganisation, demoPassword } from '../../domain/demo/demo-accounts';
import { screenshot, signedInPage, type SignedInBrowser } from '../support/browser';
import { asOwner, createAppointment, createNudge } from '../support/factories';
import { baseUrl, json, login } from '../support/http';

let session: SignedInBrowser;
let page: Page;
let appointmentId: string;

/** Full-page shots from the top, so the sticky sidebar sits where a reader sees it. */
async function shot(name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

// The seeded demo ward (domain/demo/demo.seed.ts) has a draft GP letter for Jan de Vries. The
// nurse reports that he did not come, as the chat would (the rescript API); the psychiatrist reviews.
beforeAll(async () => {
  const { nurse, jan, start } = await asOwner(demoOrganisation.id, async (db) => {
    const nurse = (
      await db.query<{ id: string }>('select id from users where email = $1 and organisation_id = $2', [
        demoAccounts.verpleegkundige.email,
        demoOrganisation.id,
      ])
    ).rows[0]!.id;
    const jan = (
      await db.query<{ id: string }>(
        "select id from patients where family_name = 'Vries' and name_prefix = 'de' and organisation_id = $1",
        [demoOrganisation.id],
      )
    ).rows[0]!.id;
    // Last week at 10:00 Amsterdam: in the past, and out of the agenda weeks the other browser tests look at.
    const start = new Date(`${new Date(Date.now() - 8 * 24 * 3600_000).toISOString().slice(0, 10)}T09:00:00Z`);
    return { nurse, jan, start };
  });
  appointmentId = await createAppointment(demoOrganisation.id, {
    patientId: jan,
    practitionerId: nurse,
    startAt: start,
    location: 'Spreekkamer 1',
  });
  const { cookie } = await login(demoAccounts.verpleegkundige.email, demoPassword);
  expect(
    (
      await json(`/api/noshow/${appointmentId}/cancel`, {
        method: 'POST',
        cookie,
        body: { followUp: 'Wij nemen telefonisch contact met hem op voor een nieuwe afspraak' },
      })
    ).status,
  ).toBe(201);
  const started = await json(`/api/noshow/${appointmentId}/rescript`, { method: 'POST', cookie, body: {} });
  expect(started.status).toBe(200);
  expect(((await started.json()) as { workflow: { status: string } }).workflow.status).toBe('ter_beoordeling');

  session = await signedInPage('psychiater', baseUrl(), { width: 1440, height: 1000 });
  page = session.page;
});

afterAll(async () => {
  await session?.close();
});

describe('GP letter review in Chromium', () => {
  it('lists the rewritten letter in the inbox, newest first, with the drafts below', async () => {
    await page.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('link', { name: 'Brieven' }).click();
    await page.getByRole('heading', { level: 1, name: 'Brieven' }).waitFor();
    const waiting = page.locator('.letter-cards .letter-card');
    expect(await waiting.count()).toBe(1);
    expect(await waiting.first().locator('.letter-card-patient').textContent()).toBe('Jan de Vries');
    expect(await waiting.first().textContent()).toMatch(/Aan Dr\. H\. Jansen · herschreven/);
    expect(await page.getByRole('region', { name: 'Overige brieven' }).getByText('Fatima el Amrani').count()).toBe(1);
    await shot('brieven-inbox');
  });

  it('shows the original and the rewrite side by side with a word diff, and follows the reviewer’s edits', async () => {
    await page.locator('.letter-card').first().click();
    await page.getByRole('heading', { level: 1, name: 'Huisartsbrief Jan de Vries' }).waitFor();
    expect(await page.locator('.page-header .letter-status').textContent()).toBe('Ter beoordeling');
    const revised = page.getByTestId('diff-revised');
    const added = async () => (await revised.locator('ins.diff-ins').allTextContents()).join('');
    expect(await added()).toContain('Niet verschenen op afspraak');
    expect(await added()).toContain('Wij nemen telefonisch contact met hem op voor een nieuwe afspraak.');
    // Nothing of the draft was removed by the local rewrite; the original column has no insertions.
    expect(await page.getByTestId('diff-original').locator('ins').count()).toBe(0);
    expect(await page.getByTestId('diff-summary').textContent()).toMatch(/\d+ woorden toegevoegd0 woorden verwijderd/);
    expect(await page.getByText('Gemiste afspraak').count()).toBe(1);
    await shot('brieven-beoordelen');

    const editor = page.getByLabel('Tekst van de brief — pas aan waar nodig');
    const text = await editor.inputValue();
    await editor.fill(
      text
        .replace('(clozapine)', '(clozapine 300 mg)')
        .replace('met wekelijkse behandelgesprekken', 'met tweewekelijkse behandelgesprekken'),
    );
    // The comparison follows the text as edited: a word of the draft struck through, the new ones added.
    await expect.poll(() => page.getByTestId('diff-original').locator('del.diff-del').allTextContents()).toEqual(['wekelijkse']);
    expect(await added()).toContain('300 mg');
    expect(await added()).toContain('tweewekelijkse');
    await shot('brieven-bewerkt');
  });

  it('approves the edited text, then makes it ready to send', async () => {
    await page.getByRole('button', { name: 'Goedkeuren' }).click();
    await page.getByRole('button', { name: 'Verzendklaar maken' }).waitFor();
    expect(await page.locator('.page-header .letter-status').textContent()).toBe('Goedgekeurd');
    expect(await page.locator('.letter-facts').textContent()).toContain('Beoordeeld');
    expect(await page.getByTestId('diff-revised').textContent()).toContain('clozapine 300 mg');
    expect(await page.getByTestId('diff-original').locator('del').allTextContents()).toEqual(['wekelijkse']);
    await shot('brieven-goedgekeurd');

    await page.getByRole('button', { name: 'Verzendklaar maken' }).click();
    await page.locator('.notice-danger, .letter-review .notice-success:has-text("Verzendklaar sinds")').first().waitFor();
    expect(await page.locator('.notice-danger').count(), (await page.locator('.notice-danger').allTextContents()).join()).toBe(0);
    expect(await page.locator('.page-header .letter-status').textContent()).toBe('Verzendklaar');
    const history = page.getByRole('region', { name: 'Versiegeschiedenis' }).locator('summary');
    expect(await history.allTextContents()).toEqual([
      expect.stringMatching(/^v4 Verzendklaar gemaakt · .+ · Dr\. Ahmed el Amrani$/),
      expect.stringMatching(/^v3 Beoordeeld en goedgekeurd · .+ · Dr\. Ahmed el Amrani$/),
      expect.stringMatching(/^v2 Herschreven omdat de patiënt niet verscheen · .+ · Sanne de Boer$/),
      expect.stringMatching(/^v1 Concept opgesteld · .+ · Dr\. Ahmed el Amrani$/),
    ]);
    await shot('brieven-verzendklaar');

    // The API tells the same: the process is finished and the letter ready to send.
    const context = await page.evaluate(async (id) => (await fetch(`/api/noshow/${id}/context`)).json(), appointmentId);
    expect(context).toMatchObject({
      workflow: { status: 'verzendklaar' },
      letter: { status: 'verzendklaar' },
      appointment: { status: 'niet-verschenen' },
    });
  });
});

describe('the no-show from the chat in Chromium', () => {
  let nurse: SignedInBrowser;
  let chatAppointmentId: string;
  let time: string;

  // An appointment of Jan de Vries with the nurse that began a little earlier today (Amsterdam).
  beforeAll(async () => {
    const now = new Date();
    const [hours, minutes] = new Intl.DateTimeFormat('nl-NL', {
      timeZone: 'Europe/Amsterdam',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .format(now)
      .split(':')
      .map(Number) as [number, number];
    const back = Math.min(30, hours * 60 + minutes);
    const start = new Date(Math.floor(now.getTime() / 60_000) * 60_000 - back * 60_000);
    const startMinutes = hours * 60 + minutes - back;
    time = `${String(Math.floor(startMinutes / 60)).padStart(2, '0')}:${String(startMinutes % 60).padStart(2, '0')}`;
    const { nurseId, jan } = await asOwner(demoOrganisation.id, async (db) => ({
      nurseId: (
        await db.query<{ id: string }>('select id from users where email = $1 and organisation_id = $2', [
          demoAccounts.verpleegkundige.email,
          demoOrganisation.id,
        ])
      ).rows[0]!.id,
      jan: (
        await db.query<{ id: string }>(
          "select id from patients where family_name = 'Vries' and name_prefix = 'de' and organisation_id = $1",
          [demoOrganisation.id],
        )
      ).rows[0]!.id,
    }));
    chatAppointmentId = await createAppointment(demoOrganisation.id, {
      patientId: jan,
      practitionerId: nurseId,
      startAt: start,
      location: 'Spreekkamer 2',
    });
    // A reminder the no-show process leaves when a review waits too long (workflows/noshow).
    await createNudge(demoOrganisation.id, {
      userId: nurseId,
      kind: 'huisartsbrief_beoordelen',
      text: 'De huisartsbrief van Jan de Vries over de gemiste afspraak wacht al 3 dagen op beoordeling.',
      href: '/brieven',
    });
    nurse = await signedInPage('verpleegkundige', baseUrl(), { width: 1440, height: 1000 });
  });

  afterAll(async () => {
    await nurse?.close();
  });

  it('finds the appointment, changes nothing before the confirmation, then opens the rewritten letter', async () => {
    const chat = nurse.page;
    await chat.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('link', { name: 'Assistent' }).click();
    const reminder = chat.getByTestId('nudge').filter({ hasText: 'wacht al 3 dagen op beoordeling' });
    await reminder.getByRole('link', { name: 'Brief beoordelen' }).waitFor();
    const composer = chat.getByLabel('Bericht aan de assistent');
    await composer.fill(`Jan de Vries is niet verschenen op zijn afspraak van ${time}`);
    await composer.press('Enter');

    const block = chat.getByTestId('assistant-message').last().getByTestId('block-noshow');
    await block.getByRole('button', { name: 'Bevestigen' }).waitFor();
    expect(await block.textContent()).toContain(
      `${time} met Jan de Vries: als niet verschenen registreren en de huisartsbrief herschrijven?`,
    );
    const before = await chat.evaluate(async (id) => (await fetch(`/api/noshow/${id}/context`)).json(), chatAppointmentId);
    expect(before).toMatchObject({ appointment: { status: 'gepland' }, workflow: null });
    await screenshot(chat, 'assistent-niet-verschenen');

    await block.getByRole('button', { name: 'Bevestigen' }).click();
    await block.getByRole('link', { name: 'Brief beoordelen' }).waitFor();
    expect(await block.textContent()).toContain('De huisartsbrief is herschreven en wacht op beoordeling.');
    await screenshot(chat, 'assistent-niet-verschenen-gestart');

    await block.getByRole('link', { name: 'Brief beoordelen' }).click();
    await chat.getByRole('heading', { level: 1, name: 'Huisartsbrief Jan de Vries' }).waitFor();
    expect(await chat.locator('.page-header .letter-status').textContent()).toBe('Ter beoordeling');
    const after = await chat.evaluate(async (id) => (await fetch(`/api/noshow/${id}/context`)).json(), chatAppointmentId);
    expect(after).toMatchObject({ appointment: { status: 'niet-verschenen' }, workflow: { status: 'ter_beoordeling' } });
  });
});
