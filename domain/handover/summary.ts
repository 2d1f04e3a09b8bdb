import { countOf, dutchMeasurementsIn, foldAccents, formatMeasurement } from '../shared/text';
import { alertSentence, type HandoverAlerts } from './handover.alerts';
import { formatShortDay, formatTime } from '../shared/clinical-time';
import { jsonFromAnswer } from '../ai/json-answer';
import { z } from '../shared/validation';
import {
  actionOwners,
  itemLimits,
  periodLabels,
  severities,
  type ActionOwner,
  type Bron,
  type HandoverPeriod,
  type HandoverRole,
  type Severity,
} from './handover.schemas';
import { relevanceFor, type HandoverSource, type Relevance } from './relevance';
import type { HandoverSources } from './sources';
import { warningsOf } from './warnings';

/**
 * From sources to a handover summary: the role filter, the short references the model cites
 * (R1, V1, K1 — never database ids), the extractive local summary, and the rules that hold for
 * whatever the model answers (limits, citations).
 */

export interface Candidate {
  ref: string;
  bron: Bron;
  relevance: Relevance;
  /** One line the model (or the local summary) reads. */
  line: string;
  /** What the local summary says about it. */
  statement: string;
  /** A critical value (HH, LL): the patient is instabiel whatever the wording (issue 41). */
  critical?: boolean;
}

export interface DraftItem {
  tekst: string;
  ref: string | null;
  eigenaar?: ActionOwner;
  alsDan?: string;
}

export interface Draft {
  ernst: Severity;
  situatie: string;
  aandachtspunten: DraftItem[];
  actiepunten: DraftItem[];
}

const when = (iso: string) => `${formatShortDay(iso)} ${formatTime(iso)}`;
const sentence = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  const first = /^(.{20,200}?[.!?])(\s|$)/.exec(flat)?.[1] ?? flat;
  return first.length > 200 ? `${first.slice(0, 199)}…` : first;
};

/**
 * A note up to this length is quoted whole in the local summary, which cannot condense without
 * a model (the length at which a note's line to the model is cut too): a ward note rarely passes it.
 */
const wholeNoteMax = 600;

/**
 * What a clause must hold to be the clinical half of a note: a number (a value, a score, a time), a
 * scale, or a decision or a call (issue 41: "…temp 38,4, NEWS2 5 – arts geïnformeerd" was cut).
 */
const clinicalClause =
  /\d|\b(news2?|bvc|mews|arts|psychiater|dokter|huisarts|geinformeerd|gebeld|overleg\w*|besloten|afgesproken|gegeven|toegediend|geweigerd|gestart|gestopt|verhoogd|verlaagd|opgeschaald|gesepareerd|separatie|fixatie|suicid\w*|zelfbeschadig\w*|agressi\w*|insuline|glucose|hypo\w*|saturatie|temp\w*|koorts|rr|pols|bloeddruk)\b/i;

/**
 * A nurse's note in the local summary: whole when it is short; otherwise its first sentence and every
 * later sentence or clause that holds a number, a score or a decision, so the clinical half is never
 * dropped. Never cut in the middle of a clinical clause.
 */
export function faithfulStatement(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= wholeNoteMax) return flat;
  // Sentences, not split at the dot of an abbreviation ("dhr.", "z.n.") or a decimal ("38.4").
  const sentences = flat.split(/(?<=[^\s.]{3}[.!?])\s+(?=[A-ZÀ-Ý0-9])|(?<=[!?])\s+/);
  const [first, ...rest] = sentences;
  const kept = [first!, ...rest.flatMap((part) => (clinicalClause.test(foldAccents(part)) ? [part] : clinicalParts(part)))];
  return kept.join(' … ');
}

/** The clauses of a long sentence that carry clinical content, or nothing. */
function clinicalParts(sentence: string): string[] {
  const clauses = sentence.split(/\s*[,;–—]\s*|\s+-\s+/).filter((clause) => clinicalClause.test(foldAccents(clause)));
  return clauses.length ? [clauses.join(', ')] : [];
}

/** Step 2: every source judged for the role; kept ones get a reference, most urgent first. */
export function candidatesFor(
  role: HandoverRole,
  sources: HandoverSources,
): { kept: Candidate[]; routine: Candidate[]; considered: number } {
  const all: (Candidate & { at: string })[] = [];
  const judge = (source: HandoverSource) => relevanceFor(role, source);
  sources.reports.forEach((report, index) => {
    const relevance = judge({ kind: 'report', type: report.type, category: report.category, content: report.content });
    const label = `Rapportage ${report.type}${report.category ? ` (${report.category})` : ''}`;
    all.push({
      ref: `R${index + 1}`,
      bron: { id: report.id, type: 'report', label, date: report.createdAt },
      relevance,
      line: `${when(report.createdAt)} · ${label}: ${report.content.replace(/\s+/g, ' ').slice(0, 600)}`,
      statement: faithfulStatement(report.content),
      at: report.createdAt,
    });
  });
  sources.observations.forEach((observation, index) => {
    const relevance = judge({
      kind: 'observation',
      code: observation.code,
      label: observation.label,
      interpretation: observation.interpretation,
    });
    const value = `${observation.label} ${formatMeasurement(observation.value, observation.unit)}`;
    all.push({
      ref: `V${index + 1}`,
      bron: { id: observation.id, type: 'observation', label: observation.label, date: observation.observedAt },
      relevance,
      line: `${when(observation.observedAt)} · ${value} (${observation.interpretation})`,
      statement: `${value}: ${interpretationText[observation.interpretation]} (${when(observation.observedAt)}).`,
      critical: observation.interpretation === 'HH' || observation.interpretation === 'LL',
      at: observation.observedAt,
    });
  });
  sources.risks.forEach((risk, index) => {
    const relevance = judge({ kind: 'risk', riskType: risk.riskType, riskLevel: risk.riskLevel });
    all.push({
      ref: `K${index + 1}`,
      bron: { id: risk.id, type: 'risk', label: `Risico ${risk.riskType}`, date: risk.assessedAt },
      relevance,
      line: `${when(risk.assessedAt)} · risico ${risk.riskType}: ${risk.riskLevel} — ${risk.rationale.replace(/\s+/g, ' ').slice(0, 300)}`,
      statement: `Risico ${risk.riskType} ${risk.riskLevel}: ${sentence(risk.rationale)}`,
      at: risk.assessedAt,
    });
  });
  sources.measures.forEach((measure, index) => {
    const evaluated = measure.evaluations ? countOf(measure.evaluations, 'evaluatie', 'evaluaties') : 'nog niet geëvalueerd';
    all.push({
      ref: `M${index + 1}`,
      bron: { id: measure.id, type: 'measure', label: `Verplichte zorg: ${measure.label.toLowerCase()}`, date: measure.startedAt },
      relevance: judge({ kind: 'measure' }),
      line: `${when(measure.startedAt)} · lopende verplichte zorg: ${measure.label.toLowerCase()} (grondslag: ${measure.legalBasis}; ${evaluated})`,
      statement: `Lopende verplichte zorg: ${measure.label.toLowerCase()} sinds ${when(measure.startedAt)} (${measure.legalBasis}; ${evaluated}).`,
      at: measure.startedAt,
    });
  });
  sources.medication.forEach((registration, index) => {
    const what = `${registration.productName}, ${registration.dose}`;
    const state = registration.prn ? 'zo nodig gegeven' : registration.status === 'geweigerd' ? 'geweigerd' : 'niet gegeven';
    const reason = registration.reason ? `: ${registration.reason.replace(/\s+/g, ' ').slice(0, 200)}` : '';
    const effect = registration.effect ? ` Effect: ${registration.effect.replace(/\s+/g, ' ').slice(0, 200)}` : '';
    all.push({
      ref: `G${index + 1}`,
      bron: { id: registration.id, type: 'medication', label: `Medicatie ${state}`, date: registration.administeredAt },
      relevance: judge({ kind: 'medication', status: registration.status, prn: registration.prn }),
      line: `${when(registration.administeredAt)} · medicatie ${state}: ${what}${reason}${effect}`,
      statement: sentence(`${what} ${state} (${when(registration.administeredAt)})${reason}.${effect}`),
      at: registration.administeredAt,
    });
  });
  const kept = all
    .filter((candidate) => candidate.relevance.keep)
    .sort((a, b) => b.relevance.weight - a.relevance.weight || b.at.localeCompare(a.at))
    .map(({ at: _at, ...candidate }) => candidate);
  // The reports the role filter judged routine, newest first: the model never gets them, and the
  // local summary quotes them after everything relevant while its places last (issue 41).
  const routine = all
    .filter((candidate) => !candidate.relevance.keep && candidate.bron.type === 'report')
    .sort((a, b) => b.at.localeCompare(a.at))
    .map(({ at: _at, ...candidate }) => candidate);
  return { kept, routine, considered: all.length };
}

const interpretationText = { HH: 'sterk verhoogd', H: 'verhoogd', N: 'normaal', L: 'verlaagd', LL: 'sterk verlaagd' } as const;

/** Relevance weight from which a source makes the patient `instabiel` and is an alert of the handover. */
const alertWeight = 3;

/**
 * The severity from the values, not from wording: the highest weight kept, a critical value (HH, LL:
 * a glucose of 2,6 mmol/l), and the warnings (a NEWS2 in a high band, a late round, a late evaluation: instabiel;
 * the others at least let op). With nothing recorded in the period and no alert: geen gegevens, never
 * "stabiel" (issue 41).
 */
export function severityOf(kept: Candidate[], alerts?: HandoverAlerts, considered?: number): Severity {
  const top = Math.max(0, ...kept.map((candidate) => candidate.relevance.weight));
  const warnings = alerts ? warningsOf(alerts) : [];
  const critical = kept.some((candidate) => candidate.critical) || (alerts?.abnormal_vitals ?? 0) > 0;
  if (top >= alertWeight || critical || warnings.some((warning) => warning.level === 'kritiek')) return 'instabiel';
  if (top >= 2 || warnings.length > 0 || (alerts?.total ?? 0) > 0) return 'let op';
  if (considered === 0 && kept.length === 0) return 'geen gegevens';
  return 'stabiel';
}

function actionFor(candidate: Candidate, role: HandoverRole): DraftItem | null {
  const { reason } = candidate.relevance;
  const ref = candidate.ref;
  const owner: ActionOwner = role === 'psychiater' ? 'psychiater' : 'verpleegkundige';
  if (candidate.bron.type === 'observation') {
    return {
      tekst: `${candidate.bron.label} deze dienst opnieuw meten.`,
      ref,
      eigenaar: 'verpleegkundige',
      alsDan: 'Als de waarde afwijkend blijft, dan de dienstdoende arts informeren.',
    };
  }
  if (candidate.bron.type === 'measure') {
    return {
      tekst: 'De lopende maatregel evalueren en de evaluatie vastleggen; beëindigen zodra het kan.',
      ref,
      eigenaar: owner,
      alsDan: 'Als de maatregel kan stoppen, dan het einde met het tijdstip vastleggen.',
    };
  }
  if (candidate.bron.type === 'risk') {
    return {
      tekst: `Toezicht en signaleringsplan volgen (${candidate.bron.label.toLowerCase()}).`,
      ref,
      eigenaar: 'team',
      alsDan: 'Als het risico toeneemt, dan de psychiater direct inschakelen.',
    };
  }
  if (reason === 'medicatieprobleem')
    return {
      tekst: 'Medicatie en therapietrouw bespreken.',
      ref,
      eigenaar: role === 'psychiater' ? 'psychiater' : 'verpleegkundige',
      alsDan: 'Als de weigering aanhoudt, dan met de psychiater overleggen.',
    };
  if (reason === 'crisis_dwang' || reason === 'risicosignaal')
    return { tekst: 'Veiligheid beoordelen en de afspraken uit het signaleringsplan nalopen.', ref, eigenaar: owner };
  return null;
}

/** What the local summary is made from: the role filter's verdict on the period's sources. */
export interface JudgedSources {
  patientName: string;
  kept: Candidate[];
  /** Reports judged routine for the role (absent in a job stored before issue 41: none). */
  routine?: Candidate[];
  considered: number;
  alerts?: HandoverAlerts;
}

/**
 * The summary without a model, within the role's limits and rules: extractive, relevant sources
 * first, then the routine reports in the places left, so a note is never silently left out and
 * nothing it says is cut (issue 41).
 */
export function localSummary(judged: JudgedSources, role: HandoverRole, period: HandoverPeriod): Draft {
  const offered = [...judged.kept, ...(judged.routine ?? [])];
  const draft = localDraft(judged, role, period);
  return enforceRules(draft, offered, role, judged.alerts, judged.considered).draft;
}

function localDraft(judged: JudgedSources, role: HandoverRole, period: HandoverPeriod): Draft {
  const { kept, routine = [], alerts, considered, patientName } = judged;
  const limits = itemLimits[role];
  const aandachtspunten = [...kept, ...routine]
    .slice(0, limits.aandachtspunten)
    .map((candidate) => ({ tekst: candidate.statement, ref: candidate.ref }));
  const actiepunten = [...warningActions(alerts), ...kept.flatMap((candidate) => actionFor(candidate, role) ?? [])]
    .filter((action, index, list) => list.findIndex((other) => other.tekst === action.tekst) === index)
    .slice(0, limits.actiepunten);
  // The counts are the alerts the ward list and the tiles show, not a count of their own.
  const counted = alerts ? `${alertSentence(alerts)} in de afgelopen ${periodLabels[period]}` : `de afgelopen ${periodLabels[period]}`;
  const relevant = kept.length
    ? `${countOf(kept.length, 'relevante melding', 'relevante meldingen')} voor de overdracht`
    : 'geen relevante meldingen voor de overdracht';
  const others = routine.length ? `; verder ${countOf(routine.length, 'overige rapportage', 'overige rapportages')}` : '';
  const situatie = `${patientName}: ${counted}; ${relevant}${others}.`;
  return { ernst: severityOf(kept, alerts, considered), situatie, aandachtspunten, actiepunten };
}

/** What a critical warning asks of the next shift, before any action a source suggests. */
function warningActions(alerts?: HandoverAlerts): DraftItem[] {
  if (!alerts) return [];
  return warningsOf(alerts).flatMap((warning): DraftItem[] => {
    if (warning.level !== 'kritiek') return [];
    if (warning.kind === 'news2' || warning.kind === 'news2-ronde')
      return [
        {
          tekst: `NEWS2 opnieuw meten en de arts informeren: ${warning.label}.`,
          ref: null,
          eigenaar: 'verpleegkundige',
          alsDan: 'Als de score gelijk blijft of stijgt, dan opschalen volgens het NEWS2-advies.',
        },
      ];
    if (warning.kind === 'evaluatie')
      return [{ tekst: `De maatregel nu evalueren en vastleggen: ${warning.label}.`, ref: null, eigenaar: 'psychiater' }];
    if (warning.kind === 'rechtspositie')
      return [{ tekst: `Vervolg van de rechtspositie regelen: ${warning.label}.`, ref: null, eigenaar: 'psychiater' }];
    return [];
  });
}

const modelItem = z.object({
  tekst: z.string().trim().min(1).max(400),
  bron: z.string().trim().max(10).nullish(),
  eigenaar: z.enum(actionOwners).catch('team').optional(),
  alsDan: z.string().trim().max(300).nullish(),
});
const modelAnswerSchema = z.object({
  ernst: z.enum(severities).catch('let op'),
  situatie: z.string().trim().min(1).max(600),
  aandachtspunten: z.array(modelItem),
  actiepunten: z.array(modelItem).default([]),
});

/** The model's answer, or null when it cannot be used as a whole: a half summary is never stored. */
export function parseModelDraft(text: string): Draft | null {
  const answer = jsonFromAnswer(text);
  if (!answer) return null;
  const parsed = modelAnswerSchema.safeParse(answer.json);
  if (!parsed.success) return null;
  const item = (raw: z.output<typeof modelItem>): DraftItem => ({
    tekst: raw.tekst,
    ref: raw.bron ? raw.bron.replace(/[[\]\s]/g, '').toUpperCase() : null,
    ...(raw.eigenaar ? { eigenaar: raw.eigenaar } : {}),
    ...(raw.alsDan ? { alsDan: raw.alsDan } : {}),
  });
  return {
    ernst: parsed.data.ernst,
    situatie: parsed.data.situatie,
    aandachtspunten: parsed.data.aandachtspunten.map(item),
    actiepunten: parsed.data.actiepunten.map(item),
  };
}

/**
 * Step 3 and the citation rule: an attention item must cite a source that was offered, an action
 * item may cite one (if it cites, it must exist); then the role's limits.
 */
export function enforceRules(
  draft: Draft,
  kept: Candidate[],
  role: HandoverRole,
  alerts?: HandoverAlerts,
  considered?: number,
): { draft: Draft; droppedUncited: number } {
  const refs = new Set(kept.map((candidate) => candidate.ref));
  const cited = draft.aandachtspunten.filter((item) => item.ref !== null && refs.has(item.ref));
  const actions = draft.actiepunten.filter((item) => item.ref === null || refs.has(item.ref));
  const droppedUncited = draft.aandachtspunten.length - cited.length + (draft.actiepunten.length - actions.length);
  // What the server judged most serious stays, whatever the answer says: a source of the highest
  // weight the answer left out comes back in its own words, first; the severity never drops below
  // what the sources give (a report could ask the model to play things down).
  const citedRefs = new Set(cited.map((item) => item.ref));
  const mostSerious = kept
    .filter((candidate) => candidate.relevance.weight >= alertWeight && !citedRefs.has(candidate.ref))
    .map((candidate) => ({ tekst: candidate.statement, ref: candidate.ref }));
  const limits = itemLimits[role];
  // Numbers as the ward writes them, whether a note or the model wrote "39.4°C" (issue 44).
  const written = (item: DraftItem): DraftItem => ({
    ...item,
    tekst: dutchMeasurementsIn(item.tekst),
    ...(item.alsDan ? { alsDan: dutchMeasurementsIn(item.alsDan) } : {}),
  });
  return {
    draft: {
      ...draft,
      ernst: severities[Math.max(severities.indexOf(draft.ernst), severities.indexOf(severityOf(kept, alerts, considered)))] ?? draft.ernst,
      situatie: dutchMeasurementsIn(draft.situatie),
      aandachtspunten: [...mostSerious, ...cited].slice(0, limits.aandachtspunten).map(written),
      actiepunten: actions.slice(0, limits.actiepunten).map((item) => written({ ...item, eigenaar: item.eigenaar ?? 'team' })),
    },
    droppedUncited,
  };
}
