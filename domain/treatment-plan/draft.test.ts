import { describe, expect, it } from 'vitest';
import { treatmentPlanMessages } from '../ai/prompts/treatment-plan.prompt';
import { localPlan, planFromModel, plusDays } from './draft';
import type { PlanSources } from './sources';
import { approvalIssues, planContentSchema } from './treatment-plan.schemas';

const sources: PlanSources = {
  patient: { id: 'p1', name: 'Jan de Vries', person: { name: 'Jan de Vries' }, age: 55, status: 'active' },
  people: [{ name: 'Jan de Vries' }],
  intake: { completionPercentage: 71, open: ['Hulpvraag', 'Behandeladvies'] },
  diagnoses: [
    { code: 'F20.0', label: 'Schizofrenie, paranoïde type', kind: 'hoofd', diagnosedAt: '2024-05-14' },
    { code: 'F12.20', label: 'Stoornis in cannabisgebruik, matig', kind: 'neven', diagnosedAt: '2024-05-14' },
  ],
  risks: [
    {
      riskType: 'suïcide',
      riskLevel: 'hoog',
      rationale: 'Uitte gisteren doodsgedachten zonder concreet plan.',
      assessedAt: '2026-11-21T10:00:00Z',
    },
    { riskType: 'agressie', riskLevel: 'laag', rationale: 'Rustig.', assessedAt: '2026-11-20T10:00:00Z' },
  ],
  reports: [
    {
      type: 'dagnotitie',
      category: 'medicatie',
      content: 'Weigerde de ochtendmedicatie, gaf aan er suf van te worden. Arts geïnformeerd.',
      createdAt: '2026-11-22T07:00:00Z',
    },
    {
      type: 'crisis',
      category: 'incident',
      content: 'Acute onrust met dreigende agressie richting personeel. Kortdurend gesepareerd.',
      createdAt: '2026-11-20T09:00:00Z',
    },
  ],
  practitioners: [
    { name: 'Dr. S. Bakker', role: 'psychiater' },
    { name: 'M. Jansen', role: 'verpleegkundige' },
    { name: 'Dr. P. Smit', role: 'psychiater' },
  ],
  today: '2026-11-22',
};

const modelAnswer = {
  hulpvraag: 'Ik wil weer rust in mijn hoofd en zelfstandig wonen.',
  probleemanalyse: 'Psychotische klachten met wisselende therapietrouw.',
  classificatie: [{ code: 'F20.0', omschrijving: 'Schizofrenie', soort: 'hoofd' }],
  doelen: [{ omschrijving: 'Binnen 6 weken neemt de patiënt de medicatie trouw in.', evaluatiedatum: '2027-01-05' }],
  interventies: ['Medicatieconsult'],
  medicatie: ['Clozapine 300 mg, 1x daags'],
  frequentie: 'Wekelijks',
  duur: '3 maanden',
  crisisplan: { signalen: ['Slecht slapen'], acties: ['Contact met het team'], contact: 'Afdeling' },
  evaluatiemomenten: [{ datum: '2027-01-05', omschrijving: 'Tussenevaluatie' }],
};

describe('local treatment-plan draft', () => {
  it('builds a valid plan from the record only, deterministic, hulpvraag left to the clinician', () => {
    const plan = localPlan(sources);
    expect(planContentSchema.parse(plan)).toEqual(plan);
    expect(localPlan(sources)).toEqual(plan);
    expect(plan.hulpvraag).toBe('');
    expect(plan.classificatie).toEqual([
      { code: 'F20.0', omschrijving: 'Schizofrenie, paranoïde type', soort: 'hoofd' },
      { code: 'F12.20', omschrijving: 'Stoornis in cannabisgebruik, matig', soort: 'neven' },
    ]);
    expect(plan.probleemanalyse).toContain('suïcide hoog');
    // A goal for the psychosis, the cannabis use and the high suicide risk, not for the low aggression risk.
    expect(plan.doelen.map((goal) => goal.omschrijving).join('\n')).toMatch(/antipsychotische[\s\S]*middelengebruik[\s\S]*suïcidale/);
    expect(plan.doelen.every((goal) => goal.evaluatiedatum === '2027-01-03')).toBe(true);
    expect(plan.interventies).toContain('Therapietrouw bespreken: Weigerde de ochtendmedicatie, gaf aan er suf van te worden.');
    expect(plan.interventies.at(-1)).toBe('Intake afronden: hulpvraag, behandeladvies.');
    expect(plan.crisisplan.signalen).toEqual(
      expect.arrayContaining([expect.stringContaining('doodsgedachten'), expect.stringMatching(/^Zoals op 20 november: Acute onrust/)]),
    );
    expect(plan.behandelaren).toEqual([
      { naam: 'Dr. S. Bakker', rol: 'Regiebehandelaar (psychiater)' },
      { naam: 'M. Jansen', rol: 'Persoonlijk begeleider (verpleegkundige)' },
      { naam: 'Dr. P. Smit', rol: 'Psychiater' },
    ]);
    expect(plan.evaluatiemomenten.map((moment) => moment.datum)).toEqual([plusDays('2026-11-22', 42), plusDays('2026-11-22', 91)]);
    expect(plan.toestemming).toEqual({ status: 'nog_niet_besproken', toelichting: '' });
  });

  it('asks for the diagnostics first when nothing is classified yet', () => {
    const plan = localPlan({ ...sources, diagnoses: [], risks: [] });
    expect(plan.classificatie).toEqual([]);
    expect(plan.doelen[0]!.omschrijving).toMatch(/diagnostiek is afgerond/);
    expect(plan.probleemanalyse).toContain('Nog geen classificatie vastgelegd.');
  });
});

describe('model answer', () => {
  it('takes valid JSON as a whole plan; classification, practitioners and consent come from the record', () => {
    const result = planFromModel(
      JSON.stringify({
        ...modelAnswer,
        behandelaren: [{ naam: 'Verzonnen', rol: 'x' }],
        toestemming: { status: 'ingestemd', toelichting: '' },
      }),
      sources,
    );
    expect(result).not.toBeNull();
    expect(result!.repaired).toBe(false);
    expect(result!.melding).toBeNull();
    expect(result!.plan.hulpvraag).toBe(modelAnswer.hulpvraag);
    expect(result!.plan.medicatie).toEqual(['Clozapine 300 mg, 1x daags']);
    expect(result!.plan.classificatie.map((row) => row.code)).toEqual(['F20.0', 'F12.20']);
    expect(result!.plan.behandelaren.map((row) => row.naam)).toEqual(['Dr. S. Bakker', 'M. Jansen', 'Dr. P. Smit']);
    expect(result!.plan.toestemming.status).toBe('nog_niet_besproken');
    expect(planContentSchema.safeParse(result!.plan).success).toBe(true);
  });

  it('reads fenced JSON (marked as repaired) and drops classifications that are not in the record', () => {
    const fenced = '```json\n' + JSON.stringify({ ...modelAnswer, classificatie: [{ code: 'F20.0' }, { code: 'F43.10' }] }) + '\n```';
    const result = planFromModel(`Hier is het plan:\n${fenced}`, sources);
    expect(result!.repaired).toBe(true);
    expect(result!.plan.classificatie.map((row) => row.code)).toEqual(['F20.0', 'F12.20']);
    expect(result!.melding).toContain('F43.10');
  });

  it.each([
    ['prose', 'Ik kan geen behandelplan maken zonder meer informatie.'],
    ['broken JSON', '{"hulpvraag": "x", "doelen": ['],
    ['a goal without evaluation date', JSON.stringify({ ...modelAnswer, doelen: [{ omschrijving: 'Beter worden' }] })],
    ['no goals', JSON.stringify({ ...modelAnswer, doelen: [] })],
    ['an evaluation date in the past', JSON.stringify({ ...modelAnswer, doelen: [{ omschrijving: 'x', evaluatiedatum: '2026-11-01' }] })],
    ['a date that does not exist', JSON.stringify({ ...modelAnswer, evaluatiemomenten: [{ datum: '2027-02-30', omschrijving: 'x' }] })],
    ['no hulpvraag', JSON.stringify({ ...modelAnswer, hulpvraag: '' })],
    ['a list given as text', JSON.stringify({ ...modelAnswer, interventies: 'CGT' })],
  ])('refuses %s as a whole', (_, text) => {
    expect(planFromModel(text, sources)).toBeNull();
  });

  it('sends the record without ids or practitioners’ names, with the date the evaluations count from', () => {
    const [system, user] = treatmentPlanMessages(sources);
    expect(system!.content).toContain('na 2026-11-22');
    expect(user!.content).toContain('F20.0 Schizofrenie, paranoïde type (hoofdclassificatie');
    expect(user!.content).toContain('suïcide: hoog');
    expect(user!.content).toContain('Weigerde de ochtendmedicatie');
    expect(user!.content).not.toContain('Bakker');
    expect(user!.content).not.toContain('p1');
  });
});

describe('approval rules', () => {
  it('names every missing part in Dutch, per field', () => {
    const plan = localPlan(sources);
    expect(approvalIssues(plan, '2026-11-22')).toEqual({
      hulpvraag: 'Vul de hulpvraag in voordat je het plan goedkeurt.',
      'toestemming.status': 'Leg vast of de patiënt met het plan instemt voordat je het goedkeurt.',
    });
    const late = approvalIssues({ ...plan, hulpvraag: 'Rust', toestemming: { status: 'niet_ingestemd', toelichting: '' } }, '2027-01-03');
    expect(late).toMatchObject({
      'doelen.0.evaluatiedatum': 'De evaluatiedatum van een doel moet na vandaag liggen.',
      'evaluatiemomenten.0.datum': 'Een evaluatiemoment moet na vandaag liggen.',
      'toestemming.toelichting': 'Licht toe waarom het plan zonder instemming van de patiënt wordt vastgesteld.',
    });
    expect(approvalIssues({ ...plan, hulpvraag: 'Rust', toestemming: { status: 'ingestemd', toelichting: '' } }, '2026-11-22')).toEqual({});
  });

  it('validates an edited plan with Dutch messages per field', () => {
    const result = planContentSchema.safeParse({
      ...localPlan(sources),
      doelen: [{ omschrijving: '', evaluatiedatum: '31-12-2026' }],
      behandelaren: [{ naam: 'X', rol: '' }],
    });
    expect(result.success).toBe(false);
    const fields = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(fields).toMatchObject({
      'doelen.0.omschrijving': 'Beschrijf het doel: wat is er bereikt, en hoe merk je dat?',
      'doelen.0.evaluatiedatum': 'Kies een geldige evaluatiedatum voor dit doel.',
      'behandelaren.0.rol': 'Vul de rol van de behandelaar in.',
    });
    expect(planContentSchema.safeParse({ ...localPlan(sources), doelen: [] }).error!.issues[0]!.message).toBe('Neem minstens één doel op.');
  });
});
