import { foldAccents } from '../shared/text';
import { dutchDay } from '../shared/clinical-time';
import { jsonFromAnswer } from '../ai/json-answer';
import type { ClinicalRole } from '../auth/auth.schemas';
import { z } from '../shared/validation';
import type { PlanSources } from './sources';
import { planContentSchema, type Goal, type TreatmentPlanContent } from './treatment-plan.schemas';

/**
 * From the record to a draft plan: the deterministic local draft (no model), and the rules that
 * hold for whatever a model answers (its shape, dates after today, classifications only from the
 * record, practitioners and consent set by the server, never by the model).
 */

export function plusDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The first evaluation after six weeks, the plan's review after three months: the usual GGZ rhythm. */
const firstEvaluation = 42;
const planReview = 91;

const elevated = (level: string) => level === 'zeer hoog' || level === 'hoog' || level === 'gemiddeld';
const sentence = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return /^(.{12,220}?[.!?])(\s|$)/.exec(flat)?.[1] ?? (flat.length > 220 ? `${flat.slice(0, 219)}…` : flat);
};

/** Per diagnostic group (ICD-10 code family, as DSM-5 classifications are coded in the Netherlands). */
const byDiagnosis: { match: RegExp; goal: string; days?: number; interventions: string[] }[] = [
  {
    match: /^F2\d/,
    goal: 'De patiënt neemt de antipsychotische medicatie volgens afspraak in (toedienlijst zonder gemiste doses) en kan drie eigen vroege signalen van psychose benoemen.',
    interventions: [
      'Medicatiebeleid en therapietrouw met de psychiater, bijwerkingen monitoren.',
      'Psycho-educatie over psychose aan de patiënt en naasten.',
    ],
  },
  {
    match: /^F3\d/,
    goal: 'De depressieve klachten zijn met ten minste de helft afgenomen, gemeten met de PHQ-9 bij de start en bij de evaluatie.',
    interventions: ['Cognitieve gedragstherapie, wekelijks.', 'Activering en een vaste dagstructuur met de persoonlijk begeleider.'],
  },
  {
    match: /^F1\d/,
    goal: 'De patiënt heeft het middelengebruik ten minste gehalveerd ten opzichte van de start, bijgehouden in een gebruiksdagboek.',
    interventions: ['Motiverende gespreksvoering over het middelengebruik.'],
  },
  {
    match: /^F05/,
    goal: 'Het delier is hersteld: de patiënt is georiënteerd in tijd, plaats en persoon, met een DOS-score onder 3 op drie opeenvolgende diensten.',
    days: 14,
    interventions: [
      'Behandeling van de somatische oorzaak met de somatisch arts.',
      'Delirmaatregelen: oriëntatie, dag-nachtritme en vaste verpleging.',
    ],
  },
  {
    match: /^F4\d/,
    goal: 'De angst- en spanningsklachten zijn met ten minste 30% afgenomen, gemeten met de GAD-7 bij de start en bij de evaluatie.',
    interventions: ['Cognitieve gedragstherapie met exposure.'],
  },
  {
    match: /^F6\d/,
    goal: 'De patiënt past bij oplopende spanning twee vaardigheden uit de behandeling toe, bijgehouden in een dagkaart.',
    interventions: ['Vaardigheidstraining in emotieregulatie (groep).'],
  },
];

const byRisk: { match: RegExp; goal: string; intervention: string; signal: string; action: string }[] = [
  {
    match: /suicid/,
    goal: 'De patiënt kan de eigen vroege signalen van suïcidale gedachten benoemen en meldt een toename dezelfde dag bij het team; dit wordt wekelijks nagelopen.',
    intervention: 'Veiligheidsplan bij suïcidaliteit opstellen en wekelijks bespreken.',
    signal: 'Uiten van doodsgedachten of somberheid die toeneemt.',
    action: 'Bij doodsgedachten direct de dienstdoende verpleegkundige inlichten; de psychiater beoordeelt het suïciderisico dezelfde dag.',
  },
  {
    match: /agressie/,
    goal: 'Er zijn geen fysieke agressie-incidenten; de patiënt meldt oplopende spanning zelf bij het team, bijgehouden per dienst.',
    intervention: 'Spanningsregulatie en afspraken bij oplopende spanning.',
    signal: 'Oplopende spanning: luid praten, ijsberen, dreigende houding.',
    action:
      'Bij oplopende spanning een prikkelarme ruimte aanbieden en de afgesproken zo-nodigmedicatie; bij dreiging de psychiater inschakelen.',
  },
  {
    match: /zelfverwaarlozing|zelfzorg/,
    goal: 'De patiënt eet en drinkt zelfstandig voldoende: drie maaltijden per dag en 1,5 liter vocht, bijgehouden op de vochtlijst.',
    intervention: 'Ondersteuning bij zelfzorg en voeding door de persoonlijk begeleider.',
    signal: 'Maaltijden overslaan of minder drinken.',
    action: 'Bij twee overgeslagen maaltijden de arts inlichten en de vochtlijst dagelijks bijhouden.',
  },
];

// Clinical roles only: a beheerder never treats, so it never appears among the practitioners.
const roleLabels: Record<ClinicalRole, [first: string, other: string]> = {
  psychiater: ['Regiebehandelaar (psychiater)', 'Psychiater'],
  verpleegkundige: ['Persoonlijk begeleider (verpleegkundige)', 'Verpleegkundige'],
};

/** The practitioners from the record: the first psychiatrist leads (regiebehandelaar). */
export function practitionerRows(sources: PlanSources): TreatmentPlanContent['behandelaren'] {
  const seen = new Set<ClinicalRole>();
  return sources.practitioners.map((practitioner) => {
    const [first, other] = roleLabels[practitioner.role];
    const label = seen.has(practitioner.role) ? other : first;
    seen.add(practitioner.role);
    return { naam: practitioner.name, rol: label };
  });
}

export function classificationRows(sources: PlanSources): TreatmentPlanContent['classificatie'] {
  return sources.diagnoses.map((diagnosis) => ({ code: diagnosis.code, omschrijving: diagnosis.label, soort: diagnosis.kind }));
}

const evaluationMoments = (today: string): TreatmentPlanContent['evaluatiemomenten'] => [
  { datum: plusDays(today, firstEvaluation), omschrijving: 'Tussenevaluatie van de doelen met de patiënt en naasten.' },
  { datum: plusDays(today, planReview), omschrijving: 'Evaluatie en bijstelling van het behandelplan (multidisciplinair overleg).' },
];

const dedupe = (items: string[]) => [...new Set(items)];

/**
 * The draft without a language model: only what follows from the record. The hulpvraag stays
 * empty on purpose: it is the client's own question and no rule can write it; approval asks for it.
 */
export function localPlan(sources: PlanSources): TreatmentPlanContent {
  const { today } = sources;
  const risks = sources.risks.filter((risk) => elevated(risk.riskLevel));
  const riskRules = risks.flatMap((risk) => {
    const rule = byRisk.find((candidate) => candidate.match.test(foldAccents(risk.riskType)));
    return rule ? [{ risk, rule }] : [];
  });
  const diagnosisRules = sources.diagnoses.flatMap((diagnosis) => {
    const rule = byDiagnosis.find((candidate) => candidate.match.test(diagnosis.code.toUpperCase()));
    return rule ? [rule] : [];
  });

  const goals: Goal[] = [
    ...diagnosisRules.map((rule) => ({ omschrijving: rule.goal, evaluatiedatum: plusDays(today, rule.days ?? firstEvaluation) })),
    ...riskRules.map(({ rule }) => ({ omschrijving: rule.goal, evaluatiedatum: plusDays(today, firstEvaluation) })),
  ].filter((goal, index, all) => all.findIndex((other) => other.omschrijving === goal.omschrijving) === index);
  if (sources.diagnoses.length === 0) {
    goals.unshift({
      omschrijving: 'De diagnostiek is afgerond: de classificatie is vastgelegd en met de patiënt besproken.',
      evaluatiedatum: plusDays(today, 28),
    });
  }
  if (goals.length === 0) {
    goals.push({
      omschrijving:
        'De klachten waarvoor de patiënt in zorg is, zijn afgenomen volgens de patiënt en de behandelaar, gemeten met de ROM bij start en evaluatie.',
      evaluatiedatum: plusDays(today, firstEvaluation),
    });
  }

  const medicationReport = sources.reports.find((report) => report.category === 'medicatie');
  const interventions = dedupe([
    ...diagnosisRules.flatMap((rule) => rule.interventions),
    ...riskRules.map(({ rule }) => rule.intervention),
    ...(medicationReport ? [`Therapietrouw bespreken: ${sentence(medicationReport.content)}`] : []),
    ...(sources.intake.open.length ? [`Intake afronden: ${sources.intake.open.join(', ').toLowerCase()}.`] : []),
  ]);

  const crises = sources.reports.filter(
    (report) => report.type === 'incident' || report.type === 'crisis' || report.category === 'incident',
  );
  const signals = dedupe([
    ...riskRules.map(({ rule }) => rule.signal),
    ...crises.slice(0, 3).map((report) => `Zoals op ${dutchDay(new Date(report.createdAt), 'd MMMM')}: ${sentence(report.content)}`),
  ]);
  const actions = dedupe(riskRules.map(({ rule }) => rule.action));

  const analysis = [
    sources.diagnoses.length
      ? `Classificatie: ${sources.diagnoses.map((row) => `${row.code} ${row.label} (${row.kind === 'hoofd' ? 'hoofd' : 'neven'})`).join('; ')}.`
      : 'Nog geen classificatie vastgelegd.',
    sources.risks.length
      ? `Actuele risico's: ${sources.risks.map((risk) => `${risk.riskType} ${risk.riskLevel} (${sentence(risk.rationale).replace(/[.!?]$/, '')})`).join('; ')}.`
      : 'Geen risicotaxatie vastgelegd.',
    crises.length
      ? `In de recente rapportages ${crises.length === 1 ? 'staat één incident of crisis' : `staan ${crises.length} incidenten of crises`}.`
      : null,
    `Intake ${sources.intake.completionPercentage}% afgerond${sources.intake.open.length ? `; open: ${sources.intake.open.join(', ').toLowerCase()}` : ''}.`,
  ].filter(Boolean);

  return planContentSchema.parse({
    hulpvraag: '',
    probleemanalyse: analysis.join('\n'),
    classificatie: classificationRows(sources),
    doelen: goals.slice(0, 5),
    interventies: interventions.slice(0, 10),
    medicatie: [],
    frequentie: 'Wekelijks een behandelgesprek met de regiebehandelaar; dagelijks contact met de persoonlijk begeleider.',
    duur: '3 maanden, daarna evaluatie en zo nodig verlenging.',
    behandelaren: practitionerRows(sources),
    crisisplan: {
      signalen: signals,
      acties: actions.length
        ? actions
        : [
            'Bij toename van klachten contact opnemen met de persoonlijk begeleider; buiten kantoortijd met de dienstdoende verpleegkundige.',
          ],
      contact: 'Dienstdoende psychiater via de afdeling, 24 uur per dag bereikbaar.',
    },
    evaluatiemomenten: evaluationMoments(today),
    toestemming: { status: 'nog_niet_besproken', toelichting: '' },
  });
}

const modelAnswerSchema = planContentSchema
  .pick({
    hulpvraag: true,
    probleemanalyse: true,
    doelen: true,
    interventies: true,
    medicatie: true,
    frequentie: true,
    duur: true,
    crisisplan: true,
    evaluatiemomenten: true,
  })
  .extend({ classificatie: z.preprocess((value) => value ?? [], z.array(z.object({ code: z.string().trim().min(1) }).loose())) });

export interface ModelPlan {
  plan: TreatmentPlanContent;
  /** The answer needed repair (a fence, text around the JSON): recorded as `malformed`. */
  repaired: boolean;
  /** What the server corrected, in Dutch, shown with the draft. */
  melding: string | null;
}

const normaliseCode = (code: string) => code.toUpperCase().replace(/\s+/g, '');

/**
 * The model's answer as a whole plan, or null when it cannot be used as one: a half plan is never
 * stored. Dates must lie after the day of the request; every other section must fit the schema.
 */
export function planFromModel(text: string, sources: PlanSources): ModelPlan | null {
  const answer = jsonFromAnswer(text);
  if (!answer) return null;
  const parsed = modelAnswerSchema.safeParse(answer.json);
  if (!parsed.success) return null;
  const draft = parsed.data;
  if (!draft.hulpvraag || !draft.probleemanalyse) return null;
  if (
    draft.doelen.some((goal) => goal.evaluatiedatum <= sources.today) ||
    draft.evaluatiemomenten.some((moment) => moment.datum <= sources.today)
  )
    return null;

  const recorded = new Set(sources.diagnoses.map((diagnosis) => normaliseCode(diagnosis.code)));
  const invented = dedupe(draft.classificatie.map((row) => row.code).filter((code) => !recorded.has(normaliseCode(code))));
  const plan = planContentSchema.safeParse({
    ...draft,
    classificatie: classificationRows(sources),
    evaluatiemomenten: draft.evaluatiemomenten.length ? draft.evaluatiemomenten : evaluationMoments(sources.today),
    behandelaren: practitionerRows(sources),
    toestemming: { status: 'nog_niet_besproken', toelichting: '' },
  });
  if (!plan.success) return null;
  return {
    plan: plan.data,
    repaired: answer.repaired,
    melding: invented.length
      ? `Het taalmodel noemde ${invented.length === 1 ? 'een classificatie' : 'classificaties'} die niet in het dossier ${invented.length === 1 ? 'staat' : 'staan'} (${invented.join(', ')}); de classificatie komt uit de vastgelegde diagnoses.`
      : null,
  };
}
