import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '../../domain/db/orm';
import { withTenant } from '../../domain/db/tenant';
import { appOrm } from '../support/app-orm';
import { readAskFile, seedAskRecord, type SeededRecord } from '../support/ask-record';
import { launchBrowser, lookAt, signedInWithForm } from '../support/browser';
import { createOrganisation, createUser, type TestUser } from '../support/factories';
import { baseUrl } from '../support/http';

/*
 * A question about one patient's record (issue 47) in Chromium, with JavaScript and without: asked
 * in the chat (the assistant hears intent `dossiervraag` and answers in a read block with the
 * sources linked into the record) and in the record's own "Vraag het dossier" box. Each answer
 * passes axe at 1440 and 390 px; no document is answered with a server error.
 */

let orm: MikroORM;
let browser: Browser;
let psychiater: TestUser;
let jan: SeededRecord;
const documents: { status: number; url: string }[] = [];
const question = 'Wanneer is de clozapine van Jan de Vries verhoogd?';

beforeAll(async () => {
  orm = await appOrm({ poolMax: 2 });
  const organisationId = (await createOrganisation()).id;
  psychiater = await createUser(organisationId, { role: 'psychiater' });
  const file = readAskFile(path.resolve(import.meta.dirname, '../fixtures/ask/ask-dev.json'));
  jan = await withTenant(orm, { organisationId, userId: psychiater.id }, (em) => seedAskRecord(em, organisationId, file));
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await orm?.close();
  expect(documents.filter((document) => document.status >= 500)).toEqual([]);
});

async function signedIn(javaScriptEnabled: boolean): Promise<Page> {
  const { page } = await signedInWithForm(browser, baseUrl(), psychiater, { javaScriptEnabled });
  page.on('response', (response) => {
    if (response.request().resourceType() === 'document') documents.push({ status: response.status(), url: response.url() });
  });
  return page;
}

/** The cited order of the clozapine increase, linked to its row on the medication page. */
const orderLink = () => `/patients/${jan.patientId}/medicatie#medicatieopdracht-${jan.rowOf.get('S11')}`;

describe('a question about the record in the chat', () => {
  it('with JavaScript: the read block answers with the sources, linked into the record', async () => {
    const page = await signedIn(true);
    await page.goto('/assistent');
    await page.getByLabel('Bericht aan de assistent').fill(question);
    await page.getByLabel('Bericht aan de assistent').press('Enter');
    const block = page.getByTestId('block-dossiervraag');
    await block.getByRole('heading', { level: 3, name: 'Vraag aan het dossier van Jan de Vries' }).waitFor();
    await block.locator('.dossier-sources li').first().waitFor({ timeout: 30_000 });
    expect(await block.locator(`a[href="${orderLink()}"]`).count()).toBeGreaterThan(0);
    expect(await block.locator('.dossier-sources').textContent()).toMatch(/Medicatieopdracht · \d{1,2} \w{3} \d{4} · /i);
    await page.getByTestId('assistant-message').last().locator('.chat-bubble-assistant[aria-busy="false"]').waitFor();
    await lookAt(page, 'dossiervraag-chat-js');

    // The side panel on the patient's own record: "hij" is the patient open on screen.
    await page.goto(`/patients/${jan.patientId}/rapportages`);
    await page.keyboard.press('Control+K');
    const panel = page.getByRole('dialog', { name: 'Assistent' });
    await panel.waitFor();
    // The conversation of the assistant page may come along: a new one, where offered.
    const fresh = panel.getByRole('button', { name: 'Nieuw gesprek' });
    if (await fresh.isVisible()) await fresh.click();
    await panel.getByLabel('Bericht aan de assistent').fill('heeft hij eerder gesepareerd gezeten vraagteken');
    await panel.getByLabel('Bericht aan de assistent').press('Enter');
    const answer = panel.getByTestId('block-dossiervraag').last();
    await answer.getByRole('heading', { level: 3, name: 'Vraag aan het dossier van Jan de Vries' }).waitFor();
    await answer.locator('.dossier-sources li').first().waitFor({ timeout: 30_000 });
    expect(await answer.locator('.dossier-sources').textContent()).toMatch(/Separatie/);
    await lookAt(page, 'dossiervraag-paneel-js');
    await page.context().close();
  });

  it('without JavaScript: the assistant page answers the question in the turn', async () => {
    const page = await signedIn(false);
    await page.goto('/assistent');
    await page.getByLabel('Bericht aan de assistent').fill('heeft Jan de Vries ooit lithium gebruikt vraagteken');
    await page.getByRole('button', { name: 'Versturen' }).click();
    const block = page.getByTestId('assistant-message').getByTestId('block-dossiervraag');
    await block.waitFor();
    expect(await block.textContent()).toContain('Ik weet het niet');
    await page.getByLabel('Bericht aan de assistent').fill(question);
    await page.getByRole('button', { name: 'Versturen' }).click();
    await page.getByTestId('user-message').getByText(question).waitFor();
    expect(await page.getByTestId('block-dossiervraag').locator(`a[href="${orderLink()}"]`).count()).toBeGreaterThan(0);
    await lookAt(page, 'dossiervraag-chat-zonder-js', false);
    await page.context().close();
  });
});

describe("the record's own box, Vraag het dossier", () => {
  for (const javaScript of [true, false]) {
    it(`${javaScript ? 'with' : 'without'} JavaScript: answers under the box with the sources`, async () => {
      const page = await signedIn(javaScript);
      await page.goto(`/patients/${jan.patientId}/rapportages`);
      await page.locator('#dossiervraag-kort').fill('Wanneer is de clozapine verhoogd?');
      await page.locator('#dossiervraag-kort').press('Enter');
      await page.locator('.dossier-answer .dossier-sources li').first().waitFor({ timeout: 30_000 });
      expect(page.url()).toContain(`/patients/${jan.patientId}/dossiervraag`);
      expect(await page.locator(`.dossier-answer a[href="${orderLink()}"]`).count()).toBeGreaterThan(0);
      await lookAt(page, `dossiervraag-dossier-${javaScript ? 'js' : 'zonder-js'}`, javaScript);
      await page.context().close();
    });
  }
});
