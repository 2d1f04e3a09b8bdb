import { beforeAll, describe, expect, it } from 'vitest';
import { chainWorkflowId } from '../../domain/intent/chain';
import { asOwner, createOrganisation, createUser, fhirPatientBody, type SignedIn } from '../support/factories';
import { json, login, request } from '../support/http';
import { publicRoutes, routeFiles } from '../support/routes';
import { failedHealthCheck, terminatedRun } from '../support/workflows';

let beheerder: SignedIn;
let nurse: SignedIn;
let patientId: string;

async function signIn(organisationId: string, role: 'beheerder' | 'verpleegkundige'): Promise<SignedIn> {
  const user = await createUser(organisationId, { role });
  const { cookie } = await login(user.email, user.password);
  if (!cookie) throw new Error('test login failed');
  return { user, organisationId, cookie };
}

/** Visibility is eventually consistent: read the page until it shows what the test waits for. */
async function workflowsPage(query: string, until: (html: string) => boolean, cookie = beheerder.cookie): Promise<string> {
  let html = '';
  await expect
    .poll(
      async () => {
        const response = await request(`/beheer/workflows${query}`, { cookie });
        expect(response.status).toBe(200);
        html = await response.text();
        return until(html);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return html;
}

/** The table row of one run, from its opening tag up to the next row. */
function rowOf(html: string, workflowId: string): string {
  const start = html.indexOf(`data-workflow-id="${workflowId}"`);
  if (start < 0) return '';
  const end = html.indexOf('class="workflow-row', start + 1);
  return html.slice(start, end < 0 ? undefined : end);
}

/** An assistant chain with a write (a daily note): prepared, it waits for the nurse's confirmation. */
async function startWritingChain(cookie: string, patient: string): Promise<string> {
  const response = await json('/api/intent/chains', {
    method: 'POST',
    cookie,
    body: {
      actions: [{ intent: 'dagnotitie', entities: { patientId: patient, category: 'observatie', content: 'Rustig' }, confidence: 0.9 }],
    },
  });
  expect(response.status).toBe(201);
  const chain = (await response.json()) as { chainId: string; status: string };
  expect(chain.status).toBe('wacht_op_bevestiging');
  return chainWorkflowId(chain.chainId);
}

/** The text of a piece of HTML, as a reader sees it. */
const textOf = (html: string) => html.replace(/<[^>]*>/g, '');

/** Every row of one workflow id (each run), newest first as the page lists them. */
function rowsOf(html: string, workflowId: string): string[] {
  const rows: string[] = [];
  for (
    let start = html.indexOf(`data-workflow-id="${workflowId}"`);
    start >= 0;
    start = html.indexOf(`data-workflow-id="${workflowId}"`, start + 1)
  ) {
    const end = html.indexOf('class="workflow-row', start + 1);
    rows.push(html.slice(start, end < 0 ? undefined : end));
  }
  return rows;
}

beforeAll(async () => {
  // One organisation with a patient, a nurse and a beheerder: the beheerder is refused patient
  // data of its own organisation, not only of another.
  const organisation = await createOrganisation();
  nurse = await signIn(organisation.id, 'verpleegkundige');
  beheerder = await signIn(organisation.id, 'beheerder');
  const created = await json('/api/fhir/Patient', { method: 'POST', cookie: nurse.cookie, body: fhirPatientBody() });
  expect(created.status).toBe(201);
  patientId = ((await created.json()) as { id: string }).id;
});

describe('the workflows page for the beheerder', () => {
  it('lists the health-check run that GET /api/health started, with status, timing and a Temporal UI link', async () => {
    const health = await request('/api/health');
    expect(health.status).toBe(200);
    const { workflowId } = ((await health.json()) as { checks: { worker: { workflowId: string } } }).checks.worker;

    const html = await workflowsPage('', (page) => page.includes(workflowId));
    const row = rowOf(html, workflowId);
    expect(row).toContain('Gezondheidscontrole');
    expect(row).toContain('Voltooid');
    expect(row).toMatch(/\d+ ms|\d+,\d s/);
    // The configured Temporal UI (TEMPORAL_UI_URL of the test stack), never the dev loopback.
    expect(row).toMatch(new RegExp(`href="https://temporal\\.ggz\\.test/namespaces/default/workflows/${workflowId}/[0-9a-f-]{36}"`));
    expect(html).toContain('<h1>Workflows</h1>');
    expect(html).toContain('href="https://temporal.ggz.test/namespaces/default/workflows"');
    expect(html).not.toContain('127.0.0.1:8233');
  });

  it('shows why a failed run failed: the cause in Dutch, the activity and its error message, never its input', async () => {
    const failed = await failedHealthCheck('Database onbereikbaar tijdens de test');
    const html = await workflowsPage('?status=Failed', (page) => page.includes(failed.workflowId));
    const row = rowOf(html, failed.workflowId);
    expect(row).toContain('Mislukt');
    expect(row).toContain('De database was niet bereikbaar voor een stap van de workflow; deze fout wordt niet herhaald.');
    expect(row).toContain('Activiteit checkDatabase');
    expect(row).toContain('Fout (DatabaseUnavailable): Database onbereikbaar tijdens de test');
    expect(row).toContain(`/workflows/${failed.workflowId}/${failed.runId}`);
  });

  it('shows the reason a terminated run was stopped with', async () => {
    const stopped = await terminatedRun('Handmatig gestopt door beheer');
    const html = await workflowsPage('?status=Terminated', (page) => page.includes(stopped.workflowId));
    const row = rowOf(html, stopped.workflowId);
    expect(row).toContain('Beëindigd');
    expect(row).toContain('Beëindigd: Handmatig gestopt door beheer');
  });

  it('starts a failed health check again from the page, as a logged beheerder action', async () => {
    const failed = await failedHealthCheck('Database kwijt voor de herstart');
    const before = await workflowsPage('?status=Failed', (page) => page.includes(failed.workflowId));
    expect(rowOf(before, failed.workflowId)).toContain('Opnieuw starten');

    // The form posts the business id only; Temporal says what it is and how it ended.
    const retried = await request('/beheer/workflows?status=Failed', {
      method: 'POST',
      cookie: beheerder.cookie,
      body: new URLSearchParams({ workflowId: failed.workflowId }),
    });
    expect(retried.status).toBe(302);
    expect(retried.headers.get('location')).toBe('/beheer/workflows?status=Failed&melding=opnieuw-gestart');
    const landed = await request(retried.headers.get('location')!, { cookie: beheerder.cookie });
    expect(await landed.text()).toContain('De workflow is opnieuw gestart.');

    // The same business id runs again, on the product's worker, and completes this time.
    const after = await workflowsPage('?type=healthCheck', (page) => rowsOf(page, failed.workflowId)[0]?.includes('Voltooid') ?? false);
    const [again, first] = rowsOf(after, failed.workflowId);
    expect(again).not.toContain(failed.runId);
    expect(first).toContain('Mislukt');
    expect(first).toContain(failed.runId);

    const logged = await asOwner(
      beheerder.organisationId,
      async (db) =>
        (
          await db.query<{ action: string; outcome: string; user_id: string; run_id: string }>(
            "select action, outcome, user_id, details->>'runId' as run_id from audit_events where resource_type = 'Workflow' and details->>'workflowId' = $1",
            [failed.workflowId],
          )
        ).rows,
    );
    expect(logged).toEqual([
      { action: 'create', outcome: 'success', user_id: beheerder.user.id, run_id: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    ]);
    expect(logged[0]!.run_id).not.toBe(failed.runId);
  });

  it('refuses to start a clinical process again, or a run that did not fail, and says why in Dutch', async () => {
    const chain = await startWritingChain(nurse.cookie, patientId);
    const refused = await request('/beheer/workflows', {
      method: 'POST',
      cookie: beheerder.cookie,
      body: new URLSearchParams({ workflowId: chain }),
    });
    // Without JavaScript the page comes back with the refusal on top.
    expect(refused.status).toBe(409);
    expect(textOf(await refused.text())).toContain(
      `${chain} is niet opnieuw gestart. Deze workflow start de zorgverlener opnieuw, niet het functioneel beheer.`,
    );

    const health = (await (await request('/api/health')).json()) as { checks: { worker: { workflowId: string } } };
    const completed = await request('/beheer/workflows', {
      method: 'POST',
      cookie: beheerder.cookie,
      body: new URLSearchParams({ workflowId: health.checks.worker.workflowId }),
    });
    expect(completed.status).toBe(409);
    expect(textOf(await completed.text())).toContain('Alleen een mislukte, beëindigde of verlopen workflow kan opnieuw worden gestart.');

    const byNurse = await request('/beheer/workflows', {
      method: 'POST',
      cookie: nurse.cookie,
      body: new URLSearchParams({ workflowId: health.checks.worker.workflowId }),
    });
    expect(byNurse.status).toBe(403);
  });

  it('shows a chain that waits for its clinician as waiting, not as a run that is stuck', async () => {
    const chain = await startWritingChain(nurse.cookie, patientId);
    const html = await workflowsPage('?type=intentChain', (page) => rowOf(page, chain).includes('Wacht op bevestiging'));
    const row = rowOf(html, chain);
    expect(row).toContain('workflow-status-waiting');
    expect(textOf(row)).toMatch(/sinds \d+(,\d)? (ms|s)/);
    expect(row).not.toContain('Lopend');
    expect(row).not.toContain('loopt ');
    // A clinical process is started again by its clinician: the page has no retry for it, and says so only on failure.
    expect(row).not.toContain('Opnieuw starten');
  });

  it('filters on status and type through the query string', async () => {
    const failed = await failedHealthCheck('Nog een mislukte controle');
    const onlyFailed = await workflowsPage('?status=Failed&type=healthCheck', (page) => page.includes(failed.workflowId));
    expect(onlyFailed).toContain(failed.workflowId);
    expect(onlyFailed).not.toContain('workflow-status-completed');
    expect(onlyFailed).toMatch(/aria-current="true"[^>]*>Mislukt</);

    const completed = await workflowsPage('?status=Completed', () => true);
    expect(completed).not.toContain(failed.workflowId);
    expect(completed).not.toContain('workflow-status-failed');
    expect(completed).toContain('workflow-status-completed');

    const otherType = await workflowsPage('?type=intentChain', () => true);
    expect(otherType).not.toContain(failed.workflowId);
  });

  it('ignores filter values it does not know instead of failing', async () => {
    const html = await workflowsPage(
      `?status=${encodeURIComponent("Failed' OR 1=1")}&type=${encodeURIComponent("x' OR WorkflowType != '")}`,
      () => true,
    );
    expect(html).toMatch(/aria-current="true"[^>]*>Alle</);
  });

  it('shows only the Beheer navigation and no assistant', async () => {
    const html = await workflowsPage('', () => true);
    const nav = html.slice(
      html.indexOf('aria-label="Hoofdnavigatie"'),
      html.indexOf('</nav>', html.indexOf('aria-label="Hoofdnavigatie"')),
    );
    expect(nav).toContain('href="/beheer/workflows"');
    expect(nav).not.toContain('href="/patients"');
    expect(html).toContain('Functioneel beheerder');
    expect(html).not.toContain('assistant-trigger');
  });
});

describe('the workflows page of two organisations (issue 39, point 10)', () => {
  it("lists each organisation's own runs only: a beheerder never sees another organisation's run ids", async () => {
    const other = await createOrganisation();
    const otherNurse = await signIn(other.id, 'verpleegkundige');
    const otherBeheerder = await signIn(other.id, 'beheerder');
    const created = await json('/api/fhir/Patient', { method: 'POST', cookie: otherNurse.cookie, body: fhirPatientBody() });
    expect(created.status).toBe(201);
    const otherPatientId = ((await created.json()) as { id: string }).id;

    const startChain = async (cookie: string, patient: string) => {
      const response = await json('/api/intent/chains', {
        method: 'POST',
        cookie,
        body: {
          actions: [{ intent: 'dagnotitie', entities: { patientId: patient, category: 'observatie', content: 'Rustig' }, confidence: 0.9 }],
        },
      });
      expect(response.status).toBe(201);
      return chainWorkflowId(((await response.json()) as { chainId: string }).chainId);
    };
    const ours = await startChain(nurse.cookie, patientId);
    const theirs = await startChain(otherNurse.cookie, otherPatientId);

    const ourPage = await workflowsPage('?type=intentChain', (page) => page.includes(ours));
    expect(ourPage).toContain(ours);
    expect(ourPage).not.toContain(theirs);
    const theirPage = await workflowsPage('?type=intentChain', (page) => page.includes(theirs), otherBeheerder.cookie);
    expect(theirPage).toContain(theirs);
    expect(theirPage).not.toContain(ours);
    // Neither page names the other organisation at all (its id is in its run's memo and attribute).
    expect(ourPage).not.toContain(other.id);
    expect(theirPage).not.toContain(nurse.organisationId);
  });
});

describe('the beheerder and patient data', () => {
  const noData = { error: { code: 'forbidden', message: 'Functioneel beheer heeft geen toegang tot patiëntgegevens.' } };
  /** FHIR routes say the same as an OperationOutcome. */
  const noDataFhir = {
    resourceType: 'OperationOutcome',
    issue: [{ severity: 'error', code: 'forbidden', diagnostics: noData.error.message }],
  };

  it('is sent from a patient page of its own organisation to the workflows page, which says why', async () => {
    for (const path of ['/patients', `/patients/${patientId}`, `/patients/${patientId}/rapportages`]) {
      const response = await request(path, { cookie: beheerder.cookie });
      expect(response.status, path).toBe(302);
      expect(response.headers.get('location'), path).toBe('/beheer/workflows?melding=geen-patientgegevens');
    }
    const landed = await request('/beheer/workflows?melding=geen-patientgegevens', { cookie: beheerder.cookie });
    expect(await landed.text()).toContain('Functioneel beheer heeft geen toegang tot patiëntgegevens.');
  });

  it('gets no loader data either, when the browser asks a page loader directly', async () => {
    const response = await request(`/patients/${patientId}?_data=${encodeURIComponent('routes/_app.patients.$id')}`, {
      cookie: beheerder.cookie,
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('x-remix-redirect')).toBe('/beheer/workflows?melding=geen-patientgegevens');
    expect(await response.text()).toBe('');
  });

  it('gets 403 from the patient APIs, with the Dutch error body', async () => {
    const read = await json(`/api/fhir/Patient/${patientId}`, { cookie: beheerder.cookie });
    expect(read.status).toBe(403);
    expect(read.headers.get('content-type')).toContain('application/fhir+json');
    expect(await read.json()).toEqual(noDataFhir);
    const search = await request('/api/patients/search?q=vries', { cookie: beheerder.cookie });
    expect(search.status).toBe(403);
    expect(await search.json()).toEqual(noData);
    // The same patient stays readable for the nurse of that organisation.
    expect((await json(`/api/fhir/Patient/${patientId}`, { cookie: nurse.cookie })).status).toBe(200);
  });

  it('is refused by every page except Beheer, and by every API except the session check', async () => {
    const open = new Set([...publicRoutes, '/api/session']);
    // The beheerder's own pages and APIs (registering a koppeling, ADR 52) are Beheer's work.
    const beheer = (path: string) => path.startsWith('/beheer/') || path.startsWith('/api/beheer/');
    const routes = routeFiles().filter((route) => !open.has(route.path) && !beheer(route.path));
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const api = route.path.startsWith('/api/');
      // A page without a loader of its own (/assistent) is still a page the shell must refuse.
      for (const method of api || route.methods.length > 0 ? route.methods : (['GET'] as const)) {
        const response = await request(route.path, {
          method,
          cookie: beheerder.cookie,
          body: method === 'GET' ? undefined : api ? '{}' : new URLSearchParams({ intent: 'x' }),
          headers: api ? { 'Content-Type': 'application/json' } : undefined,
        });
        const where = `${method} ${route.file}`;
        if (api) {
          expect(response.status, where).toBe(403);
          expect(await response.json(), where).toEqual(/^\/api\/fhir(\/|$)/.test(route.path) ? noDataFhir : noData);
        } else {
          expect(response.status, where).toBe(302);
          expect(response.headers.get('location'), where).toBe('/beheer/workflows?melding=geen-patientgegevens');
        }
      }
    }
  });

  it('still has a session the shell can check', async () => {
    const response = await request('/api/session', { cookie: beheerder.cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ user: { id: beheerder.user.id, role: 'beheerder' } });
  });
});

describe('the workflows page for anyone else', () => {
  it('answers a clinician with a Dutch 403 page inside the shell', async () => {
    const response = await request('/beheer/workflows', { cookie: nurse.cookie });
    expect(response.status).toBe(403);
    const html = await response.text();
    expect(html).toContain('Geen toegang');
    expect(html).toContain('Deze pagina is alleen voor functioneel beheerders.');
    expect(html).toContain('aria-label="Hoofdnavigatie"');
    expect(html).not.toContain('href="/beheer/workflows"');
  });

  it('sends a request without a session to the login page', async () => {
    const response = await request('/beheer/workflows?status=Failed');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/login?redirectTo=${encodeURIComponent('/beheer/workflows?status=Failed')}`);
  });
});

describe('logging in as beheerder', () => {
  it('starts on the workflows page, also through the one-click demo login', async () => {
    const own = await createUser(beheerder.organisationId, { role: 'beheerder' });
    const { response } = await login(own.email, own.password);
    expect(response.headers.get('location')).toBe('/beheer/workflows');

    expect(await (await request('/login')).text()).toContain('Demo als functioneel beheerder');
    const demo = await request('/login', { method: 'POST', body: new URLSearchParams({ intent: 'demo', role: 'beheerder' }) });
    expect(demo.status).toBe(302);
    expect(demo.headers.get('location')).toBe('/beheer/workflows');
    const me = await request('/api/session', { cookie: demo.headers.get('set-cookie')?.split(';')[0] });
    expect(await me.json()).toMatchObject({ user: { role: 'beheerder', displayName: 'Ruud Verhoeven' } });
  });
});
