import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToIsoDate, clinicalToday } from '../../domain/shared/clinical-time';
import { launchBrowser, lookAt, screenshot, signedInWithForm } from '../support/browser';
import { asOwner, createOrganisation, createUser, registerPatient, validBsns, type TestUser } from '../support/factories';
import { baseUrl, json, login } from '../support/http';

/*
 * Issue 41, point 7 in the browser: the patient list as a ward view (room, legal status,
 * allergies, the NEWS2/BVC flag), its urgency order, and the room edited on the patient's page;
 * with JavaScript on and off, at 1440 and 390 px and at 200 % zoom, with axe.
 */

let browser: Browser;
let nurse: TestUser;
let cookie: string;
const ids: Record<'fever' | 'violent' | 'quiet', string> = { fever: '', violent: '', quiet: '' };
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);

async function patient(given: string, family: string, bsn: string, updatedHoursAgo: number): Promise<string> {
  const id = await registerPatient(cookie, {
    name: [{ family, given: [given] }],
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: bsn }],
  });
  await asOwner(nurse.organisationId, (db) =>
    db.query("update patients set episode_status = 'active', updated_at = $2 where id = $1", [id, hoursAgo(updatedHoursAgo)]),
  );
  return id;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const organisationId = (await createOrganisation()).id;
  nurse = await createUser(organisationId, { role: 'verpleegkundige' });
  cookie = (await login(nurse.email, nurse.password)).cookie!;
  ids.fever = await patient('Pieter', 'Koorts', validBsns[4]!, 30);
  ids.violent = await patient('Kees', 'Onrust', validBsns[6]!, 20);
  ids.quiet = await patient('Anna', 'Rust', validBsns[7]!, 10);

  const post = (path: string, body: unknown) => json(path, { method: 'POST', cookie, body });
  // NEWS2 10 ten hours ago: continuous monitoring, the round long overdue.
  await post(`/api/patients/${ids.fever}/vitals`, {
    observedAt: hoursAgo(10).toISOString(),
    measures: { ademhaling: 22, saturatie: 95, 'bloeddruk-systolisch': 132, hartfrequentie: 118, temperatuur: 39.4 },
    consciousness: 'C',
    oxygen: false,
  });
  await post(`/api/patients/${ids.fever}/allergies`, { substance: 'Penicilline', reaction: 'Benauwdheid', severity: 'ernstig' });
  await json(`/api/patients/${ids.fever}`, { method: 'PATCH', cookie, body: { room: 'K12' } });
  await post(`/api/patients/${ids.violent}/legal-status`, {
    kind: 'wvggz-zorgmachtiging',
    startsOn: addDaysToIsoDate(clinicalToday(), -10),
  });
  await json(`/api/patients/${ids.violent}`, { method: 'PATCH', cookie, body: { room: 'Kamer 3 bed 2' } });
  await post(`/api/patients/${ids.quiet}/allergies`, { noKnownAllergies: true });
  await asOwner(organisationId, (db) =>
    db.query(
      `insert into scale_scores (id, organisation_id, patient_id, scale, items, score, observed_at)
       values (gen_random_uuid(), $1, $2, 'bvc', $3, 3, $4)`,
      [organisationId, ids.violent, JSON.stringify({ verward: true, prikkelbaar: true, luidruchtig: true }), hoursAgo(2)],
    ),
  );
});

afterAll(async () => {
  await browser?.close();
});

const rows = (page: Page) => page.locator('table.ward-table tbody tr');
const names = (page: Page) => rows(page).locator('.row-link').allTextContents();
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe.each([true, false])('the ward view of the patient list in Chromium (JavaScript %s)', (javaScript) => {
  const suffix = javaScript ? 'met-js' : 'zonder-js';

  it('shows room, legal status, allergies and the NEWS2/BVC flag, and sorts by urgency', async () => {
    const { context, page } = await signedInWithForm(browser, baseUrl(), nurse, { javaScriptEnabled: javaScript });
    await rows(page).first().waitFor();
    const fever = rows(page).filter({ hasText: 'Pieter Koorts' });
    expect(await fever.locator('.ward-room').textContent()).toContain('K12');
    expect(await fever.getByText('Penicilline').count()).toBe(1);
    expect(await fever.locator('.ward-flag.warning-kritiek').textContent()).toBe('NEWS2 10 · hoog risico · controle te laat');
    const violent = rows(page).filter({ hasText: 'Kees Onrust' });
    expect(await violent.getByText('Zorgmachtiging', { exact: true }).isVisible()).toBe(true);
    expect(await violent.getByText('BVC 3 · risico zeer hoog').isVisible()).toBe(true);
    expect(await violent.locator('.banner-unknown').textContent()).toBe('Niet vastgelegd');
    expect(await rows(page).filter({ hasText: 'Anna Rust' }).getByText('Geen bekende').isVisible()).toBe(true);
    await lookAt(page, `ward-lijst-${suffix}`, javaScript);

    await page.getByRole('navigation', { name: 'Volgorde' }).getByRole('link', { name: 'Urgentie' }).click();
    await page.waitForURL('**/patients?volgorde=urgentie');
    await page.getByText('Meest urgente alerts eerst').waitFor();
    expect((await names(page)).slice(0, 2)).toEqual(['Pieter Koorts', 'Kees Onrust']);
    expect(
      await page.getByRole('navigation', { name: 'Volgorde' }).getByRole('link', { name: 'Urgentie' }).getAttribute('aria-current'),
    ).toBe('true');
    await lookAt(page, `ward-lijst-urgentie-${suffix}`, javaScript);

    // A phone: every patient a card with the facts named, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    const card = rows(page).first();
    expect(await card.locator('.cell-label', { hasText: 'Kamer' }).isVisible()).toBe(true);
    const [nameBox, roomBox] = [await card.locator('.row-link').boundingBox(), await card.locator('.ward-room').boundingBox()];
    expect(roomBox!.y).toBeGreaterThan(nameBox!.y);
    // Every card's content starts at the same edge.
    const edges = await rows(page)
      .locator('.row-link')
      .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().x));
    expect(new Set(edges).size).toBe(1);
    await context.close();
  });

  it('edits the room on the patient page after a Dutch error, and the list shows it', async () => {
    const { context, page } = await signedInWithForm(browser, baseUrl(), nurse, { javaScriptEnabled: javaScript });
    await page.goto(`/patients/${ids.quiet}/edit`);
    const room = page.getByLabel('Kamer / bed');
    await room.fill('K7\tB');
    await page.getByRole('button', { name: 'Wijzigingen opslaan' }).click();
    await page.getByText('Een kamer past op één regel, zonder tabs of regeleinden.').waitFor();
    expect(await page.getByLabel('Kamer / bed').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, `ward-kamer-fout-${suffix}`, javaScript);

    const value = javaScript ? 'K7' : 'K8';
    await page.getByLabel('Kamer / bed').fill(value);
    await page.getByRole('button', { name: 'Wijzigingen opslaan' }).click();
    await page.waitForURL(`**/patients/${ids.quiet}`);
    await page.locator('.record-facts', { hasText: `Kamer ${value}` }).waitFor();
    await lookAt(page, `ward-kamer-dossier-${suffix}`, javaScript);

    await page.goto('/patients');
    expect(await rows(page).filter({ hasText: 'Anna Rust' }).locator('.ward-room').textContent()).toContain(value);
    await context.close();
  });
});

describe('the ward view at 200 % zoom', () => {
  it('reads as cards without sideways scrolling', async () => {
    const { context, page } = await signedInWithForm(browser, baseUrl(), nurse, { size: 'zoom200' });
    await page.goto('/patients?volgorde=urgentie');
    await rows(page).first().waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await rows(page).first().locator('.cell-label', { hasText: 'Rechtspositie' }).isVisible()).toBe(true);
    await screenshot(page, 'ward-lijst-zoom200');
    await context.close();
  });
});
