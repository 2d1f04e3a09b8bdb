import { calendarDate, z } from '../shared/validation';

/**
 * The treatment plan (behandelplan) in the Dutch GGZ shape. One schema for the edit form, the API,
 * the stored version and the model's answer; the approval rules come on top of it.
 */

export const planStatuses = ['concept', 'goedgekeurd', 'vervangen'] as const;
export type PlanStatus = (typeof planStatuses)[number];
export const planStatusLabels: Record<PlanStatus, string> = { concept: 'Concept', goedgekeurd: 'Goedgekeurd', vervangen: 'Vervangen' };

/** Where a version's text came from: the language model, or the deterministic local draft. */
export const planSources = ['taalmodel', 'lokaal'] as const;
export type PlanSource = (typeof planSources)[number];

export const consentStatuses = ['nog_niet_besproken', 'besproken', 'ingestemd', 'niet_ingestemd'] as const;
export type ConsentStatus = (typeof consentStatuses)[number];
export const consentLabels: Record<ConsentStatus, string> = {
  nog_niet_besproken: 'Nog niet besproken met de patiënt',
  besproken: 'Besproken, patiënt denkt erover na',
  ingestemd: 'Patiënt stemt in',
  niet_ingestemd: 'Patiënt stemt niet in',
};

export const classificationKinds = ['hoofd', 'neven'] as const;
export type ClassificationKind = (typeof classificationKinds)[number];
export const classificationKindLabels: Record<ClassificationKind, string> = { hoofd: 'Hoofdclassificatie', neven: 'Nevenclassificatie' };

/** Bounds a clinician never reaches in practice; they keep a runaway model answer out of the record. */
export const planLimits = { goals: 10, rows: 10, lines: 15, text: 3000, line: 400 } as const;

/** Absent or null is empty: a draft may leave a section open until it is approved. */
const text = (label: string, max: number = planLimits.text) =>
  z.preprocess(
    (value) => value ?? '',
    z
      .string({ error: `${label}: vul tekst in.` })
      .trim()
      .max(max, `${label} is te lang (maximaal ${max} tekens).`),
  );

const required = (empty: string, max: number = planLimits.line) =>
  z.string({ error: empty }).trim().min(1, empty).max(max, `Maximaal ${max} tekens.`);

const lines = (label: string, empty: string) =>
  z.preprocess(
    (value) => value ?? [],
    z
      .array(required(empty), { error: `${label}: geef een lijst.` })
      .max(planLimits.lines, `${label}: maximaal ${planLimits.lines} regels.`),
  );

const isoDate = calendarDate;

export const goalSchema = z.object({
  omschrijving: required('Beschrijf het doel: wat is er bereikt, en hoe merk je dat?', 600),
  evaluatiedatum: isoDate('Kies een geldige evaluatiedatum voor dit doel.'),
});

const rows = <T extends z.ZodType>(row: T, label: string) =>
  z.preprocess(
    (value) => value ?? [],
    z.array(row, { error: `${label}: geef een lijst.` }).max(planLimits.rows, `${label}: maximaal ${planLimits.rows} regels.`),
  );

export const planContentSchema = z.object({
  hulpvraag: text('De hulpvraag'),
  probleemanalyse: text('De probleemanalyse'),
  classificatie: rows(
    z.object({
      code: required('Vul de DSM-5-code in.', 20),
      omschrijving: required('Vul de omschrijving van de classificatie in.', 200),
      soort: z.enum(classificationKinds, { error: 'Kies hoofd- of nevenclassificatie.' }),
    }),
    'Classificatie',
  ),
  doelen: z
    .array(goalSchema, { error: 'Geef de doelen als lijst.' })
    .min(1, 'Neem minstens één doel op.')
    .max(planLimits.goals, `Neem maximaal ${planLimits.goals} doelen op.`),
  interventies: lines('Interventies', 'Een interventie mag niet leeg zijn.'),
  medicatie: lines('Medicatie', 'Een medicatieregel mag niet leeg zijn.'),
  frequentie: text('De frequentie', planLimits.line),
  duur: text('De duur', planLimits.line),
  behandelaren: rows(
    z.object({ naam: required('Vul de naam van de behandelaar in.', 120), rol: required('Vul de rol van de behandelaar in.', 120) }),
    'Behandelaren',
  ),
  crisisplan: z.preprocess(
    (value) => value ?? {},
    z.object({
      signalen: lines('Signalen', 'Een signaal mag niet leeg zijn.'),
      acties: lines('Afspraken', 'Een afspraak mag niet leeg zijn.'),
      contact: text('Het crisiscontact', planLimits.line),
    }),
  ),
  evaluatiemomenten: rows(
    z.object({
      datum: isoDate('Kies een geldige datum voor dit evaluatiemoment.'),
      omschrijving: required('Beschrijf het evaluatiemoment.', 300),
    }),
    'Evaluatiemomenten',
  ),
  toestemming: z.preprocess(
    (value) => value ?? {},
    z.object({
      status: z.enum(consentStatuses, { error: 'Kies de status van de instemming van de patiënt.' }).default('nog_niet_besproken'),
      toelichting: text('De toelichting bij de instemming', 1000),
    }),
  ),
});
export type TreatmentPlanContent = z.output<typeof planContentSchema>;
export type TreatmentPlanInput = z.input<typeof planContentSchema>;
export type Goal = TreatmentPlanContent['doelen'][number];

/** What must hold before a version becomes the plan in force (besides the schema itself). */
export function approvalIssues(plan: TreatmentPlanContent, today: string): Record<string, string> {
  const issues: Record<string, string> = {};
  if (!plan.hulpvraag) issues.hulpvraag = 'Vul de hulpvraag in voordat je het plan goedkeurt.';
  if (!plan.probleemanalyse) issues.probleemanalyse = 'Vul de probleemanalyse in voordat je het plan goedkeurt.';
  plan.doelen.forEach((goal, index) => {
    if (goal.evaluatiedatum <= today) issues[`doelen.${index}.evaluatiedatum`] = 'De evaluatiedatum van een doel moet na vandaag liggen.';
  });
  if (!plan.frequentie) issues.frequentie = 'Vul de frequentie van de behandeling in.';
  if (!plan.duur) issues.duur = 'Vul de duur van de behandeling in.';
  if (plan.behandelaren.length === 0) issues.behandelaren = 'Neem minstens één verantwoordelijke behandelaar op.';
  if (plan.evaluatiemomenten.length === 0) issues.evaluatiemomenten = 'Plan minstens één evaluatiemoment.';
  plan.evaluatiemomenten.forEach((moment, index) => {
    if (moment.datum <= today) issues[`evaluatiemomenten.${index}.datum`] = 'Een evaluatiemoment moet na vandaag liggen.';
  });
  if (plan.toestemming.status === 'nog_niet_besproken')
    issues['toestemming.status'] = 'Leg vast of de patiënt met het plan instemt voordat je het goedkeurt.';
  if (plan.toestemming.status === 'niet_ingestemd' && !plan.toestemming.toelichting) {
    issues['toestemming.toelichting'] = 'Licht toe waarom het plan zonder instemming van de patiënt wordt vastgesteld.';
  }
  return issues;
}

export const generateRequestSchema = z.object({ patientId: z.uuid('Kies een bestaande patiënt.') });

/** One stored version as clients see it. */
export interface TreatmentPlanView {
  id: string;
  patientId: string;
  version: number;
  status: PlanStatus;
  bron: PlanSource;
  model: string | null;
  /** Why a version needs a second look: no model answered, or the model's answer was corrected. */
  melding: string | null;
  workflowId: string | null;
  plan: TreatmentPlanContent;
  generatedBy: { id: string; name: string };
  generatedAt: string;
  updatedBy: { id: string; name: string } | null;
  updatedAt: string;
  approvedBy: { id: string; name: string } | null;
  approvedAt: string | null;
}

export interface TreatmentPlanOverview {
  patientId: string;
  /** The approved version in force, or null. */
  current: TreatmentPlanView | null;
  /** The open draft, or null: there is at most one. */
  draft: TreatmentPlanView | null;
  /** Every version, newest first. */
  versions: TreatmentPlanView[];
}
