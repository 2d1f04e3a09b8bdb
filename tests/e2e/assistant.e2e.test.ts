import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addClinicalDays, isoDay } from '../../domain/shared/clinical-time';
import { screenshot, signedInPage, type SignedInBrowser } from '../support/browser';
import { baseUrl } from '../support/http';

let session: SignedInBrowser;
let page: Page;

beforeAll(async () => {
  session = await signedInPage('verpleegkundige', baseUrl(), { width: 1440, height: 1000 });
  page = session.page;
});

afterAll(async () => {
  await session?.close();
});

const composer = () => page.getByLabel('Bericht aan de assistent');
const lastReply = () => page.getByTestId('assistant-message').last();

async function ask(text: string): Promise<void> {
  await composer().fill(text);
  await composer().press('Enter');
}

/** The reply is streamed: wait until the typing indicator made way for text. */
async function streamedReply(): Promise<string> {
  const bubble = lastReply().locator('.chat-bubble-assistant');
  await bubble.locator('.chat-text').waitFor();
  await expect.poll(() => bubble.getAttribute('aria-busy'), { timeout: 15_000 }).toBe('false');
  return (await bubble.textContent()) ?? '';
}

// Demo data (domain/demo/demo.seed.ts): Jan de Vries has a high suicide risk assessed in the last
// 24 hours, so he is among the ward's alerts; no language model is configured in the test stack.
describe('assistant in Chromium', () => {
  it('prepares a daily note from one sentence, saves it, and the note is on the timeline', async () => {
    await page.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('link', { name: 'Assistent' }).click();
    await page.getByRole('heading', { level: 1, name: 'Assistent' }).waitFor();
    await page.getByTestId('chat-no-model').waitFor();
    await page.getByTestId('nudge').first().waitFor();
    expect(await page.getByTestId('nudge').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/Jan de Vries/)]));
    await screenshot(page, 'assistent-start');

    await ask('maak een dagnotitie voor Jan de Vries: weigerde medicatie');
    expect(await page.getByTestId('user-message').last().textContent()).toBe('maak een dagnotitie voor Jan de Vries: weigerde medicatie');
    expect(await streamedReply()).toContain('Jan de Vries');

    const block = lastReply().getByTestId('block-dagnotitie');
    await block.waitFor();
    expect(await block.getByTestId('note-patient').textContent()).toContain('Jan de Vries');
    expect(await block.getByLabel('Categorie').inputValue()).toBe('medicatie');
    const content = block.getByLabel('Tekst');
    expect(await content.inputValue()).toBe('Weigerde medicatie');
    expect(await block.locator('.counter').textContent()).toBe('18/500');
    await screenshot(page, 'assistent-dagnotitie');

    // A detail of this run, so the note found on the timeline is this one.
    const note = `Weigerde medicatie, wil eerst de arts spreken (${new Date().toISOString().slice(11, 19)}).`;
    await content.fill(note);
    expect(await block.locator('.counter').textContent()).toBe(`${note.length}/500`);
    await block.getByLabel('Meenemen in de overdracht').setChecked(false);
    await block.getByRole('button', { name: 'Dagnotitie opslaan' }).click();
    await block.getByText('Dagnotitie opgeslagen bij Jan de Vries.').waitFor();
    expect(await content.getAttribute('readonly')).not.toBeNull();
    await screenshot(page, 'assistent-dagnotitie-opgeslagen');

    await block.getByRole('link', { name: 'Bekijk in de tijdlijn' }).click();
    await page.waitForURL(/\/patients\/[0-9a-f-]+\/rapportages$/);
    await page.getByRole('heading', { level: 1, name: /Jan de Vries/ }).waitFor();
    const newest = page.locator('.timeline-item').first();
    await newest.getByText(note).waitFor();
    expect(await newest.textContent()).toContain('Dagnotitie');
  });

  it('does not guess: an unclear sentence gets the fallback with a link to the agenda', async () => {
    await page.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('link', { name: 'Assistent' }).click();
    // The conversation is kept while moving through the record.
    await page.getByTestId('block-dagnotitie').waitFor();
    await ask('hoe laat is de lunch');
    const fallback = lastReply().getByTestId('fallback');
    await fallback.waitFor();
    expect(await fallback.textContent()).toContain('Ik weet niet zeker wat je bedoelt.');
    expect(await fallback.getByRole('link', { name: 'agenda' }).getAttribute('href')).toBe('/agenda');
    await streamedReply();
    await screenshot(page, 'assistent-fallback');
  });

  it("opens as a side panel on a patient's page (Ctrl+K) and answers about that patient", async () => {
    await page.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('link', { name: 'Patiënten' }).click();
    await page.getByRole('link', { name: 'Jan de Vries' }).click();
    await page.getByRole('heading', { level: 1, name: /Jan de Vries/ }).waitFor();

    await page.keyboard.press('Control+K');
    const panel = page.getByRole('dialog', { name: 'Assistent' });
    await panel.waitFor();
    expect(await panel.getByTestId('assistant-context').textContent()).toContain('Jan de Vries');
    await panel.getByRole('button', { name: 'Nieuw gesprek' }).click();
    await panel.getByText('Waarmee kan ik helpen?').waitFor();
    expect(await composer().evaluate((element) => element === document.activeElement)).toBe(true);

    const classified = page.waitForRequest((request) => request.url().endsWith('/api/core/classify'));
    await ask("wat zijn zijn risico's");
    const sent = (await classified).postDataJSON() as { input: string; context?: { activePatient?: { id: string; name: string } } };
    expect(sent.context?.activePatient?.name).toBe('Jan de Vries');
    expect(page.url()).toContain(`/patients/${sent.context?.activePatient?.id}`);

    const risks = panel.getByTestId('block-risico');
    await risks.waitFor();
    expect(await risks.getByRole('heading', { level: 3 }).textContent()).toBe("Risico's van Jan de Vries");
    await risks.locator('.risk-list li').first().waitFor();
    expect(await risks.locator('.risk-list').textContent()).toContain('Suïcide');
    await streamedReply();
    await screenshot(page, 'assistent-paneel-risicos');

    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: /Assistent/ }).click();
    await panel.getByTestId('block-risico').waitFor();
    await page.keyboard.press('Escape');
  });

  it('shows the steps of a two-part request and writes nothing before confirmation', async () => {
    await page.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('link', { name: 'Assistent' }).click();
    await page.getByRole('heading', { level: 1, name: 'Assistent' }).waitFor();
    await ask('maak een dagnotitie voor Jan de Vries: rustig geslapen en toon de agenda van morgen');
    const chain = lastReply().getByTestId('block-chain');
    await chain.waitFor();
    // Preparing runs in a workflow (up to 3 s before the API answers): wait for the question.
    await chain.getByRole('button', { name: 'Bevestigen' }).waitFor();
    const steps = chain.locator('.chain-step');
    expect(await steps.count()).toBe(2);
    expect(await steps.nth(0).textContent()).toContain('Dagnotitie voor Jan de Vries vastleggen');
    expect(await steps.nth(0).textContent()).toContain('Wacht op bevestiging');
    expect(await steps.nth(1).textContent()).toMatch(/\d+ afspra(ak|ken)/);
    expect(await steps.nth(1).textContent()).toContain('Klaar');
    await streamedReply();
    await screenshot(page, 'assistent-meerdere-stappen');

    await chain.getByRole('button', { name: 'Afwijzen' }).click();
    await chain.getByText('Afgewezen: er is niets gewijzigd.').waitFor();
    expect(await steps.nth(0).textContent()).toContain('Niet uitgevoerd');
  });

  it('opens the agenda, the patient search and the handover, and asks for what a new appointment still needs', async () => {
    await ask('agenda morgen');
    const agenda = lastReply().getByTestId('block-agenda');
    await agenda.waitFor();
    expect(await agenda.getByRole('link', { name: 'Open agenda' }).getAttribute('href')).toBe('/agenda');
    await agenda.locator('.chat-appointment, .muted').first().waitFor();

    await ask('zoek patiënt Jan');
    const search = lastReply().getByTestId('block-zoeken');
    await search.locator('.chat-result').first().waitFor();
    expect(await search.locator('.chat-result').first().textContent()).toMatch(/Jan.*\d+%/);
    await screenshot(page, 'assistent-agenda-zoeken');

    await ask('overdracht van Jan de Vries');
    const handover = lastReply().getByTestId('block-overdracht');
    await handover.getByRole('button', { name: 'Overdracht genereren' }).waitFor();
    expect(await handover.textContent()).toContain('voor de verpleegkundige');

    await ask('plan een afspraak met Jan de Vries');
    const question = lastReply().getByTestId('clarify');
    await question.getByText('Wanneer moet de afspraak met Jan de Vries plaatsvinden?').waitFor();
    await screenshot(page, 'assistent-vraag');
    const inTwoDays = isoDay(addClinicalDays(new Date(), 2));
    await question.getByLabel('Dag en tijdstip').fill(`${inTwoDays}T14:00`);
    await question.getByRole('button', { name: 'Verder' }).click();
    const change = lastReply().getByTestId('block-chain');
    await change.getByRole('button', { name: 'Bevestigen' }).waitFor();
    expect(await change.locator('.chain-step').first().textContent()).toMatch(/14:00 met Jan de Vries inplannen/);
    await screenshot(page, 'assistent-afspraak-bevestigen');
    await change.getByRole('button', { name: 'Afwijzen' }).click();
    await change.getByText(/Afgewezen: er is niets gewijzigd/).waitFor();

    // A bare hour is guessed, and the plan says so before anything is confirmed (ADR 64); a written time is not.
    await ask('plan een afspraak met Jan de Vries overmorgen om 3 uur');
    const guessed = lastReply().getByTestId('block-chain');
    await guessed.getByRole('button', { name: 'Bevestigen' }).waitFor();
    expect(await guessed.locator('.chain-step').first().textContent()).toMatch(/15:00 met Jan de Vries inplannen \(tijd geschat\)/);
    await guessed.getByText('Tijd geschat: “3 uur” gelezen als 15:00 — klopt dat? Zo niet, pas het tijdstip aan.').waitFor();
    await screenshot(page, 'assistent-afspraak-tijd-geschat');
    await guessed.getByRole('button', { name: 'Afwijzen' }).click();
    await guessed.getByText(/Afgewezen: er is niets gewijzigd/).waitFor();
    await ask('plan een afspraak met Jan de Vries overmorgen om 07:30');
    const written = lastReply().getByTestId('block-chain');
    await written.getByRole('button', { name: 'Bevestigen' }).waitFor();
    expect(await written.locator('.chain-step').first().textContent()).toMatch(/07:30 met Jan de Vries inplannen/);
    expect(await written.textContent()).not.toContain('Tijd geschat');
    await written.getByRole('button', { name: 'Afwijzen' }).click();
    await written.getByText(/Afgewezen: er is niets gewijzigd/).waitFor();
  });

  it('says in Dutch what went wrong, retries, and sends an expired session to the login page', async () => {
    await page.route('**/api/assistant/chat', (route) => route.abort('internetdisconnected'));
    await ask('agenda vandaag');
    const failed = lastReply();
    await failed.getByText('Geen internetverbinding, controleer het netwerk.').waitFor();
    // The routing does not depend on the reply: the agenda still opens.
    await failed.getByTestId('block-agenda').waitFor();
    await screenshot(page, 'assistent-netwerkfout');
    await page.unroute('**/api/assistant/chat');
    await failed.getByRole('button', { name: 'Opnieuw proberen' }).click();
    expect(await streamedReply()).toContain('Agenda');
    expect(await failed.getByText('Geen internetverbinding').count()).toBe(0);

    await page.route('**/api/assistant/chat', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'Retry-After': '30' },
        json: { error: { code: 'rate_limited', message: 'Je stuurt te veel berichten. Probeer het over 30 seconden opnieuw.' } },
      }),
    );
    await ask('agenda morgen');
    // The server's message already names the wait: it is shown once, as it came.
    await lastReply().getByText('Je stuurt te veel berichten. Probeer het over 30 seconden opnieuw.', { exact: true }).waitFor();
    // Let the agenda block finish loading, so the expired session below meets this message's request.
    await lastReply().getByTestId('block-agenda').locator('.chat-appointment, p.muted').first().waitFor();
    await page.unroute('**/api/assistant/chat');

    await page.context().clearCookies();
    await ask('agenda vandaag');
    await page.waitForURL(/\/login\?.*reden=verlopen/);
    expect(new URL(page.url()).searchParams.get('redirectTo')).toBe('/assistent');
  });
});
