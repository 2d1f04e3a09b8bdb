import type { MedplumClient } from '@medplum/core';
import type { Bundle, BundleEntry, CapabilityStatement, Patient, Resource } from '@medplum/fhirtypes';
import pg from 'pg';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { generateBsn } from '../../domain/demo/patient-generator';
import { addDaysToIsoDate, clinicalToday } from '../../domain/shared/clinical-time';
import { asOwner, createAppointment, createUser, registerPatient, signedInUser, type SignedIn } from '../support/factories';
import { appTenantSettings } from '../support/app-orm';
import { fhirProblems, indexFhirDefinitions, isOutcome } from '../support/fhir';
import { json, login, request } from '../support/http';
import { bearerClient, register, tokenFor } from '../support/koppeling';

/*
 * Issue 46, point 3 "sync" (ADR 0097), as a regional exchange uses it: a koppeling polls
 * `[base]/_history?_since=` with the Bundle's `meta.lastUpdated` as its next `_since`, walks the
 * `next` links, and must see every change once; vread gives the version the record keeps and says
 * so of an older one; another organisation's koppeling sees nothing of ours; the access log names
 * the patients a page returned.
 */
interface Side {
  beheerder: SignedIn;
  nurse: { id: string; cookie: string };
  client: MedplumClient;
  token: string;
  koppelingId: string;
}
let ours: Side;
let theirs: Side;
const patient = { een: '', twee: '', drie: '', elders: '' };
let appointment = '';
/** The moment the sync client's first poll stops at: one change a millisecond before, two exactly on it. */
let boundary: Date;

const bsn = () => ({ identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: generateBsn(Math.random) }] });
const call = (path: string, token: string) => request(path, { headers: { Authorization: `Bearer ${token}` } });
const keyOf = (resource: Resource) => `${resource.resourceType}/${resource.id}`;
/** An entry's resource, or for a deletion (no resource) `DELETE <type>/<id>`. */
const entryKey = (entry: BundleEntry) => (entry.resource ? keyOf(entry.resource) : `DELETE ${entry.request!.url}`);
const keys = (pages: Bundle[]) => pages.flatMap((page) => (page.entry ?? []).map(entryKey));
const at = (ms: number) => new Date(boundary.getTime() + ms).toISOString();

async function side(name: string): Promise<Side> {
  const beheerder = await signedInUser('beheerder');
  const nurseUser = await createUser(beheerder.organisationId, { role: 'verpleegkundige', displayName: `Verpleegkundige ${name}` });
  const { cookie } = await login(nurseUser.email, nurseUser.password);
  const koppeling = await register(beheerder.cookie, `Regionaal knooppunt ${name}`, ['system/*.read']);
  const token = await tokenFor(koppeling, 'system/*.read');
  return { beheerder, nurse: { id: nurseUser.id, cookie: cookie! }, client: bearerClient(token), token, koppelingId: koppeling.clientId };
}

/** A history Bundle and every resource in it valid FHIR R4, each entry with its request and response. */
function expectValid(bundle: Bundle): void {
  expect(bundle.resourceType).toBe('Bundle');
  expect(bundle.type).toBe('history');
  for (const entry of bundle.entry ?? []) {
    if (!entry.resource) {
      // A deletion: the request that removed it, no resource.
      expect(entry.request?.method).toBe('DELETE');
      expect(entry.response?.status).toBe('410 Gone');
      continue;
    }
    expect(fhirProblems(entry.resource), keyOf(entry.resource)).toEqual([]);
    expect(entry.request?.method).toMatch(/^(POST|PUT)$/);
    expect(entry.response?.etag).toBe(`W/"${entry.resource!.meta!.versionId}"`);
  }
  expect(fhirProblems(bundle)).toEqual([]);
}

/** Every page of one poll, by the `next` links the server gives. */
async function walk(client: MedplumClient, first: string): Promise<Bundle[]> {
  const pages: Bundle[] = [];
  let url: string | undefined = first;
  while (url) {
    const page = (await client.get(url, { cache: 'no-cache' })) as Bundle;
    expectValid(page);
    pages.push(page);
    url = page.link?.find((link) => link.relation === 'next')?.url;
    expect(pages.length).toBeLessThan(100);
  }
  return pages;
}

const feed = (query: string) => `${ours.client.getBaseUrl()}api/fhir/_history?${query}`;

beforeAll(async () => {
  indexFhirDefinitions();
  ours = await side('Noord');
  theirs = await side('Zuid');
  patient.een = await registerPatient(ours.nurse.cookie, { name: [{ family: 'Een', given: ['Anna'] }], ...bsn() });
  patient.twee = await registerPatient(ours.nurse.cookie, { name: [{ family: 'Twee', given: ['Bert'] }], ...bsn() });
  patient.drie = await registerPatient(ours.nurse.cookie, { name: [{ family: 'Drie', given: ['Cor'] }], ...bsn() });
  patient.elders = await registerPatient(theirs.nurse.cookie, { name: [{ family: 'Elders', given: ['Els'] }], ...bsn() });
  appointment = await createAppointment(ours.beheerder.organisationId, {
    patientId: patient.een,
    practitionerId: ours.nurse.id,
    startAt: new Date(Date.now() + 86_400_000),
  });
  // A minute ago, to the millisecond: these changes have long settled.
  boundary = new Date(Math.floor((Date.now() - 60_000) / 1000) * 1000 + 37);
  await asOwner(ours.beheerder.organisationId, async (db) => {
    await db.query('update patients set updated_at = $1 where id = $2', [at(-1), patient.een]);
    await db.query('update appointments set updated_at = $1 where id = $2', [at(-1), appointment]);
    await db.query('update patients set updated_at = $1 where id = any($2)', [at(0), [patient.twee, patient.drie]]);
  });
});

describe('the changes feed', () => {
  it('a sync client polling across a millisecond boundary misses nothing and gets nothing twice', async () => {
    // First poll up to the boundary (as the horizon would stop it), one entry a page.
    const first = await walk(ours.client, feed(`_since=${at(-10)}&_till=${at(0)}&_count=1`));
    expect(first.at(-1)!.meta!.lastUpdated).toBe(at(0));
    expect(keys(first).sort()).toEqual([`Appointment/${appointment}`, `EpisodeOfCare/${patient.een}`, `Patient/${patient.een}`].sort());
    // The next poll starts where the last page said: the two changes on the boundary, not the one before it.
    const second = await walk(ours.client, feed(`_since=${first.at(-1)!.meta!.lastUpdated}&_till=${at(1)}&_count=1`));
    expect(keys(second).sort()).toEqual(
      [`EpisodeOfCare/${patient.drie}`, `EpisodeOfCare/${patient.twee}`, `Patient/${patient.drie}`, `Patient/${patient.twee}`].sort(),
    );
    // Oldest change first, each page cut after the last one it holds.
    const moments = [...first, ...second].flatMap((page) => (page.entry ?? []).map((entry) => entry.resource!.meta!.lastUpdated!));
    expect(moments).toEqual([...moments].sort());
    expect(moments.every((moment) => moment === at(-1) || moment === at(0))).toBe(true);
  });

  it('polls on from the horizon: a change made now arrives once it has settled, once, and a later change as its new version', async () => {
    const seen: string[] = [];
    let since = at(1);
    const poll = async () => {
      const pages = await walk(ours.client, feed(`_since=${since}&_count=2`));
      for (const page of pages)
        for (const entry of page.entry ?? []) seen.push(`${keyOf(entry.resource!)}@${entry.resource!.meta!.versionId}`);
      const horizon = pages.at(-1)!.meta!.lastUpdated!;
      // The horizon lies behind the present (changes still in flight are not yet complete) and never goes back.
      expect(new Date(horizon).getTime()).toBeLessThanOrEqual(Date.now());
      expect(horizon >= since).toBe(true);
      since = horizon;
    };
    const nieuw = await registerPatient(ours.nurse.cookie, { name: [{ family: 'Nieuw', given: ['Dirk'] }], ...bsn() });
    // A client polls on a cadence; the new patient is in the feed within a few polls.
    for (let attempt = 0; attempt < 40 && !seen.some((key) => key.startsWith(`Patient/${nieuw}@`)); attempt++) {
      await poll();
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    expect(seen).toContain(`Patient/${nieuw}@1`);
    // Changed once more: the next polls bring its second version, and nothing is repeated.
    // As the app writes it: the change and its moment in one transaction.
    await asOwner(ours.beheerder.organisationId, (db) =>
      db.query("update patients set family_name = 'Nieuwer', updated_at = clock_timestamp() where id = $1", [nieuw]),
    );
    for (let attempt = 0; attempt < 40 && !seen.includes(`Patient/${nieuw}@2`); attempt++) {
      await poll();
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    expect(seen).toContain(`Patient/${nieuw}@2`);
    expect(new Set(seen).size).toBe(seen.length);
    // The changes before the first poll's `_since` (the boundary) are not in it.
    expect(seen.some((key) => key.startsWith(`Patient/${patient.een}@`))).toBe(false);
  });

  it('does not pass over a change whose transaction is still open when a later one commits', async () => {
    const seen: string[] = [];
    const poll = async (since: string) => {
      const pages = await walk(ours.client, feed(`_since=${since}`));
      for (const page of pages)
        for (const entry of page.entry ?? []) seen.push(`${keyOf(entry.resource!)}@${entry.resource!.meta!.versionId}`);
      return pages.at(-1)!.meta!.lastUpdated!;
    };
    const traag = await registerPatient(ours.nurse.cookie, { name: [{ family: 'Traag', given: ['Frits'] }], ...bsn() });
    let since = await poll(at(1));
    // A slow writer, as the app writes (its own role, the moment stamped inside the transaction), not yet committed…
    const slow = new pg.Client({ connectionString: inject('appUrl') });
    await slow.connect();
    try {
      await slow.query('begin');
      for (const [name, value] of Object.entries(appTenantSettings(ours.beheerder.organisationId)))
        await slow.query('select set_config($1, $2, true)', [name, value]);
      const { rows } = await slow.query<{ version: number; started: Date }>(
        "update patients set family_name = 'Traag', updated_at = clock_timestamp() where id = $1 returning version, now() as started",
        [traag],
      );
      // …while a quicker one commits a later change.
      const quick = await registerPatient(ours.nurse.cookie, { name: [{ family: 'Vlug', given: ['Eva'] }], ...bsn() });
      const quickRead = await ours.client.readResource('Patient', quick, { cache: 'no-cache' });
      // Polled well after both moments: the feed holds back at the open transaction, so the later change waits too.
      while (Date.now() < new Date(quickRead.meta!.lastUpdated!).getTime() + 1500) await new Promise((resolve) => setTimeout(resolve, 100));
      since = await poll(since);
      expect(new Date(since).getTime()).toBeLessThanOrEqual(rows[0]!.started.getTime());
      expect(seen).not.toContain(`Patient/${quick}@1`);
      await slow.query('commit');
      for (let attempt = 0; attempt < 40 && !seen.includes(`Patient/${traag}@${rows[0]!.version}`); attempt++) {
        since = await poll(since);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      expect(seen).toContain(`Patient/${traag}@${rows[0]!.version}`);
      expect(seen).toContain(`Patient/${quick}@1`);
      expect(new Set(seen).size).toBe(seen.length);
    } finally {
      await slow.end();
    }
  });

  it('per type, Patient/_history holds Patients only; a type outside the feed and a scope outside the token say why', async () => {
    const pages = await walk(ours.client, `${ours.client.getBaseUrl()}api/fhir/Patient/_history?_since=${at(-10)}&_till=${at(1)}`);
    expect(keys(pages).sort()).toEqual([patient.een, patient.twee, patient.drie].map((id) => `Patient/${id}`).sort());
    const practitioners = await isOutcome(await call('/api/fhir/Practitioner/_history', ours.token), 404);
    expect(practitioners.issue[0]!.diagnostics).toContain('Practitioner/_history wordt niet ondersteund');

    const patientsOnly = await register(ours.beheerder.cookie, 'Alleen patiënten', ['system/Patient.read']);
    const token = await tokenFor(patientsOnly, 'system/Patient.read');
    await isOutcome(await call('/api/fhir/Appointment/_history', token), 403);
    const system = await walk(bearerClient(token), feed(`_since=${at(-10)}&_till=${at(1)}`));
    expect(keys(system).sort()).toEqual([patient.een, patient.twee, patient.drie].map((id) => `Patient/${id}`).sort());
  });

  it('a bad _since is a 400 OperationOutcome in Dutch, naming the parameter', async () => {
    for (const [since, says] of [
      ['2026-02-30T10:00:00Z', 'bestaat niet'],
      ['2026-11-30T25:00:00Z', 'bestaat niet'],
      ['2026-11-30T10:00:00%00Z', 'stuurteken'],
      ['2026-11-30', 'geen tijdstip'],
      ['gisteren', 'geen tijdstip'],
      ['0000-06-01T00:00:00Z', 'vóór het jaar 1'],
    ] as const) {
      const outcome = await isOutcome(await call(`/api/fhir/_history?_since=${since}`, ours.token), 400);
      expect(outcome.issue[0]!.diagnostics).toContain('_since');
      expect(outcome.issue[0]!.diagnostics).toContain(says);
    }
    await isOutcome(await call(`/api/fhir/Patient/_history?_cursor=niets`, ours.token), 400);
    await isOutcome(await call(`/api/fhir/Patient/_history?_count=0`, ours.token), 400);
    const unknown = await isOutcome(await call(`/api/fhir/_history?_type=Patient`, ours.token), 400);
    expect(unknown.issue[0]!.diagnostics).toContain('_type');
  });

  it("another organisation's koppeling sees nothing of ours in the feed, nor reads our versions", async () => {
    const pages = await walk(theirs.client, `${theirs.client.getBaseUrl()}api/fhir/_history`);
    const seen = keys(pages);
    expect(seen).toContain(`Patient/${patient.elders}`);
    for (const id of [patient.een, patient.twee, patient.drie, appointment]) expect(seen.join(' ')).not.toContain(id);
    await isOutcome(await call(`/api/fhir/Patient/${patient.een}/_history/1`, theirs.token), 404);
    await isOutcome(await call(`/api/fhir/Patient/${patient.een}/_history`, theirs.token), 404);
  });

  it('names in the access log the patients whose data a page returned, under the koppeling', async () => {
    await walk(ours.client, feed(`_since=${at(-10)}&_till=${at(1)}`));
    const rows = await asOwner(
      ours.beheerder.organisationId,
      async (db) =>
        (
          await db.query<{ action: string; resource_type: string; patient_ids: string[]; details: Record<string, unknown> }>(
            `select action, resource_type, patient_ids, details from audit_events
              where user_id = $1 and details->>'operation' = '_history' order by occurred_at desc, resource_type limit 3`,
            [ours.koppelingId],
          )
        ).rows,
    );
    const byType = Object.fromEntries(rows.map((row) => [row.resource_type, row]));
    expect(byType.Patient).toMatchObject({ action: 'search', details: { operation: '_history', returned: 3 } });
    expect([...byType.Patient!.patient_ids].sort()).toEqual([patient.een, patient.twee, patient.drie].sort());
    expect(byType.Appointment!.patient_ids).toEqual([patient.een]);
    expect([...byType.EpisodeOfCare!.patient_ids].sort()).toEqual([patient.een, patient.twee, patient.drie].sort());
  });
});

/*
 * ADR 0102: an Observation's, Condition's and RiskAssessment's `meta.lastUpdated` is when the row was
 * recorded or last changed, so a result posted now about yesterday is a change of now.
 */
describe('clinical resources in the feed, on the moment they were recorded', () => {
  let earlier: string;
  let lab: MedplumClient;
  const yesterday = () => new Date(Date.now() - 86_400_000).toISOString();

  /** Polls on from `since` until `wanted` are all in (a change is served once settled); every page valid. */
  async function pollFor(client: MedplumClient, since: string, wanted: string[], path = '_history'): Promise<Map<string, Resource>> {
    const seen = new Map<string, Resource>();
    let from = since;
    for (let attempt = 0; attempt < 40 && !wanted.every((key) => seen.has(key)); attempt++) {
      const pages = await walk(client, `${client.getBaseUrl()}api/fhir/${path}?_since=${from}`);
      for (const entry of pages.flatMap((page) => page.entry ?? [])) if (entry.resource) seen.set(keyOf(entry.resource), entry.resource);
      from = pages.at(-1)!.meta!.lastUpdated!;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    return seen;
  }

  beforeAll(async () => {
    // As a client that last polled this morning: before anything below was recorded, after "yesterday".
    earlier = new Date(Date.now() - 3_600_000).toISOString();
    const koppeling = await register(ours.beheerder.cookie, 'Lab Noord', ['system/Observation.read', 'system/Observation.write']);
    lab = bearerClient(await tokenFor(koppeling, 'system/Observation.read system/Observation.write'));
  });

  it('a lab value posted now about yesterday is in the feed polled since this morning, and in _lastUpdated=gt', async () => {
    const measuredAt = yesterday();
    const posted = await lab.createResource({
      resourceType: 'Observation',
      status: 'final',
      code: { coding: [{ system: 'http://loinc.org', code: '15074-8' }] },
      subject: { reference: `Patient/${patient.twee}` },
      effectiveDateTime: measuredAt,
      valueQuantity: { value: 5.4, unit: 'mmol/L', system: 'http://unitsofmeasure.org', code: 'mmol/L' },
    });
    const read = await ours.client.readResource('Observation', posted.id!, { cache: 'no-cache' });
    expect(fhirProblems(read)).toEqual([]);
    // The clinical moment stays where FHIR puts it; lastUpdated is the write, to the millisecond.
    expect(read.effectiveDateTime).toBe(measuredAt);
    expect(read.meta!.lastUpdated! > earlier).toBe(true);
    expect(read.meta!.lastUpdated).toMatch(/\.\d{3}Z$/);

    const seen = await pollFor(ours.client, earlier, [`Observation/${posted.id}`]);
    expect(seen.get(`Observation/${posted.id}`)).toEqual(read);
    const perType = await pollFor(ours.client, earlier, [`Observation/${posted.id}`], 'Observation/_history');
    expect([...perType.keys()].every((key) => key.startsWith('Observation/'))).toBe(true);

    const since = await ours.client.search('Observation', { _lastUpdated: `gt${earlier}`, patient: patient.twee }, { cache: 'no-cache' });
    expect(since.entry!.map((entry) => entry.resource!.id)).toContain(posted.id);
    // Its lastUpdated is the bound: gt it misses it, ge it finds it; the moment measured does not count.
    const at = read.meta!.lastUpdated!;
    const ids = async (query: string) =>
      ((await ours.client.search('Observation', `${query}&patient=${patient.twee}`, { cache: 'no-cache' })).entry ?? []).map(
        (entry) => entry.resource!.id,
      );
    expect(await ids(`_lastUpdated=ge${at}`)).toContain(posted.id);
    expect(await ids(`_lastUpdated=gt${at}`)).not.toContain(posted.id);
    expect(await ids(`_lastUpdated=lt${earlier}`)).not.toContain(posted.id);

    // Another organisation sees none of it, in the feed or by _lastUpdated.
    const theirSeen = keys(await walk(theirs.client, `${theirs.client.getBaseUrl()}api/fhir/_history?_since=${earlier}`));
    expect(theirSeen.join(' ')).not.toContain(posted.id);
    const theirSearch = await theirs.client.search('Observation', { _lastUpdated: `gt${earlier}` }, { cache: 'no-cache' });
    expect((theirSearch.entry ?? []).map((entry) => entry.resource!.id)).not.toContain(posted.id);
  });

  it('a correction marks the wrong value entered-in-error, a change the feed brings as its new version', async () => {
    const posted = await lab.createResource({
      resourceType: 'Observation',
      status: 'final',
      code: { coding: [{ system: 'http://loinc.org', code: '15074-8' }] },
      subject: { reference: `Patient/${patient.drie}` },
      effectiveDateTime: yesterday(),
      valueQuantity: { value: 45, unit: 'mmol/L', system: 'http://unitsofmeasure.org', code: 'mmol/L' },
    });
    const first = await pollFor(ours.client, earlier, [`Observation/${posted.id}`]);
    expect(first.get(`Observation/${posted.id}`)!.meta!.versionId).toBe('1');
    const since = (await walk(ours.client, feed(`_since=${earlier}`))).at(-1)!.meta!.lastUpdated!;

    const corrected = await json(`/api/vitals/${posted.id}/correct`, {
      method: 'POST',
      cookie: ours.nurse.cookie,
      body: { value: 4.5, reason: 'Komma vergeten' },
    });
    expect(corrected.status).toBe(201);
    const right = ((await corrected.json()) as { id: string }).id;
    const seen = await pollFor(ours.client, since, [`Observation/${posted.id}`, `Observation/${right}`]);
    expect(seen.get(`Observation/${posted.id}`)).toMatchObject({ status: 'entered-in-error', meta: { versionId: '2' } });
    expect(seen.get(`Observation/${right}`)).toMatchObject({ status: 'corrected', effectiveDateTime: posted.effectiveDateTime });
    const wrong = seen.get(`Observation/${posted.id}`)!;
    expect(wrong.meta!.lastUpdated! > first.get(`Observation/${posted.id}`)!.meta!.lastUpdated!).toBe(true);
    expect(wrong).toEqual(await ours.client.readResource('Observation', posted.id!, { cache: 'no-cache' }));
  });

  it('a deleted report is in the feed once more, as its deletion: no resource, 410 Gone', async () => {
    const written = await json('/api/reports', {
      method: 'POST',
      cookie: ours.nurse.cookie,
      body: { patientId: patient.een, type: 'verpleegkundig', content: 'Per abuis bij de verkeerde patiënt.' },
    });
    expect(written.status).toBe(201);
    const id = ((await written.json()) as { id: string }).id;
    await pollFor(ours.client, earlier, [`DocumentReference/${id}`]);
    const since = (await walk(ours.client, feed(`_since=${earlier}`))).at(-1)!.meta!.lastUpdated!;
    expect((await json(`/api/reports/${id}`, { method: 'DELETE', cookie: ours.nurse.cookie })).status).toBeLessThan(300);

    let entries: BundleEntry[] = [];
    for (let attempt = 0; attempt < 40 && !entries.some((entry) => entry.request?.url === `DocumentReference/${id}`); attempt++) {
      entries = (await walk(ours.client, feed(`_since=${since}`))).flatMap((page) => page.entry ?? []);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    const mine = entries.filter((entry) => entry.fullUrl?.endsWith(`/DocumentReference/${id}`));
    expect(mine).toEqual([
      {
        fullUrl: expect.stringMatching(new RegExp(`/api/fhir/DocumentReference/${id}$`)),
        request: { method: 'DELETE', url: `DocumentReference/${id}` },
        response: { status: '410 Gone', lastModified: expect.stringMatching(/\.\d{3}Z$/) },
      },
    ]);
    // The per-type feed says the same; the report itself is gone for a reader.
    const perType = (await walk(ours.client, `${ours.client.getBaseUrl()}api/fhir/DocumentReference/_history?_since=${since}`)).flatMap(
      (page) => page.entry ?? [],
    );
    expect(perType.map(entryKey)).toContain(`DELETE DocumentReference/${id}`);
    await isOutcome(await call(`/api/fhir/DocumentReference/${id}`, ours.token), 404);
  });

  it('a diagnosis and a risk assessment are in the feed when recorded, whatever their clinical date', async () => {
    const psychiater = await createUser(ours.beheerder.organisationId, { role: 'psychiater' });
    const { cookie } = await login(psychiater.email, psychiater.password);
    const diagnosedOn = addDaysToIsoDate(clinicalToday(), -30);
    const diagnosis = await json(`/api/patients/${patient.drie}/diagnoses`, {
      method: 'POST',
      cookie: cookie!,
      body: { code: 'F20.9', rank: 'primary', diagnosedAt: diagnosedOn },
    });
    expect(diagnosis.status).toBe(201);
    const conditionId = ((await diagnosis.json()) as { id: string }).id;
    const risk = await json(`/api/patients/${patient.drie}/risks`, {
      method: 'POST',
      cookie: cookie!,
      body: {
        riskType: 'agressie',
        riskLevel: 'laag',
        rationale: 'Rustig op de afdeling.',
        reviewDate: addDaysToIsoDate(clinicalToday(), 14),
      },
    });
    expect(risk.status).toBe(201);
    const riskId = ((await risk.json()) as { id: string }).id;

    const wanted = [`Condition/${conditionId}`, `RiskAssessment/${riskId}`];
    const seen = await pollFor(ours.client, earlier, wanted);
    const condition = seen.get(wanted[0]!)!;
    expect(condition).toMatchObject({ recordedDate: diagnosedOn });
    expect(condition.meta!.lastUpdated! > earlier).toBe(true);
    expect(seen.get(wanted[1]!)!.meta!.lastUpdated! > earlier).toBe(true);
    expect(condition).toEqual(await ours.client.readResource('Condition', conditionId, { cache: 'no-cache' }));
    for (const type of ['Condition', 'RiskAssessment'] as const) {
      const found = await ours.client.search(type, { _lastUpdated: `gt${earlier}`, patient: patient.drie }, { cache: 'no-cache' });
      expect((found.entry ?? []).map((entry) => keyOf(entry.resource!))).toContain(wanted[type === 'Condition' ? 0 : 1]);
    }

    // Another organisation: none of them, in its feed or by _lastUpdated.
    const theirSeen = keys(await walk(theirs.client, `${theirs.client.getBaseUrl()}api/fhir/_history?_since=${earlier}`));
    for (const id of [conditionId, riskId]) expect(theirSeen.join(' ')).not.toContain(id);
    for (const type of ['Condition', 'RiskAssessment'] as const)
      expect((await theirs.client.search(type, { _lastUpdated: `gt${earlier}` }, { cache: 'no-cache' })).entry ?? []).toEqual([]);
  });
});

describe('versions', () => {
  it('vread of the current version is the resource; _history of one resource is that version', async () => {
    const current = await ours.client.readResource('Patient', patient.twee, { cache: 'no-cache' });
    const response = await call(`/api/fhir/Patient/${patient.twee}/_history/${current.meta!.versionId}`, ours.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe(`W/"${current.meta!.versionId}"`);
    const read = (await response.json()) as Patient;
    expect(fhirProblems(read)).toEqual([]);
    expect(read).toEqual(current);

    const appointmentNow = await ours.client.readResource('Appointment', appointment, { cache: 'no-cache' });
    const again = await ours.client.readVersion('Appointment', appointment, appointmentNow.meta!.versionId!, { cache: 'no-cache' });
    expect(again).toEqual(appointmentNow);

    const history = await ours.client.readHistory('Patient', patient.twee, undefined, { cache: 'no-cache' });
    expectValid(history);
    expect(history.entry!.map((entry) => entry.resource)).toEqual([current]);
  });

  it('an older version the record does not keep is a 404 saying so, not an invented one', async () => {
    const current = await ours.client.readResource('Patient', patient.drie, { cache: 'no-cache' });
    expect(Number(current.meta!.versionId)).toBeGreaterThan(1);
    const outcome = await isOutcome(await call(`/api/fhir/Patient/${patient.drie}/_history/1`, ours.token), 404);
    expect(outcome.issue[0]!.diagnostics).toContain(`alleen de huidige versie (${current.meta!.versionId})`);
    await isOutcome(await call(`/api/fhir/Appointment/${appointment}/_history/1`, ours.token), 404);
    await isOutcome(await call(`/api/fhir/Patient/${patient.drie}/_history/abc`, ours.token), 404);
  });

  it('an allergy that lapsed keeps its first version: vread of 1 is the allergy as recorded, its _history both', async () => {
    const recorded = await json(`/api/patients/${patient.een}/allergies`, {
      method: 'POST',
      cookie: ours.nurse.cookie,
      body: { substance: 'Penicilline', reaction: 'Huiduitslag', severity: 'matig' },
    });
    expect(recorded.status).toBe(201);
    const allergyId = ((await recorded.json()) as { id: string }).id;
    const asRecorded = await ours.client.readResource('AllergyIntolerance', allergyId, { cache: 'no-cache' });
    expect(asRecorded.meta!.versionId).toBe('1');
    const history1 = await ours.client.readHistory('AllergyIntolerance', allergyId, undefined, { cache: 'no-cache' });
    expect(history1.entry!.map((entry) => entry.resource)).toEqual([asRecorded]);

    const lapsed = await json(`/api/allergies/${allergyId}/lapse`, {
      method: 'POST',
      cookie: ours.nurse.cookie,
      body: { reason: 'Bleek een bijwerking, geen allergie.' },
    });
    expect(lapsed.status).toBe(200);
    const now = await ours.client.readResource('AllergyIntolerance', allergyId, { cache: 'no-cache' });
    expect(now.meta!.versionId).toBe('2');
    // Version 1 is exactly what a reader got before the lapse: nothing invented, nothing lost.
    expect(await ours.client.readVersion('AllergyIntolerance', allergyId, '1', { cache: 'no-cache' })).toEqual(asRecorded);
    expect(await ours.client.readVersion('AllergyIntolerance', allergyId, '2', { cache: 'no-cache' })).toEqual(now);
    const history = await ours.client.readHistory('AllergyIntolerance', allergyId, undefined, { cache: 'no-cache' });
    expectValid(history);
    expect(history.entry!.map((entry) => entry.resource)).toEqual([now, asRecorded]);
    expect(history.entry!.map((entry) => entry.request?.method)).toEqual(['PUT', 'POST']);
    const outcome = await isOutcome(await call(`/api/fhir/AllergyIntolerance/${allergyId}/_history/3`, ours.token), 404);
    expect(outcome.issue[0]!.diagnostics).toContain('er zijn de versies 1 en 2');
    // Another organisation's koppeling: not even the first version.
    await isOutcome(await call(`/api/fhir/AllergyIntolerance/${allergyId}/_history/1`, theirs.token), 404);
  });

  it('a stopped medication order keeps its first version: the order as prescribed', async () => {
    const psychiater = await createUser(ours.beheerder.organisationId, { role: 'psychiater' });
    const { cookie } = await login(psychiater.email, psychiater.password);
    const prescribed = await json(`/api/patients/${patient.twee}/medication`, {
      method: 'POST',
      cookie: cookie!,
      body: {
        startDate: addDaysToIsoDate(clinicalToday(), -1),
        productCode: 'olanzapine-10',
        dose: '1 tablet',
        kind: 'vast',
        times: '08:00',
      },
    });
    expect(prescribed.status).toBe(201);
    const orderId = ((await prescribed.json()) as { id: string }).id;
    const asPrescribed = await ours.client.readResource('MedicationRequest', orderId, { cache: 'no-cache' });
    const stopped = await json(`/api/medication/${orderId}/stop`, { method: 'POST', cookie: cookie!, body: { reason: 'Omgezet' } });
    expect(stopped.status).toBe(200);
    const now = await ours.client.readResource('MedicationRequest', orderId, { cache: 'no-cache' });
    expect([asPrescribed.status, now.status, now.meta!.versionId]).toEqual(['active', 'stopped', '2']);
    expect(await ours.client.readVersion('MedicationRequest', orderId, '1', { cache: 'no-cache' })).toEqual(asPrescribed);
    const history = await ours.client.readHistory('MedicationRequest', orderId, undefined, { cache: 'no-cache' });
    expectValid(history);
    expect(history.entry!.map((entry) => entry.resource)).toEqual([now, asPrescribed]);
  });

  it('the CapabilityStatement advertises exactly these interactions', async () => {
    const statement = (await (await request('/api/fhir/metadata')).json()) as CapabilityStatement;
    const rest = statement.rest![0]!;
    expect(rest.interaction!.map((interaction) => interaction.code)).toContain('history-system');
    const codes = (type: string) => rest.resource!.find((resource) => resource.type === type)!.interaction!.map((i) => i.code);
    for (const type of [
      'Patient',
      'Appointment',
      'DocumentReference',
      'MedicationRequest',
      'EpisodeOfCare',
      'Observation',
      'Condition',
      'RiskAssessment',
    ])
      expect(codes(type)).toEqual(expect.arrayContaining(['vread', 'history-instance', 'history-type']));
    for (const type of ['Practitioner', 'Organization', 'AuditEvent']) expect(codes(type)).not.toContain('history-type');
    // Earlier versions are kept of medication orders, allergies, corrected reports (ADR 0101) and measurements (ADR 0104).
    expect(
      rest
        .resource!.filter((resource) => resource.readHistory)
        .map((resource) => resource.type)
        .sort(),
    ).toEqual(['AllergyIntolerance', 'DocumentReference', 'MedicationAdministration', 'MedicationRequest', 'Observation']);
  });
});
