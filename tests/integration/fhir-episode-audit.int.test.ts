import type { MedplumClient } from '@medplum/core';
import type { AuditEvent, Bundle, CapabilityStatement, EpisodeOfCare } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateBsn } from '../../domain/demo/patient-generator';
import { clinicalToday } from '../../domain/shared/clinical-time';
import { asOwner, createUser, registerPatient, type SignedIn, signedInUser } from '../support/factories';
import { fhirProblems, indexFhirDefinitions, isOutcome } from '../support/fhir';
import { json, login, request } from '../support/http';
import { askToken, assertion, bearerClient, register, tokenFor } from '../support/koppeling';

/*
 * Issue 46, build point 6 (ADR 0085): the care episode as EpisodeOfCare and the access log (NEN
 * 7513) as AuditEvent, read and searched by a koppeling through Medplum's client, every resource
 * checked with `validateResource`. The episode ends through the product's own discharge; the log
 * shows a read just made; another organisation's koppeling, in the same database, sees none of it;
 * a clinician, and a koppeling without the access log's own scope, are refused the log.
 */

const today = clinicalToday();
const episodeStatus = 'https://ggz-epd.nl/fhir/StructureDefinition/episode-status';
const dischargeUrl = 'https://ggz-epd.nl/fhir/StructureDefinition/discharge';

interface Side {
  beheerder: SignedIn;
  nurse: { id: string; cookie: string };
  patient: string;
  client: MedplumClient;
  token: string;
  koppelingId: string;
}

let ours: Side;
let theirs: Side;
let planned: string;
/** A koppeling registered for the record's data (`system/*.read`) but not for the access log. */
let recordOnly: MedplumClient;
let recordOnlyToken: string;

const bsn = () => ({ identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: generateBsn(Math.random) }] });

async function side(name: string): Promise<Side> {
  const beheerder = await signedInUser('beheerder');
  const nurseUser = await createUser(beheerder.organisationId, { role: 'verpleegkundige', displayName: `Verpleegkundige ${name}` });
  const { cookie } = await login(nurseUser.email, nurseUser.password);
  const patient = await registerPatient(cookie!, { name: [{ family: 'Episode', given: [name] }], ...bsn() });
  await asOwner(beheerder.organisationId, (db) => db.query(`update patients set episode_status = 'active' where id = $1`, [patient]));
  const koppeling = await register(beheerder.cookie, `Verwijsportaal ${name}`, ['system/*.read', 'system/AuditEvent.read']);
  const token = await tokenFor(koppeling, 'system/*.read system/AuditEvent.read');
  return {
    beheerder,
    nurse: { id: nurseUser.id, cookie: cookie! },
    patient,
    client: bearerClient(token),
    token,
    koppelingId: koppeling.clientId,
  };
}

const call = (path: string, init: RequestInit = {}, token = ours.token) =>
  request(path, { ...init, headers: { Authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) } });
/** A clinician's POST: a koppeling without write scope would be refused before the method is. */
const writeAttempt = (type: string) =>
  request(`/api/fhir/${type}`, {
    method: 'POST',
    cookie: ours.nurse.cookie,
    headers: { 'Content-Type': 'application/fhir+json' },
    body: JSON.stringify({ resourceType: type }),
  });
const idsOf = (bundle: Bundle) => (bundle.entry ?? []).map((entry) => entry.resource!.id!).sort();

async function found<T extends EpisodeOfCare | AuditEvent>(
  client: MedplumClient,
  type: T['resourceType'],
  query: Record<string, string>,
): Promise<T[]> {
  const bundle = (await client.search(type, query, { cache: 'no-cache' })) as Bundle<T>;
  const resources = (bundle.entry ?? []).map((entry) => entry.resource!);
  for (const resource of resources) expect(fhirProblems(resource)).toEqual([]);
  return resources;
}

beforeAll(async () => {
  indexFhirDefinitions();
  ours = await side('Jan');
  theirs = await side('Els');
  planned = await registerPatient(ours.nurse.cookie, { name: [{ family: 'Gepland', given: ['Piet'] }], ...bsn() });
  recordOnlyToken = await tokenFor(await register(ours.beheerder.cookie, 'Alleen dossier', ['system/*.read']), 'system/*.read');
  recordOnly = bearerClient(recordOnlyToken);
});

describe('EpisodeOfCare', () => {
  it('is the patient’s episode while in care: active, since the record was opened, managed by the organisation', async () => {
    const episode = await ours.client.readResource('EpisodeOfCare', ours.patient, { cache: 'no-cache' });
    expect(fhirProblems(episode)).toEqual([]);
    expect(episode).toMatchObject({
      resourceType: 'EpisodeOfCare',
      id: ours.patient,
      status: 'active',
      patient: { reference: `Patient/${ours.patient}` },
      managingOrganization: { reference: `Organization/${ours.beheerder.organisationId}` },
      period: { start: today },
      extension: [{ url: episodeStatus, valueCode: 'active' }],
    });
    expect(episode.period!.end).toBeUndefined();
    expect(episode.meta?.profile).toBeUndefined();
    // The organisation it names resolves.
    expect((await ours.client.readReference(episode.managingOrganization!)).id).toBe(ours.beheerder.organisationId);
    const notYet = await ours.client.readResource('EpisodeOfCare', planned, { cache: 'no-cache' });
    expect(notYet.status).toBe('planned');
  });

  it('is finished after a discharge through the record, with its end, reason and who recorded it', async () => {
    const before = await ours.client.readResource('EpisodeOfCare', ours.patient, { cache: 'no-cache' });
    const discharged = await json(`/api/patients/${ours.patient}/discharge`, {
      method: 'POST',
      cookie: ours.nurse.cookie,
      body: { reasonCode: 'terugverwijzing', reason: 'Nazorg bij de huisarts' },
    });
    expect(discharged.status).toBe(200);
    const episode = await ours.client.readResource('EpisodeOfCare', ours.patient, { cache: 'no-cache' });
    expect(fhirProblems(episode)).toEqual([]);
    expect(episode.status).toBe('finished');
    expect(episode.period).toEqual({ start: today, end: today });
    expect(Number(episode.meta!.versionId)).toBeGreaterThan(Number(before.meta!.versionId));
    const discharge = episode.extension!.find((extension) => extension.url === dischargeUrl)!;
    expect(discharge.extension).toEqual(
      expect.arrayContaining([
        {
          url: 'reason',
          valueCoding: {
            system: 'https://ggz-epd.nl/fhir/CodeSystem/ontslagreden',
            code: 'terugverwijzing',
            display: 'Terugverwijzing naar huisarts of basis-ggz',
          },
        },
        { url: 'note', valueString: 'Nazorg bij de huisarts' },
        { url: 'recorder', valueReference: { reference: `Practitioner/${ours.nurse.id}`, display: 'Verpleegkundige Jan' } },
      ]),
    );
    expect(idsOf(await ours.client.search('EpisodeOfCare', { status: 'finished' }, { cache: 'no-cache' }))).toEqual([ours.patient]);
    expect(await found(ours.client, 'EpisodeOfCare', { patient: ours.patient, status: 'active' })).toEqual([]);
  });

  it('searches by patient, status, date and _lastUpdated within the organisation', async () => {
    const all = await found<EpisodeOfCare>(ours.client, 'EpisodeOfCare', {});
    expect(all.map((episode) => episode.id).sort()).toEqual([ours.patient, planned].sort());
    expect((await found(ours.client, 'EpisodeOfCare', { patient: `Patient/${planned}` })).map((e) => e.id)).toEqual([planned]);
    expect((await found(ours.client, 'EpisodeOfCare', { status: 'planned' })).map((e) => e.id)).toEqual([planned]);
    expect(await found(ours.client, 'EpisodeOfCare', { status: 'waitlist' })).toEqual([]);
    // The discharged episode ended today: it is on or after today, not wholly before it; the planned one still runs.
    expect((await found(ours.client, 'EpisodeOfCare', { date: `ge${today}` })).length).toBe(2);
    expect((await found(ours.client, 'EpisodeOfCare', { date: `eb${today}` })).length).toBe(0);
    expect((await found(ours.client, 'EpisodeOfCare', { date: today })).map((e) => e.id)).toEqual([ours.patient]);
    expect((await found(ours.client, 'EpisodeOfCare', { date: 'lt2000-01-01' })).length).toBe(0);
    expect((await found(ours.client, 'EpisodeOfCare', { _lastUpdated: `ge${today}` })).length).toBe(2);
    expect((await found(ours.client, 'EpisodeOfCare', { _lastUpdated: 'lt2000' })).length).toBe(0);
  });

  it('is never another organisation’s: their koppeling finds only their own, and ours is a 404 to it', async () => {
    expect((await found(theirs.client, 'EpisodeOfCare', {})).map((e) => e.id)).toEqual([theirs.patient]);
    expect(await found(theirs.client, 'EpisodeOfCare', { _id: `${ours.patient},${planned}` })).toEqual([]);
    expect(await found(theirs.client, 'EpisodeOfCare', { patient: ours.patient })).toEqual([]);
    await isOutcome(await call(`/api/fhir/EpisodeOfCare/${ours.patient}`, {}, theirs.token), 404);
  });

  it('refuses an unknown parameter under strict handling, and a FHIR parameter it does not apply always; it is read-only', async () => {
    const strict = await call(`/api/fhir/EpisodeOfCare?patient=${ours.patient}&onbekend=x`, { headers: { Prefer: 'handling=strict' } });
    expect((await isOutcome(strict, 400)).issue[0]!.diagnostics).toMatch(/onbekend/);
    expect(idsOf(await ours.client.search('EpisodeOfCare', { patient: ours.patient, onbekend: 'x' }, { cache: 'no-cache' }))).toEqual([
      ours.patient,
    ]);
    await isOutcome(await call('/api/fhir/EpisodeOfCare?care-manager=x'), 400);
    await isOutcome(await call(`/api/fhir/EpisodeOfCare?date=ge${today}T10:00:00Z`), 400);
    await isOutcome(await writeAttempt('EpisodeOfCare'), 405);
  });
});

describe('AuditEvent', () => {
  it('shows a read just made, naming the patient and the clinician who read', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    expect((await request(`/api/fhir/Patient/${planned}`, { cookie: ours.nurse.cookie })).status).toBe(200);
    const events = await found<AuditEvent>(ours.client, 'AuditEvent', {
      patient: planned,
      agent: `Practitioner/${ours.nurse.id}`,
      action: 'R',
      date: `ge${since}`,
    });
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event).toMatchObject({
      resourceType: 'AuditEvent',
      type: { system: 'http://terminology.hl7.org/CodeSystem/audit-event-type', code: 'rest' },
      action: 'R',
      outcome: '0',
      agent: [{ who: { reference: `Practitioner/${ours.nurse.id}`, display: 'Verpleegkundige Jan' }, requestor: true }],
      entity: [{ what: { reference: `Patient/${planned}` }, role: { code: '1' } }],
      source: { observer: { reference: `Organization/${ours.beheerder.organisationId}` } },
    });
    expect(event!.subtype).toContainEqual({ system: 'http://hl7.org/fhir/restful-interaction', code: 'read' });
    expect(new Date(event!.recorded!).getTime()).toBeGreaterThanOrEqual(new Date(since).getTime());
    // The same row by id, and by the entity's reference.
    expect((await ours.client.readResource('AuditEvent', event!.id!, { cache: 'no-cache' })).id).toBe(event!.id);
    expect(idsOf(await ours.client.search('AuditEvent', { entity: `Patient/${planned}`, _count: '100' }, { cache: 'no-cache' }))).toContain(
      event!.id,
    );
  });

  it('names a koppeling by its name and id, and a search by what it searched', async () => {
    await ours.client.search('EpisodeOfCare', { patient: ours.patient }, { cache: 'no-cache' });
    const events = await found<AuditEvent>(ours.client, 'AuditEvent', { agent: ours.koppelingId, patient: ours.patient, action: 'E' });
    const search = events.find((event) => event.entity!.some((entity) => entity.type?.code === 'EpisodeOfCare'))!;
    expect(search.agent![0]!.who).toEqual({
      identifier: { system: 'https://ggz-epd.nl/fhir/NamingSystem/koppeling', value: ours.koppelingId },
      display: 'Verwijsportaal Jan',
    });
    expect(search.subtype).toContainEqual({ system: 'http://hl7.org/fhir/restful-interaction', code: 'search-type' });
  });

  it('logs reading the log itself, naming the patients the events named', async () => {
    const before = new Date(Date.now() - 1000).toISOString();
    await ours.client.search('AuditEvent', { patient: planned }, { cache: 'no-cache' });
    const reads = await found<AuditEvent>(ours.client, 'AuditEvent', { agent: ours.koppelingId, date: `ge${before}` });
    const ofTheLog = reads.find((event) => event.entity!.some((entity) => entity.type?.code === 'AuditEvent'));
    expect(ofTheLog?.entity).toContainEqual(expect.objectContaining({ what: { reference: `Patient/${planned}` } }));
  });

  it('is never another organisation’s: their koppeling sees none of ours', async () => {
    const [ourEvent] = await found<AuditEvent>(ours.client, 'AuditEvent', { patient: ours.patient, _count: '1' });
    expect(ourEvent).toBeDefined();
    await isOutcome(await call(`/api/fhir/AuditEvent/${ourEvent!.id}`, {}, theirs.token), 404);
    expect(await found(theirs.client, 'AuditEvent', { patient: ours.patient })).toEqual([]);
    expect(await found(theirs.client, 'AuditEvent', { agent: ours.nurse.id })).toEqual([]);
    const theirLog = await found<AuditEvent>(theirs.client, 'AuditEvent', { _count: '100' });
    expect(theirLog.length).toBeGreaterThan(0);
    // Their attempts at our ids are in their log (the id they asked for); our people, patients' rows and organisation are not.
    const named = JSON.stringify(theirLog);
    for (const id of [ours.nurse.id, ours.koppelingId, ours.beheerder.organisationId]) expect(named).not.toContain(id);
    for (const event of theirLog)
      for (const entity of event.entity ?? [])
        if (entity.role?.code === '1') expect([`Patient/${ours.patient}`, `Patient/${planned}`]).not.toContain(entity.what?.reference);
  });

  it('is refused to a clinician (403, logged as refused), a beheerder, and a koppeling without its own scope', async () => {
    const refused = await isOutcome(await request(`/api/fhir/AuditEvent?patient=${ours.patient}`, { cookie: ours.nurse.cookie }), 403);
    expect(refused.issue[0]!.diagnostics).toMatch(/koppeling met de scope system\/AuditEvent\.read/);
    await isOutcome(await request('/api/fhir/AuditEvent', { cookie: ours.beheerder.cookie }), 403);
    const withoutScope = await isOutcome(await call('/api/fhir/AuditEvent', {}, recordOnlyToken), 403);
    expect(withoutScope.issue[0]!.diagnostics).toMatch(/system\/AuditEvent\.read/);
    await isOutcome(await call(`/api/fhir/AuditEvent/${ours.patient}`, {}, recordOnlyToken), 403);
    // The same koppeling reads the record's episode: only the log needs its scope by name.
    expect((await recordOnly.readResource('EpisodeOfCare', ours.patient, { cache: 'no-cache' })).id).toBe(ours.patient);
    const denied = await asOwner(
      ours.beheerder.organisationId,
      async (db) =>
        (
          await db.query<{ action: string; patient_ids: string[]; details: { reason?: string } }>(
            `select action, patient_ids, details from audit_events
              where organisation_id = $1 and user_id = $2 and resource_type = 'AuditEvent' and outcome = 'denied'`,
            [ours.beheerder.organisationId, ours.nurse.id],
          )
        ).rows,
    );
    expect(denied).toEqual([{ action: 'search', patient_ids: [], details: { reason: 'forbidden' } }]);
  });

  it('cannot be asked for by a koppeling registered without it', async () => {
    const koppeling = await register(ours.beheerder.cookie, 'Alleen lezen', ['system/*.read']);
    const response = await askToken(await assertion(koppeling), 'system/AuditEvent.read');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe('invalid_scope');
  });

  it('accepts every parameter it advertises under strict handling, refuses others, and pages', async () => {
    const statement = (await (await call('/api/fhir/metadata')).json()) as CapabilityStatement;
    const resource = statement.rest![0]!.resource!.find((entry) => entry.type === 'AuditEvent')!;
    const sample: Record<string, string> = {
      _id: ours.patient,
      patient: ours.patient,
      entity: `Patient/${ours.patient}`,
      agent: `Practitioner/${ours.nurse.id}`,
      date: `ge${today}`,
      _lastUpdated: `ge${today}`,
      action: 'R',
      subtype: 'http://hl7.org/fhir/restful-interaction|read',
      outcome: '0',
    };
    for (const parameter of resource.searchParam!) {
      const response = await call(`/api/fhir/AuditEvent?${parameter.name}=${encodeURIComponent(sample[parameter.name] ?? 'x')}`, {
        headers: { Prefer: 'handling=strict' },
      });
      expect(response.status, parameter.name).toBe(200);
    }
    const strict = await call('/api/fhir/AuditEvent?onbekend=x', { headers: { Prefer: 'handling=strict' } });
    expect((await isOutcome(strict, 400)).issue[0]!.diagnostics).toMatch(/onbekend/);
    await isOutcome(await call('/api/fhir/AuditEvent?agent-name=Jan'), 400);
    await isOutcome(await call('/api/fhir/AuditEvent?action=X&_count=0'), 400);
    await isOutcome(await writeAttempt('AuditEvent'), 405);
    // The log grows while it is paged (this search is a row too): a fixed end keeps the pages still.
    const until = `lt${new Date().toISOString()}`;
    const first = await ours.client.search('AuditEvent', { _count: '2', date: until }, { cache: 'no-cache' });
    expect(first.total).toBeGreaterThan(2);
    const next = first.link!.find((link) => link.relation === 'next')!.url!;
    const second = (await (await call(new URL(next).pathname + new URL(next).search)).json()) as Bundle<AuditEvent>;
    expect(second.entry).toHaveLength(2);
    expect(new Set([...idsOf(first), ...idsOf(second)]).size).toBe(4);
  });
});

describe('the CapabilityStatement and the SMART configuration', () => {
  it('list both types, read and search, with their parameters, and the access log’s own scope', async () => {
    const statement = (await (await call('/api/fhir/metadata')).json()) as CapabilityStatement;
    expect(fhirProblems(statement)).toEqual([]);
    const listed = (type: string) => statement.rest![0]!.resource!.find((entry) => entry.type === type)!;
    // Read and search; vread and history as ADR 0097 gives them to every type (the feed: history-type).
    const history = ['vread', 'history-instance', 'history-type'];
    for (const type of ['EpisodeOfCare', 'AuditEvent']) {
      const codes = listed(type).interaction!.map((interaction) => interaction.code);
      expect(codes.filter((code) => !history.includes(code))).toEqual(['read', 'search-type']);
      expect(codes).toEqual(expect.arrayContaining(['vread', 'history-instance']));
    }
    expect(listed('EpisodeOfCare').searchParam!.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['patient', 'status', 'date', '_lastUpdated']),
    );
    expect(listed('AuditEvent').searchParam!.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['patient', 'entity', 'agent', 'date', '_lastUpdated']),
    );
    const smart = (await (await request('/api/fhir/.well-known/smart-configuration')).json()) as { scopes_supported: string[] };
    expect(smart.scopes_supported).toEqual(expect.arrayContaining(['system/EpisodeOfCare.read', 'system/AuditEvent.read']));
  });
});
