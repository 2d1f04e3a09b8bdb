import { beforeAll, describe, expect, it } from 'vitest';
import {
  asOwner,
  createDiagnosis,
  createIntakeSection,
  createRisk,
  registerPatient,
  signedInUser,
  type SignedIn,
} from '../support/factories';
import { json } from '../support/http';

let nurse: SignedIn;
let patientId: string;

beforeAll(async () => {
  nurse = await signedInUser();
  patientId = await registerPatient(nurse.cookie);
  const org = nurse.organisationId;
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
  await createRisk(org, { patientId, riskType: 'suïcide', riskLevel: 'gemiddeld', rationale: 'Eerdere taxatie', assessedAt: daysAgo(3) });
  await createRisk(org, { patientId, riskType: 'suïcide', riskLevel: 'hoog', rationale: 'Doodsgedachten geuit', assessedAt: daysAgo(1) });
  await createRisk(org, { patientId, riskType: 'agressie', riskLevel: 'laag', rationale: 'Rustig', assessedAt: daysAgo(2) });
  await createDiagnosis(org, {
    patientId,
    rank: 'primary',
    code: 'F20.0',
    label: 'Schizofrenie, paranoïde type',
    diagnosedAt: '2025-01-10',
  });
  await createDiagnosis(org, {
    patientId,
    rank: 'secondary',
    code: 'F12.20',
    label: 'Stoornis in cannabisgebruik, matig',
    diagnosedAt: '2025-01-10',
  });
  await createIntakeSection(org, { patientId, sectionKey: 'aanmelding' });
  await createIntakeSection(org, { patientId, sectionKey: 'anamnese' });
  await createIntakeSection(org, { patientId, sectionKey: 'risicotaxatie', completedAt: null });
});

describe('intake, risk and diagnosis API', () => {
  it.each(['status', 'risico', 'diagnose'])('answers /api/core/intake/%s without any query parameter with 200', async (name) => {
    const response = await json(`/api/core/intake/${name}`, { cookie: nurse.cookie });
    expect(response.status).toBe(200);
    const empty = await json(`/api/core/intake/${name}?patientId=`, { cookie: nurse.cookie });
    expect(empty.status).toBe(200);
  });

  it('reports the intake checklist and completion of one patient', async () => {
    const body = await (await json(`/api/core/intake/status?patientId=${patientId}`, { cookie: nurse.cookie })).json();
    expect(body).toMatchObject({ patientId, completionPercentage: 29 });
    expect(body.sections).toHaveLength(7);
    expect(
      body.sections.filter((section: { complete: boolean }) => section.complete).map((section: { key: string }) => section.key),
    ).toEqual(['aanmelding', 'anamnese']);
    expect(body.sections[0]).toEqual({ key: 'aanmelding', label: 'Aanmelding en verwijzing', complete: true });
  });

  it('gives the current risk per type, most severe first', async () => {
    const { risks } = await (await json(`/api/core/intake/risico?patientId=${patientId}`, { cookie: nurse.cookie })).json();
    expect(risks.map((risk: { riskType: string; riskLevel: string }) => `${risk.riskType}:${risk.riskLevel}`)).toEqual([
      'suïcide:hoog',
      'agressie:laag',
    ]);
    expect(Object.keys(risks[0]).sort()).toEqual([
      'assessedAt',
      'id',
      'patientId',
      'rationale',
      'reviewDate',
      'reviewOverdue',
      'riskLevel',
      'riskType',
    ]);
  });

  it('splits primary and secondary diagnoses', async () => {
    const body = await (await json(`/api/core/intake/diagnose?patientId=${patientId}`, { cookie: nurse.cookie })).json();
    expect(body.primary.map((d: { code: string }) => d.code)).toEqual(['F20.0']);
    expect(body.secondary.map((d: { code: string }) => d.code)).toEqual(['F12.20']);
  });

  it('refuses a malformed patient id with a Dutch 400', async () => {
    const response = await json('/api/core/intake/status?patientId=jan', { cookie: nurse.cookie });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { fields: { patientId: 'Kies een bestaande patiënt.' } } });
  });

  it("shows nothing of another organisation's patient: the Dutch 404, as for a patient nobody has", async () => {
    const stranger = await signedInUser();
    const response = await json(`/api/core/intake/risico?patientId=${patientId}`, { cookie: stranger.cookie });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'De gevraagde patiënt is niet gevonden.' } });
  });

  it('writes these reads to the access log', async () => {
    const types = await asOwner(nurse.organisationId, async (client) => {
      const { rows } = await client.query<{ resource_type: string }>(
        'select distinct resource_type from audit_events where $1 = any(patient_ids)',
        [patientId],
      );
      return rows.map((row) => row.resource_type).sort();
    });
    expect(types).toEqual(expect.arrayContaining(['Diagnosis', 'IntakeStatus', 'RiskAssessment']));
  });
});
