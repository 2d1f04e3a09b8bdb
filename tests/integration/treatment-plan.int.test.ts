import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  planContentSchema,
  type TreatmentPlanContent,
  type TreatmentPlanOverview,
  type TreatmentPlanView,
} from '../../domain/treatment-plan/treatment-plan.schemas';
import {
  asOwner,
  createDiagnosis,
  createRisk,
  createUser,
  fhirPatientBody,
  signedInUser,
  validBsns,
  type SignedIn,
} from '../support/factories';
import { json, login, request } from '../support/http';

let psychiatrist: SignedIn;
let nurseCookie: string;
let other: SignedIn;
let patientId: string;

async function generate(cookie = psychiatrist.cookie, body: unknown = { patientId }) {
  return json('/api/behandelplan/generate', { method: 'POST', cookie, body });
}

async function versions(cookie = psychiatrist.cookie, id = patientId) {
  return json(`/api/behandelplan/${id}`, { cookie });
}

/** A draft made complete the way a clinician would: the client's question and consent added. */
function completed(plan: TreatmentPlanContent): TreatmentPlanContent {
  return {
    ...plan,
    hulpvraag: 'Ik wil weer rust in mijn hoofd en mijn werk oppakken.',
    toestemming: { status: 'ingestemd', toelichting: 'Besproken op de afdeling.' },
  };
}

beforeAll(async () => {
  psychiatrist = await signedInUser('psychiater');
  const nurse = await createUser(psychiatrist.organisationId, { role: 'verpleegkundige' });
  nurseCookie = (await login(nurse.email, nurse.password)).cookie!;
  other = await signedInUser('psychiater');
  const created = await json('/api/fhir/Patient', {
    method: 'POST',
    cookie: psychiatrist.cookie,
    body: fhirPatientBody({
      name: [{ family: 'Vermeulen', given: ['Lotte'] }],
      identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: validBsns[8] }],
    }),
  });
  patientId = ((await created.json()) as { id: string }).id;
  await createDiagnosis(psychiatrist.organisationId, {
    patientId,
    rank: 'primary',
    code: 'F32.2',
    label: 'Depressieve stemmingsstoornis, eenmalige episode, ernstig',
    diagnosedAt: '2026-09-02',
  });
  await createRisk(psychiatrist.organisationId, {
    patientId,
    riskType: 'suïcide',
    riskLevel: 'hoog',
    rationale: 'Doodsgedachten zonder plan.',
  });
});

describe('treatment-plan API', () => {
  it('validates the request and the method in Dutch', async () => {
    const invalid = await generate(psychiatrist.cookie, { patientId: 'lotte' });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({
      error: { code: 'validation_failed', fields: { patientId: 'Kies een bestaande patiënt.' } },
    });
    const unknown = await generate(psychiatrist.cookie, { patientId: randomUUID() });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { message: 'De gevraagde patiënt is niet gevonden.' } });
    expect((await generate(other.cookie)).status).toBe(404);
    const get = await json('/api/behandelplan/generate', { cookie: psychiatrist.cookie });
    expect(get.status).toBe(405);
    const broken = await request('/api/behandelplan/generate', {
      method: 'POST',
      cookie: psychiatrist.cookie,
      headers: { 'Content-Type': 'application/json' },
      body: '{',
    });
    expect(broken.status).toBe(400);
  });

  it('generates a draft version (no model in the test stack: the local draft), listed with its progress done', async () => {
    const response = await generate();
    expect(response.status).toBe(200);
    const draft = (await response.json()) as TreatmentPlanView;
    expect(draft).toMatchObject({ patientId, version: 1, status: 'concept', bron: 'lokaal', model: null, approvedAt: null });
    expect(planContentSchema.parse(draft.plan)).toEqual(draft.plan);
    expect(draft.plan.classificatie).toEqual([
      { code: 'F32.2', omschrijving: 'Depressieve stemmingsstoornis, eenmalige episode, ernstig', soort: 'hoofd' },
    ]);

    const list = (await (await versions()).json()) as TreatmentPlanOverview;
    expect(list).toMatchObject({ patientId, current: null, draft: { id: draft.id } });
    expect(list.versions.map((version) => version.version)).toEqual([1]);

    const status = await json(`/api/behandelplan/generate/status?patientId=${patientId}`, { cookie: psychiatrist.cookie });
    expect(await status.json()).toMatchObject({
      status: 'klaar',
      step: 3,
      steps: ["Intake, diagnoses, risico's en rapportages verzamelen", 'Concept opstellen', 'Controleren en opslaan als concept'],
    });
    expect(await (await json(`/api/behandelplan/generate/status?patientId=${patientId}`, { cookie: other.cookie })).json()).toMatchObject({
      status: 'niet_gestart',
    });
  });

  it('edits a draft with Dutch validation, approves it (psychiatrist only), and then keeps it read-only', async () => {
    const { draft } = (await (await versions()).json()) as TreatmentPlanOverview;
    const planId = draft!.id;

    const invalid = await json(`/api/behandelplan/${planId}`, {
      method: 'PUT',
      cookie: nurseCookie,
      body: { ...draft!.plan, doelen: [{ omschrijving: 'Beter', evaluatiedatum: '31-01-2027' }] },
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({
      error: { code: 'validation_failed', fields: { 'doelen.0.evaluatiedatum': 'Kies een geldige evaluatiedatum voor dit doel.' } },
    });

    const incomplete = await json(`/api/behandelplan/${planId}/approve`, { method: 'POST', cookie: psychiatrist.cookie, body: {} });
    expect(incomplete.status).toBe(400);
    expect(await incomplete.json()).toMatchObject({
      error: {
        fields: {
          hulpvraag: 'Vul de hulpvraag in voordat je het plan goedkeurt.',
          'toestemming.status': 'Leg vast of de patiënt met het plan instemt voordat je het goedkeurt.',
        },
      },
    });

    // The nurse may edit the draft, not approve it.
    const edited = await json(`/api/behandelplan/${planId}`, { method: 'PUT', cookie: nurseCookie, body: completed(draft!.plan) });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({
      status: 'concept',
      updatedBy: { name: 'Test Zorgverlener' },
      plan: { toestemming: { status: 'ingestemd' } },
    });
    const byNurse = await json(`/api/behandelplan/${planId}/approve`, { method: 'POST', cookie: nurseCookie, body: {} });
    expect(byNurse.status).toBe(403);
    expect(await byNurse.json()).toMatchObject({
      error: { message: 'Alleen een psychiater (regiebehandelaar) kan een behandelplan goedkeuren.' },
    });
    expect((await json(`/api/behandelplan/${planId}/approve`, { method: 'POST', cookie: other.cookie, body: {} })).status).toBe(404);

    const approved = await json(`/api/behandelplan/${planId}/approve`, { method: 'POST', cookie: psychiatrist.cookie, body: {} });
    expect(approved.status).toBe(200);
    const view = (await approved.json()) as TreatmentPlanView;
    expect(view).toMatchObject({ status: 'goedgekeurd', approvedBy: { id: psychiatrist.user.id } });
    expect(Date.now() - new Date(view.approvedAt!).getTime()).toBeLessThan(60_000);

    const change = await json(`/api/behandelplan/${planId}`, { method: 'PUT', cookie: psychiatrist.cookie, body: completed(draft!.plan) });
    expect(change.status).toBe(409);
    expect(await change.json()).toMatchObject({
      error: { code: 'conflict', message: expect.stringMatching(/goedgekeurd en kan niet meer worden gewijzigd/) },
    });
    expect((await json(`/api/behandelplan/${planId}/approve`, { method: 'POST', cookie: psychiatrist.cookie, body: {} })).status).toBe(409);
    // Not even a bug in the application could rewrite it: the database refuses.
    await expect(
      asOwner(psychiatrist.organisationId, (db) =>
        db.query('update treatment_plans set content = content || \'{"hulpvraag":"x"}\' where id = $1', [planId]),
      ),
    ).rejects.toThrow(/read-only/);
  });

  it('a new draft later leaves the approved plan in force until it is approved itself', async () => {
    // Today's generation has finished: asking again runs the workflow anew, for a new draft.
    const second = (await (await generate()).json()) as TreatmentPlanView;
    expect(second).toMatchObject({ version: 2, status: 'concept' });
    const list = (await (await versions()).json()) as TreatmentPlanOverview;
    expect(list.current).toMatchObject({ version: 1, status: 'goedgekeurd' });
    expect(list.draft).toMatchObject({ version: 2 });
    expect(
      (await json(`/api/behandelplan/${second.id}`, { method: 'PUT', cookie: psychiatrist.cookie, body: completed(second.plan) })).status,
    ).toBe(200);
    expect((await json(`/api/behandelplan/${second.id}/approve`, { method: 'POST', cookie: psychiatrist.cookie, body: {} })).status).toBe(
      200,
    );
    const after = (await (await versions()).json()) as TreatmentPlanOverview;
    expect(after.versions.map((version) => [version.version, version.status])).toEqual([
      [2, 'goedgekeurd'],
      [1, 'vervangen'],
    ]);
    expect(after.draft).toBeNull();
  });

  it('keeps other organisations out and logs every access', async () => {
    expect((await versions(other.cookie)).status).toBe(404);
    const { versions: list } = (await (await versions()).json()) as TreatmentPlanOverview;
    expect((await json(`/api/behandelplan/${list[0]!.id}`, { method: 'PUT', cookie: other.cookie, body: list[0]!.plan })).status).toBe(404);
    const rows = await asOwner(psychiatrist.organisationId, (db) =>
      db.query<{ action: string; outcome: string }>(
        "select action, outcome from audit_events where resource_type = 'TreatmentPlan' and organisation_id = $1",
        [psychiatrist.organisationId],
      ),
    );
    const seen = rows.rows.map((row) => `${row.action}:${row.outcome}`);
    expect(seen).toEqual(expect.arrayContaining(['create:success', 'read:success', 'update:success', 'update:failure', 'update:denied']));
  });
});

describe('treatment-plan tab without JavaScript', () => {
  it('generates through the form, shows Dutch messages on approval, saves the draft', async () => {
    const page = `/patients/${patientId}/behandelplan`;
    const generated = await request(page, {
      method: 'POST',
      cookie: psychiatrist.cookie,
      body: new URLSearchParams({ intent: 'genereren' }),
    });
    expect(generated.status).toBe(302);
    const html = await (await request(page, { cookie: psychiatrist.cookie })).text();
    expect(html).toContain('Behandelplan versie 3');
    expect(html).toContain('Concept zonder taalmodel');
    const planId = /name="planId" value="([0-9a-f-]{36})"/.exec(html)![1]!;

    const form = new URLSearchParams({
      planId,
      intent: 'goedkeuren',
      hulpvraag: '',
      probleemanalyse: 'Somberheid',
      'doelen.0.omschrijving': 'Stemming verbeterd',
      'doelen.0.evaluatiedatum': '2020-01-01',
      frequentie: 'Wekelijks',
      duur: '3 maanden',
      'behandelaren.0.naam': 'Dr. A',
      'behandelaren.0.rol': 'Regiebehandelaar',
      'evaluatiemomenten.0.datum': '2099-01-01',
      'evaluatiemomenten.0.omschrijving': 'Evaluatie',
      'toestemming.status': 'nog_niet_besproken',
    });
    const refused = await request(page, { method: 'POST', cookie: psychiatrist.cookie, body: form });
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    for (const message of [
      'Vul de hulpvraag in voordat je het plan goedkeurt.',
      'De evaluatiedatum van een doel moet na vandaag liggen.',
      'Leg vast of de patiënt met het plan instemt voordat je het goedkeurt.',
    ]) {
      expect(refusedHtml).toContain(message);
    }
    // Nothing of the refused approval was stored: save and approve are one step.
    expect(((await (await versions()).json()) as TreatmentPlanOverview).draft!.plan.probleemanalyse).not.toBe('Somberheid');

    form.set('intent', 'opslaan');
    const saved = await request(page, { method: 'POST', cookie: psychiatrist.cookie, body: form });
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain('Concept versie 3 is opgeslagen.');
    expect(((await (await versions()).json()) as TreatmentPlanOverview).draft!.plan).toMatchObject({
      probleemanalyse: 'Somberheid',
      doelen: [{ omschrijving: 'Stemming verbeterd', evaluatiedatum: '2020-01-01' }],
    });
  });
});
