import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handoverWorkflowId } from '../../temporal/handover';
import { axeViolations } from '../support/axe';
import { launchBrowser, screenshot } from '../support/browser';
import {
  asOwner,
  createAppointment,
  createGpLetter,
  createOrganisation,
  createUser,
  registerPatient,
  type TestUser,
} from '../support/factories';
import { baseUrl, json, login } from '../support/http';
import { connectWorkflowTest, startTestWorker } from '../support/worker';
import { createActivities } from '../../workers/activities';
import { randomUUID } from 'node:crypto';

/*
 * Every form of the product with JavaScript switched off in Chromium (issue 18): each ends on the
 * right page with its data saved, or with a Dutch field error, and no page answers 5xx. The same
 * HTML is what a clinician gets when a form is submitted before the page has finished loading.
 * Each page visited is checked with axe-core and photographed at 1440 and 390 px.
 */

let browser: Browser;
let nurse: TestUser;
let psychiatrist: TestUser;
let organisationId: string;
let patientId: string;
const documents: { status: number; url: string }[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  organisationId = (await createOrganisation()).id;
  nurse = await createUser(organisationId, { role: 'verpleegkundige' });
  psychiatrist = await createUser(organisationId, { role: 'psychiater' });
  const { cookie } = await login(nurse.email, nurse.password);
  patientId = await registerPatient(cookie!, {
    name: [{ family: 'Bakker', given: ['Noor'] }],
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: '100031675' }],
  });
  await asOwner(organisationId, (db) => db.query("update patients set episode_status = 'active' where id = $1", [patientId]));
});

afterAll(async () => {
  await browser?.close();
  // Whatever the forms did, no document request of this file was answered with a server error.
  expect(documents.filter((document) => document.status >= 500)).toEqual([]);
});

/** A Dutch Chromium context with JavaScript off; every document answer is kept for the 5xx check. */
async function withoutJavaScript(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    locale: 'nl-NL',
    viewport: { width: 1440, height: 1000 },
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  page.on('response', (response: Response) => {
    if (response.request().resourceType() === 'document') documents.push({ status: response.status(), url: response.url() });
  });
  return { context, page };
}

/** axe-core finds no critical violation; screenshots at desktop and phone width. */
async function look(page: Page, name: string): Promise<void> {
  const violations = await axeViolations(page, { javaScript: false });
  expect(
    violations.filter((violation) => violation.impact === 'critical'),
    name,
  ).toEqual([]);
  await screenshot(page, `zonder-js-${name}-1440`);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `zonder-js-${name}-390`);
  await page.setViewportSize({ width: 1440, height: 1000 });
}

async function signIn(page: Page, user: TestUser): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mailadres').fill(user.email);
  await page.getByLabel('Wachtwoord').fill(user.password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await page.getByRole('heading', { level: 1, name: 'Patiënten' }).waitFor();
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('without JavaScript in Chromium', () => {
  it('logs in with the form (after a wrong password), goes where it was asked, and logs out', async () => {
    const { context, page } = await withoutJavaScript();
    await page.goto('/overdracht');
    expect(pathOf(page)).toBe('/login');
    await page.getByLabel('E-mailadres').fill(nurse.email);
    await page.getByLabel('Wachtwoord').fill('verkeerd-wachtwoord');
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await page.getByText('Onjuist e-mailadres of wachtwoord.').waitFor();
    expect(await page.getByLabel('E-mailadres').inputValue()).toBe(nurse.email);
    await look(page, 'login-fout');

    await page.getByLabel('Wachtwoord').fill(nurse.password);
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overdracht' }).waitFor();
    expect(pathOf(page)).toBe('/overdracht');

    await page.getByRole('button', { name: 'Uitloggen' }).click();
    await page.getByText('Je bent uitgelogd.').waitFor();
    expect(pathOf(page)).toBe('/login');
    await page.goto('/patients');
    expect(pathOf(page)).toBe('/login');
    await context.close();
  });

  it('logs in with each demo button, on the page of the role', async () => {
    for (const [button, heading, path, role] of [
      ['Demo als verpleegkundige', 'Patiënten', '/patients', 'Verpleegkundige'],
      ['Demo als psychiater', 'Patiënten', '/patients', 'Psychiater'],
      ['Demo als functioneel beheerder', 'Workflows', '/beheer/workflows', 'Functioneel beheerder'],
    ] as const) {
      const { context, page } = await withoutJavaScript();
      await page.goto('/login');
      await page.getByRole('button', { name: button }).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      // Signed in as the role of the button, on that role's start page.
      expect(pathOf(page)).toBe(path);
      expect(await page.locator('.user-button .user-role').textContent()).toBe(role);
      if (heading === 'Patiënten') await look(page, `demo-${button.split(' ').at(-1)}`);
      await context.close();
    }
  });

  it('logs in from a page whose scripts have not loaded yet', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), locale: 'nl-NL' });
    const page = await context.newPage();
    // The page's own scripts never arrive: the form is the server's HTML, as before hydration.
    await page.route('**/build/**/*.js', (route) => route.abort());
    await signIn(page, nurse);
    expect(pathOf(page)).toBe('/patients');
    await context.close();
  });

  it('registers a patient after Dutch field errors, and edits the patient', async () => {
    const { context, page } = await withoutJavaScript();
    await signIn(page, nurse);
    await page.goto('/patients/new');
    await page.getByLabel('Voornamen').fill('Sem');
    await page.getByLabel('BSN').fill('123456789');
    await page.getByRole('button', { name: 'Patiënt registreren' }).click();
    await page.locator('#bsn-error').waitFor();
    expect(await page.locator('#bsn-error').textContent()).toBe('Dit BSN is ongeldig: het voldoet niet aan de elfproef.');
    expect(await page.locator('#familyName-error').textContent()).toMatch(/achternaam/i);
    expect(await page.getByLabel('Voornamen').inputValue()).toBe('Sem');
    await look(page, 'nieuwe-patient-fout');

    await page.getByLabel('Achternaam').fill('Visser');
    await page.getByLabel('BSN').fill('100039595');
    await page.getByLabel('Geboortedatum').fill('1990-02-14');
    await page.getByLabel('Woonplaats').fill('Zwolle');
    await page.getByRole('button', { name: 'Patiënt registreren' }).click();
    await page.getByRole('heading', { level: 1, name: /Sem Visser/ }).waitFor();
    const id = pathOf(page).split('/')[2]!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    await page.goto(`/patients/${id}/edit`);
    await page.getByLabel('Woonplaats').fill('Deventer');
    await page.getByRole('button', { name: 'Wijzigingen opslaan' }).click();
    await page.getByRole('heading', { level: 1, name: /Sem Visser/ }).waitFor();
    expect(pathOf(page)).toBe(`/patients/${id}`);
    const stored = await asOwner(organisationId, (db) =>
      db.query<{ city: string; bsn: string }>('select address_city as city, bsn from patients where id = $1', [id]),
    );
    expect(stored.rows[0]).toEqual({ city: 'Deventer', bsn: '100039595' });
    await look(page, 'patient-gewijzigd');
    await context.close();
  });

  it('keeps a pasted daily note that is too long and says by how much; saves 300 emoji as 300 characters', async () => {
    const { context, page } = await withoutJavaScript();
    await signIn(page, nurse);
    await page.goto(`/patients/${patientId}/rapportages`);
    const tooLong = `Rustige avond, at goed mee. ${'x'.repeat(492)}`;
    await page.getByLabel('Rapportage', { exact: true }).fill(tooLong);
    await page.getByRole('button', { name: 'Rapportage opslaan' }).click();
    await page.getByText('Een dagnotitie is maximaal 500 tekens; deze is 20 tekens te lang.').waitFor();
    expect(await page.getByLabel('Rapportage', { exact: true }).inputValue()).toBe(tooLong);
    await look(page, 'dagnotitie-te-lang');

    const emoji = '🙂'.repeat(300);
    await page.getByLabel('Rapportage', { exact: true }).fill(emoji);
    await page.getByRole('button', { name: 'Rapportage opslaan' }).click();
    await page.getByText('Rapportage opgeslagen.').waitFor();
    const stored = await asOwner(organisationId, (db) =>
      db.query<{ length: number }>('select char_length(content) as length from reports where patient_id = $1', [patientId]),
    );
    expect(stored.rows).toEqual([{ length: 300 }]);
    await context.close();
  });

  it('filters the handover and generates the summary with a form post', async () => {
    const { context, page } = await withoutJavaScript();
    await signIn(page, nurse);
    await page.goto(`/overdracht?patient=${patientId}`);
    await page.getByRole('navigation', { name: 'Periode' }).getByRole('link', { name: '3 dagen' }).click();
    await page.getByRole('heading', { level: 2, name: 'Noor Bakker' }).waitFor();
    expect(new URL(page.url()).searchParams.get('periode')).toBe('3d');
    await page.getByRole('navigation', { name: 'Overdracht voor' }).getByRole('link', { name: 'Psychiater' }).click();
    await page.getByText(/gefilterd voor de psychiater/).waitFor();

    await page.getByRole('button', { name: 'Overdracht genereren' }).click();
    await page.getByTestId('handover-summary').waitFor();
    expect(new URL(page.url()).searchParams.get('generatie')).toBeNull();
    await look(page, 'overdracht-samenvatting');
    const stored = await asOwner(organisationId, (db) =>
      db.query<{ period: string; role: string }>('select period, role from handover_summaries where patient_id = $1', [patientId]),
    );
    expect(stored.rows).toEqual([{ period: '3d', role: 'psychiater' }]);
    await context.close();
  });

  it('shows the progress, with a link to look again, when a generation takes longer; then the outcome', async () => {
    const { context, page } = await withoutJavaScript();
    await signIn(page, nurse);
    // A run whose model never answers, on a worker of this test: the form's post joins it, and waits in vain.
    const workflows = await connectWorkflowTest();
    let release: () => void = () => undefined;
    const modelCall = new Promise<never>((_, reject) => {
      release = () => reject(new Error('released by the test'));
    });
    const real = createActivities({ orm: workflows.orm, ai: workflows.offline, grants: workflows.grants });
    const taskQueue = `test-stuck-${randomUUID()}`;
    const worker = await startTestWorker(taskQueue, { ...real, summariseHandover: () => modelCall });
    const now = new Date();
    const workflowId = handoverWorkflowId({ patientId, period: '1d', filterForRole: 'verpleegkundige' }, now);
    const actor = { organisationId, userId: nurse.id, role: nurse.role, channel: 'web' } as const;
    const job = {
      patientId,
      period: '1d',
      role: 'verpleegkundige',
      workflowId,
      requestedAt: now.toISOString(),
      grant: workflows.grants.grant(actor, workflowId, 'generation'),
    } as const;
    const stuck = await workflows.client.workflow.start('handoverGeneration', {
      taskQueue,
      workflowId,
      args: [job],
      memo: { organisationId, step: 0 },
    });
    try {
      await page.goto(`/overdracht?patient=${patientId}`);
      await page.getByRole('button', { name: 'Overdracht genereren' }).click();
      // The post waits for the run as long as a model could take (HANDOVER_FORM_WAIT_SECONDS), then shows where it stands.
      await page.getByRole('status', { name: 'Voortgang' }).waitFor({ timeout: 40_000 });
      expect(new URL(page.url()).searchParams.get('generatie')).toBe('bezig');
      expect(await page.locator('.step-done').count()).toBe(1);
      await look(page, 'overdracht-voortgang');
      await page.getByRole('link', { name: 'Opnieuw kijken' }).click();
      await page.getByRole('status', { name: 'Voortgang' }).waitFor();

      // The run ends without a summary: looking again says so and offers the button again.
      await stuck.terminate('test');
      await page.getByRole('link', { name: 'Opnieuw kijken' }).click();
      await page.getByText('Het maken van de overdracht is mislukt. Probeer het opnieuw.').waitFor();
      await page.getByRole('button', { name: 'Overdracht genereren' }).click();
      await page.getByTestId('handover-summary').waitFor();
      expect(new URL(page.url()).searchParams.get('generatie')).toBeNull();
    } finally {
      await stuck.terminate().catch(() => undefined);
      release();
      await worker.stop();
      await workflows.close();
      await context.close();
    }
  }, 90_000);

  it('generates, edits and approves a treatment plan', async () => {
    const { context, page } = await withoutJavaScript();
    await signIn(page, psychiatrist);
    await page.goto(`/patients/${patientId}/behandelplan`);
    await page.getByRole('button', { name: 'Behandelplan genereren' }).click();
    await page.getByRole('heading', { name: 'Behandelplan versie 1' }).waitFor();

    await page.getByLabel('Hulpvraag', { exact: true }).fill('Ik wil weer rustig slapen en mijn dagen zelf invullen.');
    await page.getByRole('button', { name: 'Concept opslaan' }).click();
    await page
      .getByText(/opgeslagen/)
      .first()
      .waitFor();
    expect(await page.getByLabel('Hulpvraag', { exact: true }).inputValue()).toBe('Ik wil weer rustig slapen en mijn dagen zelf invullen.');
    await look(page, 'behandelplan-concept');

    await page.getByRole('combobox', { name: 'Status' }).selectOption('ingestemd');
    await page.getByRole('button', { name: 'Goedkeuren' }).click();
    const approved = page.getByText('Versie 1 is goedgekeurd en is nu het geldende behandelplan.');
    const refused = page.locator('.plan-editor .notice-danger');
    await approved.or(refused).first().waitFor();
    if (await refused.count()) {
      // An empty record gives a draft without dated goals: the editor says what is missing, per field, in Dutch.
      expect(await page.locator('.plan-editor .field-error').count()).toBeGreaterThan(0);
      const dates = page.locator('input[type="date"]');
      for (let index = 0; index < (await dates.count()); index++)
        await dates.nth(index).fill(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
      await page.getByRole('button', { name: 'Goedkeuren' }).click();
      await approved.waitFor();
    }
    const stored = await asOwner(organisationId, (db) =>
      db.query<{ status: string; hulpvraag: string }>(
        "select status, content->>'hulpvraag' as hulpvraag from treatment_plans where patient_id = $1",
        [patientId],
      ),
    );
    expect(stored.rows).toEqual([{ status: 'goedgekeurd', hulpvraag: 'Ik wil weer rustig slapen en mijn dagen zelf invullen.' }]);
    await look(page, 'behandelplan-goedgekeurd');
    await context.close();
  });

  it('edits and approves a GP letter after a no-show, then makes it ready to send', async () => {
    const appointmentId = await createAppointment(organisationId, {
      patientId,
      practitionerId: nurse.id,
      startAt: new Date(Date.now() - 2 * 86_400_000),
      minutes: 45,
    });
    await createGpLetter(organisationId, {
      patientId,
      createdBy: psychiatrist.id,
      gpName: 'Dr. L. Mulder',
      gpPractice: 'Praktijk Mulder',
      subject: 'Voortgang',
      text: 'Geachte collega,\n\nMevrouw Bakker is bij ons in behandeling met wekelijkse gesprekken.\n\nMet vriendelijke groet,',
    });
    const { cookie } = await login(nurse.email, nurse.password);
    expect((await json(`/api/noshow/${appointmentId}/cancel`, { method: 'POST', cookie, body: {} })).status).toBe(201);
    const started = await json(`/api/noshow/${appointmentId}/rescript`, { method: 'POST', cookie, body: {} });
    expect(started.status).toBe(200);
    const letterId = ((await started.json()) as { letter: { id: string } }).letter.id;

    const { context, page } = await withoutJavaScript();
    await signIn(page, psychiatrist);
    await page.goto(`/brieven/${letterId}`);
    const editor = page.getByLabel('Tekst van de brief — pas aan waar nodig');
    await editor.fill(`${await editor.inputValue()}\n\nP.S. Wij bellen haar deze week.`);
    await look(page, 'brief-beoordelen');
    await page.getByRole('button', { name: 'Goedkeuren' }).click();
    await page.getByRole('button', { name: 'Verzendklaar maken' }).click();
    await page.getByText(/Verzendklaar sinds/).waitFor();
    const stored = await asOwner(organisationId, (db) =>
      db.query<{ status: string; final_text: string }>('select status, final_text from gp_letters where id = $1', [letterId]),
    );
    expect(stored.rows[0]!.status).toBe('verzendklaar');
    expect(stored.rows[0]!.final_text).toContain('P.S. Wij bellen haar deze week.');
    await look(page, 'brief-verzendklaar');
    await context.close();
  });

  it('searches the patient list and the access log period with their GET forms', async () => {
    const { context, page } = await withoutJavaScript();
    await signIn(page, nurse);
    await page.getByRole('searchbox').fill('Bakker');
    await page.getByRole('searchbox').press('Enter');
    await page.getByRole('link', { name: 'Noor Bakker' }).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('Bakker');
    await page.goto(`/patients/${patientId}/toegang`);
    await page.getByRole('button', { name: 'Filteren' }).click();
    await page.getByRole('heading', { level: 1, name: /Noor Bakker/ }).waitFor();
    await look(page, 'toegangslog');
    await context.close();
  });
});
