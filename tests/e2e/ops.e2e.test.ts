import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, signedInPage, type SignedInBrowser } from '../support/browser';
import { baseUrl, request } from '../support/http';
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
  it('starts the beheerder on the workflows table, with only the Beheer navigation', async () => {
    expect(new URL(page.url()).pathname).toBe('/beheer/workflows');
    const nav = page.getByRole('navigation', { name: 'Hoofdnavigatie' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Beheer']);
    expect(await page.getByRole('button', { name: 'Gebruikersmenu' }).textContent()).toContain('Functioneel beheerder');

    await reloadUntilListed(completedId);
    await reloadUntilListed(failed.workflowId);
    await reloadUntilListed(stopped.workflowId);
    expect(await row(stopped.workflowId).locator('xpath=following-sibling::tr[1]').locator('summary').textContent()).toContain(
      'Beëindigd: Handmatig gestopt door beheer',
    );
    const completed = row(completedId);
    expect(await completed.getByRole('cell').nth(0).textContent()).toContain('Gezondheidscontrole');
    expect(await completed.getByRole('cell').nth(2).textContent()).toBe('Voltooid');
    expect(await completed.getByRole('link', { name: /in de Temporal UI/ }).getAttribute('href')).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:8233/namespaces/default/workflows/${completedId}/[0-9a-f-]{36}$`),
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
    expect(await error.locator('summary').textContent()).toContain('Database onbereikbaar: verbinding geweigerd (test)');

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
