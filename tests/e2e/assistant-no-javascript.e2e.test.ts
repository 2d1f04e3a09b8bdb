import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, lookAt, signedInWithForm } from '../support/browser';
import { createOrganisation, createUser, registerPatient, validBsns, type TestUser } from '../support/factories';
import { baseUrl, login } from '../support/http';

/*
 * The assistant with JavaScript switched off in Chromium (issue 44, point 5; ADR 0081): the message
 * is a form post, the page shows the reply and the proposed daily note, "Bevestigen" is a form post
 * that writes it, and the note is then on the patient's timeline. Each state passes axe at 1440 and
 * 390 px; no document is answered with a server error.
 */

let browser: Browser;
let page: Page;
let nurse: TestUser;
let patientId: string;
const documents: { status: number; url: string }[] = [];

beforeAll(async () => {
  const organisationId = (await createOrganisation()).id;
  nurse = await createUser(organisationId, { role: 'verpleegkundige' });
  const { cookie } = await login(nurse.email, nurse.password);
  patientId = await registerPatient(cookie!, {
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: validBsns[4]! }],
  });
  browser = await launchBrowser();
  ({ page } = await signedInWithForm(browser, baseUrl(), nurse, { javaScriptEnabled: false }));
  page.on('response', (response: Response) => {
    if (response.request().resourceType() === 'document') documents.push({ status: response.status(), url: response.url() });
  });
});

afterAll(async () => {
  await browser?.close();
  expect(documents.filter((document) => document.status >= 500)).toEqual([]);
});

const composer = () => page.getByLabel('Bericht aan de assistent');
const send = () => page.getByRole('button', { name: 'Versturen' });

describe('the assistant without JavaScript (Chromium)', () => {
  it('says an empty message in Dutch on the page', async () => {
    await page.goto('/assistent');
    expect(await send().isEnabled()).toBe(true);
    await send().click();
    await page.getByRole('alert').getByText('Typ een bericht.').waitFor();
    expect(await composer().getAttribute('aria-invalid')).toBe('true');
    await lookAt(page, 'assistent-zonder-js-leeg', false);
  });

  it('puts an example in the composer, and sends it', async () => {
    await page.goto('/assistent');
    await page.getByRole('link', { name: 'Wat staat er vandaag in de agenda?' }).click();
    expect(await composer().inputValue()).toBe('Wat staat er vandaag in de agenda?');
    await send().click();
    await page.getByTestId('user-message').getByText('Wat staat er vandaag in de agenda?').waitFor();
    // The product's own example is understood locally (an agenda question for today): a read that opens the agenda.
    const block = page.getByTestId('assistant-message').getByTestId('block-link');
    await block.getByRole('heading', { level: 3, name: 'Agenda' }).waitFor();
    expect(await block.getByRole('link', { name: 'Agenda openen' }).getAttribute('href')).toBe('/agenda');
    expect(await page.getByTestId('fallback').count()).toBe(0);
  });

  it('sends a sentence, shows the reply and the proposed note, confirms it, and the note is on the timeline', async () => {
    await page.goto('/assistent');
    await composer().fill('maak een dagnotitie voor Jan de Vries: slaapt goed');
    await send().click();

    await page.getByTestId('user-message').getByText('maak een dagnotitie voor Jan de Vries: slaapt goed').waitFor();
    const reply = page.getByTestId('assistant-message');
    await reply
      .locator('.chat-bubble-assistant')
      .getByText(/^Dagnotitie voor Jan de Vries \(Observatie\): controleer de tekst hieronder\./)
      .waitFor();
    const block = reply.getByTestId('block-chain');
    expect(await block.getByRole('heading', { level: 3 }).textContent()).toBe('Dagnotitie');
    expect(await block.locator('.chain-step-summary').textContent()).toMatch(
      /^Dagnotitie voor Jan de Vries vastleggen .*: “Slaapt goed\.?”$/,
    );
    expect(await block.getByLabel('Tekst').inputValue()).toMatch(/^Slaapt goed\.?$/);
    await lookAt(page, 'assistent-zonder-js-voorstel', false);

    // Proposed, not written.
    const timeline = await page.request.get(`/api/reports?${new URLSearchParams({ patientId, type: 'dagnotitie' })}`);
    expect(((await timeline.json()) as { items: unknown[] }).items).toEqual([]);

    await block.getByLabel('Tekst').fill('Slaapt goed, rustige nacht.');
    await block.getByRole('button', { name: 'Bevestigen' }).click();
    await page.getByText('Uitgevoerd en vastgelegd.').waitFor();
    expect(await page.getByTestId('block-chain').locator('.chain-step-summary').textContent()).toMatch(
      /^Dagnotitie voor Jan de Vries vastgelegd/,
    );
    await lookAt(page, 'assistent-zonder-js-bevestigd', false);

    await page.getByTestId('block-chain').getByRole('link', { name: 'Tijdlijn' }).click();
    await page.getByText('Slaapt goed, rustige nacht.').first().waitFor();
    expect(new URL(page.url()).pathname).toBe(`/patients/${patientId}/rapportages`);

    // Written once, as the form showed it (posting the confirmation again: tests/integration/assistant-page.int.test.ts).
    const notes = await page.request.get(`/api/reports?${new URLSearchParams({ patientId, type: 'dagnotitie' })}`);
    expect(((await notes.json()) as { items: { excerpt: string }[] }).items.map((item) => item.excerpt)).toEqual([
      'Slaapt goed, rustige nacht.',
    ]);
  });

  it('opens a read on its own page: "risico\'s van Jan de Vries" links to the patient\'s risks', async () => {
    await page.goto('/assistent');
    await composer().fill("Risico's van Jan de Vries");
    await send().click();
    const block = page.getByTestId('block-link');
    await block.getByRole('heading', { level: 3, name: "Risico's van Jan de Vries" }).waitFor();
    expect(await block.getByRole('link', { name: "Risico's openen" }).getAttribute('href')).toBe(`/patients/${patientId}/risicos`);
    // A read proposes nothing to confirm.
    expect(await page.getByRole('button', { name: 'Bevestigen' }).count()).toBe(0);
  });
});

describe('the same page with JavaScript (Chromium)', () => {
  it('still streams in place: the message is never posted as a form, and the note block opens in the chat', async () => {
    const { context, page: withScript } = await signedInWithForm(browser, baseUrl(), nurse);
    const posted: string[] = [];
    withScript.on('request', (request) => {
      if (request.resourceType() === 'document' && request.method() === 'POST') posted.push(request.url());
    });
    await withScript.goto('/assistent');
    const button = withScript.getByRole('button', { name: 'Versturen' });
    // Hydrated: an empty composer cannot be sent.
    await withScript.waitForFunction(() => document.querySelector<HTMLButtonElement>('.chat-send')?.disabled === true);
    await withScript.getByLabel('Bericht aan de assistent').fill('maak een dagnotitie voor Jan de Vries: eet weinig');
    expect(await button.isEnabled()).toBe(true);
    await withScript.getByLabel('Bericht aan de assistent').press('Enter');
    await withScript.getByTestId('block-dagnotitie').waitFor();
    await withScript
      .getByTestId('assistant-message')
      .locator('.chat-bubble-assistant')
      .getByText(/^Dagnotitie voor Jan de Vries/)
      .waitFor();
    expect(posted).toEqual([]);
    await context.close();
  });
});
