import type { MedplumClient } from '@medplum/core';
import type { Bundle, CapabilityStatement, DocumentReference } from '@medplum/fhirtypes';
import pg from 'pg';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { appTenantSettings } from '../support/app-orm';
import { asOwner, createUser, registerPatient, signedInUser, type SignedIn } from '../support/factories';
import { fhirProblems, indexFhirDefinitions, isOutcome } from '../support/fhir';
import { json, login, request } from '../support/http';
import { bearerClient, register, tokenFor } from '../support/koppeling';

/*
 * Issue 46 (ADR 0101): a correction never erases. A report corrected on the API (the Rapportages
 * tab's use case) or by a koppeling's FHIR PUT keeps each earlier version: the record shows
 * "Gecorrigeerd" with the earlier texts, FHIR vread and `_history` serve them, another organisation
 * sees none of it, and the application's own database role cannot change or remove a kept version.
 */

const reportTypeSystem = 'https://ggz-epd.nl/fhir/CodeSystem/rapportagetype';
const text = (value: string) => Buffer.from(value, 'utf8').toString('base64');
const textOf = (resource: DocumentReference) => Buffer.from(resource.content[0]!.attachment.data!, 'base64').toString('utf8');
const letter = (patientId: string, content: string, id?: string): DocumentReference => ({
  resourceType: 'DocumentReference',
  ...(id ? { id } : {}),
  status: 'current',
  type: { coding: [{ system: reportTypeSystem, code: 'behandeling' }] },
  subject: { reference: `Patient/${patientId}` },
  content: [{ attachment: { contentType: 'text/plain; charset=utf-8', data: text(content) } }],
});

let beheerder: SignedIn;
let nurse: { id: string; cookie: string };
let patientId: string;
let token: string;
let client: MedplumClient;
let strangerToken: string;
let strangerOrganisation: string;

/** The Rapportages tab as the nurse's browser gets it, without React's text separators. */
const reportsPage = async () =>
  (await (await request(`/patients/${patientId}/rapportages`, { cookie: nurse.cookie })).text()).replaceAll('<!-- -->', '');

const bearer = (path: string, init: RequestInit = {}, who = token) =>
  request(path, { ...init, headers: { Authorization: `Bearer ${who}`, ...(init.headers as Record<string, string>) } });
const put = (path: string, body: unknown) =>
  bearer(path, { method: 'PUT', headers: { 'Content-Type': 'application/fhir+json' }, body: JSON.stringify(body) });

/** Runs statements as the application's database role, within an organisation, and rolls back. */
async function asApp<T>(organisationId: string, work: (app: pg.Client) => Promise<T>): Promise<T> {
  const app = new pg.Client({ connectionString: inject('appUrl') });
  await app.connect();
  try {
    await app.query('begin');
    for (const [name, value] of Object.entries(appTenantSettings(organisationId)))
      await app.query('select set_config($1, $2, true)', [name, value]);
    return await work(app);
  } finally {
    await app.query('rollback').catch(() => undefined);
    await app.end();
  }
}

beforeAll(async () => {
  indexFhirDefinitions();
  beheerder = await signedInUser('beheerder');
  const user = await createUser(beheerder.organisationId, { role: 'verpleegkundige', displayName: 'Nora Verbeek' });
  nurse = { id: user.id, cookie: (await login(user.email, user.password)).cookie! };
  patientId = await registerPatient(nurse.cookie);
  const koppeling = await register(beheerder.cookie, 'Verwijzersportaal', ['system/*.read', 'system/*.write']);
  token = await tokenFor(koppeling, 'system/*.read system/*.write');
  client = bearerClient(token);
  const elsewhere = await signedInUser('beheerder');
  strangerOrganisation = elsewhere.organisationId;
  strangerToken = await tokenFor(await register(elsewhere.cookie, 'Andere instelling', ['system/*.*']), 'system/*.read system/*.write');
});

describe('a corrected report keeps its earlier versions', () => {
  let reportId = '';

  it('on the record: "Gecorrigeerd", when and by whom, and the earlier texts; reading them is logged', async () => {
    const created = await json('/api/reports', {
      method: 'POST',
      cookie: nurse.cookie,
      body: { patientId, type: 'verpleegkundig', content: 'Eerste tekst: patiënt sliep slecht.' },
    });
    expect(created.status).toBe(201);
    reportId = ((await created.json()) as { id: string }).id;
    for (const content of ['Tweede tekst: patiënt sliep matig.', 'Derde tekst: patiënt sliep goed.']) {
      const patched = await json(`/api/reports/${reportId}`, { method: 'PATCH', cookie: nurse.cookie, body: { content } });
      expect(patched.status).toBe(200);
    }
    // A correction that changes nothing keeps nothing.
    await json(`/api/reports/${reportId}`, {
      method: 'PATCH',
      cookie: nurse.cookie,
      body: { content: 'Derde tekst: patiënt sliep goed.' },
    });

    const html = await reportsPage();
    expect(html).toContain('Gecorrigeerd');
    const earlier = html.slice(
      html.indexOf('<details class="report-earlier">'),
      html.indexOf('</details>', html.indexOf('<details class="report-earlier">')),
    );
    expect(earlier).toContain('door Nora Verbeek');
    expect(earlier).toContain('2 eerdere versies tonen');
    expect(earlier).toContain('Eerste tekst: patiënt sliep slecht.');
    expect(earlier).toContain('Tweede tekst: patiënt sliep matig.');
    expect(earlier.indexOf('Tweede tekst')).toBeLessThan(earlier.indexOf('Eerste tekst'));

    const rows = await asOwner(beheerder.organisationId, async (db) => {
      const versions = await db.query('select content from report_versions where report_id = $1 order by version_at', [reportId]);
      const audit = await db.query(
        "select details from audit_events where action = 'read' and resource_type = 'Report' and $1 = any(patient_ids) and user_id = $2 order by occurred_at desc limit 1",
        [patientId, nurse.id],
      );
      return { versions: versions.rows.map((row: { content: string }) => row.content), audit: audit.rows[0]?.details };
    });
    expect(rows.versions).toEqual(['Eerste tekst: patiënt sliep slecht.', 'Tweede tekst: patiënt sliep matig.']);
    expect(rows.audit).toMatchObject({ earlierVersions: 2 });
  });

  it('over FHIR: a koppeling’s PUT keeps the old text; vread and _history serve it, valid', async () => {
    const response = await bearer('/api/fhir/DocumentReference', {
      method: 'POST',
      headers: { 'Content-Type': 'application/fhir+json' },
      body: JSON.stringify(letter(patientId, 'Brief: graag beoordeling.')),
    });
    expect(response.status).toBe(201);
    const created = (await response.json()) as DocumentReference;
    const first = created.meta!.versionId!;
    const updatedResponse = await put(
      `/api/fhir/DocumentReference/${created.id}`,
      letter(patientId, 'Brief: graag beoordeling deze week.', created.id),
    );
    expect(updatedResponse.status).toBe(200);
    const updated = (await updatedResponse.json()) as DocumentReference;
    expect(updated.meta!.versionId).not.toBe(first);

    const old = await client.readVersion('DocumentReference', created.id!, first, { cache: 'no-cache' });
    expect(fhirProblems(old)).toEqual([]);
    expect(old.meta!.versionId).toBe(first);
    expect(textOf(old)).toBe('Brief: graag beoordeling.');
    expect(await client.readVersion('DocumentReference', created.id!, updated.meta!.versionId!, { cache: 'no-cache' })).toEqual(updated);

    const history = (await (await bearer(`/api/fhir/DocumentReference/${created.id}/_history`)).json()) as Bundle<DocumentReference>;
    expect(history.total).toBe(2);
    expect(history.entry!.map((entry) => textOf(entry.resource!))).toEqual([
      'Brief: graag beoordeling deze week.',
      'Brief: graag beoordeling.',
    ]);
    for (const entry of history.entry!) expect(fhirProblems(entry.resource!)).toEqual([]);
    const missing = await isOutcome(await bearer(`/api/fhir/DocumentReference/${created.id}/_history/1`), 404);
    expect(missing.issue[0]!.diagnostics).toBe(
      `Versie 1 van DocumentReference/${created.id} is er niet; er zijn de versies ${first} en ${updated.meta!.versionId}.`,
    );

    // The page shows the koppeling's correction too.
    const html = await reportsPage();
    expect(html).toContain('door Verwijzersportaal (koppeling)');
    expect(html).toContain('Brief: graag beoordeling.</p>');

    const capability = (await (await request('/api/fhir/metadata')).json()) as CapabilityStatement;
    const documentReference = capability.rest![0]!.resource!.find((resource) => resource.type === 'DocumentReference');
    expect(documentReference!.readHistory).toBe(true);

    // The API's report (the first test's) serves its earlier versions over FHIR as well.
    const reportHistory = (await (await bearer(`/api/fhir/DocumentReference/${reportId}/_history`)).json()) as Bundle<DocumentReference>;
    expect(reportHistory.entry!.map((entry) => textOf(entry.resource!))).toEqual([
      'Derde tekst: patiënt sliep goed.',
      'Tweede tekst: patiënt sliep matig.',
      'Eerste tekst: patiënt sliep slecht.',
    ]);
  });

  it('another organisation sees none of it; the app role cannot change or remove a kept version', async () => {
    const [version] = ((await (await bearer(`/api/fhir/DocumentReference/${reportId}/_history`)).json()) as Bundle).entry!.slice(-1);
    const oldest = version!.resource!.meta!.versionId!;
    await isOutcome(await bearer(`/api/fhir/DocumentReference/${reportId}/_history/${oldest}`, {}, strangerToken), 404);
    await isOutcome(await bearer(`/api/fhir/DocumentReference/${reportId}/_history`, {}, strangerToken), 404);
    expect(await asApp(strangerOrganisation, async (app) => (await app.query('select 1 from report_versions')).rowCount)).toBe(0);

    const kept = await asApp(
      beheerder.organisationId,
      async (app) => (await app.query('select 1 from report_versions where report_id = $1', [reportId])).rowCount,
    );
    expect(kept).toBe(2);
    await asApp(beheerder.organisationId, async (app) => {
      await expect(app.query("update report_versions set content = 'Weg' where report_id = $1", [reportId])).rejects.toThrow(
        /permission denied/,
      );
    });
    await asApp(beheerder.organisationId, async (app) => {
      await expect(app.query('delete from report_versions where report_id = $1', [reportId])).rejects.toThrow(/permission denied/);
    });
  });
});
