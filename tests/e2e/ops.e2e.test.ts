import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainWorkflowId } from '../../domain/intent/chain';
import { launchBrowser, lookAt, screenshot, signedInPage, type SignedInBrowser } from '../support/browser';
import { createOrganisation, createUser, fhirPatientBody } from '../support/factories';
import { baseUrl, json, login, request } from '../support/http';
import { failedHealthCheck, terminatedRun } from '../support/workflows';

let session: SignedInBrowser;
let page: Page;
let failed: { workflowId: string; runId: string };
let completedId: string;
let stopped: { workflowId: string; runId: string };

const row = (workflowId: string) => page.locator(`tr[data-workflow-id="${workflowId}"]`);

/** Visibility lags a moment behind a run; reload until the row is there. */
async function reloadUntilListed(workflowId: string): Promise<void> {
  await expect
    .poll(
      async () => {
        if ((await row(workflowId).count()) > 0) return true;
        await page.reload();
        return false;
      },
      { timeout: 10_000, interval: 300 },
    )
    .toBe(true);
}

beforeAll(async () => {
  failed = await failedHealthCheck('Database onbereikbaar: verbinding geweigerd (test)');
  stopped = await terminatedRun('Handmatig gestopt door beheer');
  const health = await request('/api/health');
  completedId = ((await health.json()) as { checks: { worker: { workflowId: string } } }).checks.worker.workflowId;
  session = await signedInPage('beheerder', baseUrl(), { width: 1440, height: 1000 });
  page = session.page;
});

afterAll(async () => {
  await session?.close();
});

describe('the workflows page in Chromium', () => {
  it('starts the beheerder on the workflows table, with only the Beheer and Koppelingen navigation', async () => {
    expect(new URL(page.url()).pathname).toBe('/beheer/workflows');
    const nav = page.getByRole('navigation', { name: 'Hoofdnavigatie' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Beheer', 'Koppelingen']);
    expect(await page.getByRole('button', { name: 'Gebruikersmenu' }).textContent()).toContain('Functioneel beheerder');

    await reloadUntilListed(completedId);
    await reloadUntilListed(failed.workflowId);
    await reloadUntilListed(stopped.workflowId);
    const stoppedError = row(stopped.workflowId).locator('xpath=following-sibling::tr[1]');
    expect(await stoppedError.locator('summary').textContent()).toContain('Handmatig beëindigd in Temporal.');
    expect(await stoppedError.locator('.workflow-error-full').textContent()).toContain('Beëindigd: Handmatig gestopt door beheer');
    const completed = row(completedId);
    expect(await completed.getByRole('cell').nth(0).textContent()).toContain('Gezondheidscontrole');
    expect(await completed.getByRole('cell').nth(2).textContent()).toBe('Voltooid');
    expect(await completed.getByRole('link', { name: /in de Temporal UI/ }).getAttribute('href')).toMatch(
      new RegExp(`^https://temporal\\.ggz\\.test/namespaces/default/workflows/${completedId}/[0-9a-f-]{36}$`),
    );
    expect(await page.getByRole('link', { name: 'Temporal UI', exact: true }).getAttribute('target')).toBe('_blank');
    await screenshot(page, 'beheer-1-workflows');
  });

  it('filters on status with links, and on type with a form', async () => {
    const failedFilter = page.getByRole('navigation', { name: 'Filter op status' }).getByRole('link', { name: 'Mislukt' });
    await failedFilter.click();
    await page.waitForURL(/status=Failed/);
    // The URL changes a moment before the new rows are rendered.
    await expect.poll(() => failedFilter.getAttribute('aria-current')).toBe('true');
    await expect.poll(() => row(completedId).count()).toBe(0);
    await row(failed.workflowId).waitFor();
    expect(new Set(await page.locator('.workflow-status').allTextContents())).toEqual(new Set(['Mislukt']));

    await page.getByLabel('Type').selectOption('intentChain');
    await page.getByRole('button', { name: 'Filteren' }).click();
    await page.waitForURL(/type=intentChain/);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ status: 'Failed', type: 'intentChain' });
    await expect.poll(() => row(failed.workflowId).count()).toBe(0);

    await page.getByLabel('Type').selectOption('healthCheck');
    await page.getByRole('button', { name: 'Filteren' }).click();
    await page.waitForURL(/type=healthCheck/);
    await row(failed.workflowId).waitFor();
    await expect.poll(() => page.locator('.table-caption').textContent()).toContain('mislukt · Gezondheidscontrole');
    await screenshot(page, 'beheer-2-mislukt');
  });

  it('expands a failed run to show its error chain', async () => {
    const error = row(failed.workflowId).locator('xpath=following-sibling::tr[1]');
    const details = error.locator('details');
    expect(await details.getAttribute('open')).toBeNull();
    expect(await error.locator('summary').textContent()).toContain(
      'De database was niet bereikbaar voor een stap van de workflow; deze fout wordt niet herhaald.',
    );
    expect(await error.locator('.workflow-error-full').textContent()).toContain('Database onbereikbaar: verbinding geweigerd (test)');

    await error.locator('summary').click();
    expect(await details.getAttribute('open')).toBe('');
    const chain = error.getByRole('list', { name: 'Foutketen' });
    await chain.waitFor();
    expect(await chain.getByRole('listitem').allTextContents()).toEqual([
      'Activiteit checkDatabaseDe activiteit is mislukt',
      'Fout (DatabaseUnavailable)Database onbereikbaar: verbinding geweigerd (test)',
    ]);
    expect(await error.getByRole('link', { name: /Temporal UI/ }).getAttribute('href')).toContain(
      `/workflows/${failed.workflowId}/${failed.runId}`,
    );
    await screenshot(page, 'beheer-3-foutmelding');
  });

  it('sends the beheerder away from patient pages with a note', async () => {
    await page.goto('/patients');
    await page.waitForURL(/\/beheer\/workflows\?melding=geen-patientgegevens/);
    expect(await page.getByRole('status').textContent()).toBe('Functioneel beheer heeft geen toegang tot patiëntgegevens.');
    await screenshot(page, 'beheer-4-geen-patientgegevens');
    // A filter link leaves the note behind.
    const completedFilter = page.getByRole('navigation', { name: 'Filter op status' }).getByRole('link', { name: 'Voltooid' });
    await completedFilter.click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'Completed' && !url.searchParams.has('melding'));
    await expect.poll(() => completedFilter.getAttribute('aria-current')).toBe('true');
    expect(await page.getByRole('status').count()).toBe(0);
  });
});

describe('the workflows page for a clinician', () => {
  it('says in Dutch that it is for beheerders only', async () => {
    const nurse = await signedInPage('verpleegkundige', baseUrl(), { width: 1366, height: 800 });
    try {
      expect(await nurse.page.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('link', { name: 'Beheer' }).count()).toBe(0);
      const response = await nurse.page.goto('/beheer/workflows');
      expect(response?.status()).toBe(403);
      await nurse.page.getByRole('heading', { name: 'Geen toegang' }).waitFor();
      expect(await nurse.page.getByRole('alert').textContent()).toContain('Deze pagina is alleen voor functioneel beheerders.');
      await screenshot(nurse.page, 'beheer-5-geen-toegang');
    } finally {
      await nurse.close();
    }
  });
});

describe('the login page', () => {
  it('offers the beheerder a demo login beside the two clinical ones', async () => {
    const browser = await launchBrowser();
    try {
      const login = await browser.newPage({ baseURL: baseUrl(), locale: 'nl-NL', viewport: { width: 1280, height: 860 } });
      await login.goto('/login');
      const demo = login.locator('.demo-buttons').getByRole('button');
      expect(await demo.allTextContents()).toEqual(['Demo als verpleegkundige', 'Demo als psychiater', 'Demo als functioneel beheerder']);
      await screenshot(login, 'beheer-0-login');
    } finally {
      await browser.close();
    }
  });
});

describe('waiting, failed and retried runs (issue 44, point 8), with and without JavaScript', () => {
  let organisationId: string;
  let beheerder: { email: string; password: string };
  let waitingChain: string;

  beforeAll(async () => {
    // An organisation of its own: its beheerder sees its chain and the health checks, nothing else.
    organisationId = (await createOrganisation()).id;
    const nurse = await createUser(organisationId, { role: 'verpleegkundige' });
    beheerder = await createUser(organisationId, { role: 'beheerder' });
    const { cookie } = await login(nurse.email, nurse.password);
    const created = await json('/api/fhir/Patient', { method: 'POST', cookie, body: fhirPatientBody() });
    const patientId = ((await created.json()) as { id: string }).id;
    // A daily note proposed by the assistant and not confirmed yet: the chain waits for the nurse.
    const chain = await json('/api/intent/chains', {
      method: 'POST',
      cookie,
      body: {
        actions: [{ intent: 'dagnotitie', entities: { patientId, category: 'observatie', content: 'Rustig' }, confidence: 0.9 }],
      },
    });
    waitingChain = chainWorkflowId(((await chain.json()) as { chainId: string }).chainId);
  });

  for (const javaScriptEnabled of [true, false]) {
    const mode = javaScriptEnabled ? 'js' : 'zonder-js';
    it(`shows a waiting chain as waiting, a failed check's cause in Dutch, and starts it again (${mode})`, async () => {
      const failedCheck = await failedHealthCheck('Database onbereikbaar tijdens de browsertest');
      const browser = await launchBrowser();
      try {
        const context = await browser.newContext({
          baseURL: baseUrl(),
          locale: 'nl-NL',
          viewport: { width: 1440, height: 1000 },
          javaScriptEnabled,
        });
        const own = await context.newPage();
        await own.goto('/login');
        await own.getByLabel('E-mailadres').fill(beheerder.email);
        await own.getByLabel('Wachtwoord').fill(beheerder.password);
        await own.getByRole('button', { name: 'Inloggen' }).click();
        await own.getByRole('heading', { level: 1, name: 'Workflows' }).waitFor();
        const runRow = (workflowId: string) => own.locator(`tr[data-workflow-id="${workflowId}"]`);
        const untilListed = async (workflowId: string, text: string) =>
          expect
            .poll(
              async () => {
                if (((await runRow(workflowId).first().textContent()) ?? '').includes(text)) return true;
                await own.reload();
                return false;
              },
              { timeout: 10_000, interval: 300 },
            )
            .toBe(true);

        // Waiting for the nurse is its own state, with the time it has waited.
        await untilListed(waitingChain, 'Wacht op bevestiging');
        const waiting = runRow(waitingChain);
        expect(await waiting.getByRole('cell').nth(2).textContent()).toBe('Wacht op bevestiging');
        expect(await waiting.getByRole('cell').nth(4).textContent()).toMatch(/^sinds \d/);

        // Every history link goes to the configured Temporal UI, none to a loopback address.
        const hrefs = await own.locator('a[href*="/namespaces/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
        expect(hrefs.length).toBeGreaterThan(0);
        for (const href of hrefs) expect(href).toMatch(/^https:\/\/temporal\.ggz\.test\/namespaces\/default\/workflows/);

        // The failed check says why in Dutch, and offers to start it again.
        await untilListed(failedCheck.workflowId, 'Mislukt');
        const error = runRow(failedCheck.workflowId).locator('xpath=following-sibling::tr[1]');
        expect(await error.locator('summary').textContent()).toContain(
          'De database was niet bereikbaar voor een stap van de workflow; deze fout wordt niet herhaald.',
        );
        const retry = error.getByRole('button', { name: `${failedCheck.workflowId} opnieuw starten` });
        expect(await retry.textContent()).toContain('Opnieuw starten');
        await lookAt(own, `beheer-6-wacht-en-mislukt-${mode}`, javaScriptEnabled);

        await retry.click();
        await own.waitForURL((url) => url.searchParams.get('melding') === 'opnieuw-gestart');
        expect(await own.getByRole('status').textContent()).toContain('De workflow is opnieuw gestart.');
        // The same business id runs again and completes on the product's worker.
        await untilListed(failedCheck.workflowId, 'Voltooid');
        expect(await runRow(failedCheck.workflowId).count()).toBe(2);
        await lookAt(own, `beheer-7-opnieuw-gestart-${mode}`, javaScriptEnabled);
      } finally {
        await browser.close();
      }
      // It fails a health check on a worker of its own and then waits for the product's worker to finish the retry:
      // 40 s on a machine loaded thirty deep, so the suite's 60 s leaves too little room.
    }, 120_000);
  }
});
