import { foldAccents } from '../shared/text';
import type { HandoverRole } from './handover.schemas';
import {
  alwaysKept,
  categoryFallback,
  dottedAbbreviations,
  drop,
  dropRules,
  keep,
  keepRules,
  measureRelevance,
  medicationRelevance,
  negationReach,
  negators,
  riskRelevance,
  scopeBreakers,
  selfDirectedRisk,
  trailingNegators,
  valueRules,
  vitalRelevance,
  type Relevance,
} from './relevance.rules';

export { relevanceReasonLabels, relevanceReasons, type Relevance, type RelevanceReason } from './relevance.rules';

/**
 * The local, deterministic rule layer of the handover: per source, is it relevant for the
 * incoming clinician's role? It runs before any language model sees the sources, so the model
 * only gets what the role needs and the local (no-model) summary works the same way.
 *
 * Missing a risk signal is worse than one item too many: keep rules are tried before drop rules,
 * so a note with both a routine phrase and a signal is kept.
 *
 * This file is the engine; the tables, words and phrases it applies are in `relevance.rules.ts`.
 */
export type HandoverSource =
  | { kind: 'report'; type: string; category: string | null; content: string }
  | { kind: 'observation'; code: string; label: string; interpretation: 'HH' | 'H' | 'N' | 'L' | 'LL' }
  | { kind: 'risk'; riskType: string; riskLevel: 'zeer hoog' | 'hoog' | 'gemiddeld' | 'laag' }
  | { kind: 'measure' }
  | { kind: 'medication'; status: 'gegeven' | 'geweigerd' | 'niet-gegeven'; prn: boolean };

export function relevanceFor(role: HandoverRole, source: HandoverSource): Relevance {
  switch (source.kind) {
    case 'observation':
      return vitalRelevance[source.interpretation][role];
    case 'risk': {
      const relevance = riskRelevance[source.riskLevel][role];
      // Suicidality and self-harm at a high level are the top of the scale, whatever else is going on.
      const selfDirected = relevance.keep && relevance.weight >= 2 && selfDirectedRisk.test(foldAccents(source.riskType));
      return selfDirected ? keep(relevance.reason, 3) : relevance;
    }
    case 'report':
      return reportRelevance(role, source);
    case 'measure':
      return measureRelevance[role];
    case 'medication':
      if (source.prn) return medicationRelevance['zo-nodig'][role];
      return source.status === 'gegeven' ? drop('routinemedicatie') : medicationRelevance[source.status][role];
  }
}

// ---------------------------------------------------------------------------------------------
// Reports: free ward text, judged clause by clause against the ordered rule tables.

const dottedAbbreviation = new RegExp(String.raw`\b(${dottedAbbreviations.join('|')})\.`, 'g');

function reportRelevance(role: HandoverRole, report: Extract<HandoverSource, { kind: 'report' }>): Relevance {
  const always = alwaysKept[report.type];
  if (always) return always;
  const measured = valueRelevance(role, report.content);
  const clauses = clausesOf(report.content);
  let negatedFinding = false;
  let otherRolesItem = false;
  for (const rule of keepRules) {
    // A value that needs action outranks every rule below its weight.
    if (measured && measured.weight > rule.weight) return measured;
    const outcome = matchClauses(rule.pattern, clauses);
    if (outcome === 'match' && rule.roles.includes(role)) return keep(rule.reason, rule.weight);
    if (outcome === 'match') otherRolesItem = true;
    if (outcome === 'negated') negatedFinding = true;
  }
  if (measured) return measured;
  for (const [reason, pattern] of dropRules) {
    if (matchClauses(pattern, clauses) === 'match') return drop(reason);
  }
  if (negatedFinding) return drop('standaardobservatie');
  // Recognised as the other role's business (wound care for the nurse): known, so no doubt.
  if (otherRolesItem) return drop('geen_signaal');
  const fallback = report.category ? categoryFallback[report.category] : undefined;
  if (fallback) return fallback;
  // Text no rule can read is a doubt, and a doubt is kept: at weight 0 it sorts below every signal.
  return keep('overig', 0);
}

/**
 * The most urgent value of a note (`valueRules`), read from the whole text: a decimal point or
 * comma would split it into clauses ("2.8 mmol/l"). A slightly deviating value is the nurse's, as
 * with measurements (`vitalRelevance`); the psychiatrist hears of it from weight 2.
 */
function valueRelevance(role: HandoverRole, content: string): Relevance | null {
  const text = foldAccents(content);
  let best: Relevance | null = null;
  for (const rule of valueRules) {
    for (const match of text.matchAll(rule.pattern)) {
      const value = Number((match[1] ?? match[2] ?? match[3] ?? '').replace(',', '.'));
      if (!Number.isFinite(value)) continue;
      const weight = rule.weight(value, match);
      if (weight !== null && (!best || weight > best.weight)) best = keep(rule.reason, weight);
    }
  }
  return best && (role === 'verpleegkundige' || best.weight >= 2) ? best : null;
}

function matchClauses(pattern: RegExp, clauses: string[]): 'match' | 'negated' | 'none' {
  let negated = false;
  for (const clause of clauses) {
    for (const hit of clause.matchAll(pattern)) {
      if (!isNegated(clause, hit.index, hit.index + hit[0].length)) return 'match';
      negated = true;
    }
  }
  return negated ? 'negated' : 'none';
}

function isNegated(clause: string, start: number, end: number): boolean {
  const before = tokens(clause.slice(0, start)).slice(-negationReach).reverse();
  const after = tokens(clause.slice(end)).slice(0, 3);
  return withinScope(before, negators) || withinScope(after, trailingNegators);
}

function withinScope(nearestFirst: string[], negating: ReadonlySet<string>): boolean {
  for (const token of nearestFirst) {
    if (scopeBreakers.has(token)) return false;
    if (negating.has(token)) return true;
  }
  return false;
}

const tokens = (text: string) => text.split(/[^a-z0-9]+/).filter(Boolean);

/**
 * Lower case without diacritics (suïcidaal = suicidaal), dotted abbreviations closed up
 * (z.n. → zn, i.v.m. → ivm, dhr. → dhr) so their dots do not end a clause, then split into
 * clauses at punctuation: a negation never reaches over a comma or a full stop.
 */
function clausesOf(text: string): string[] {
  const flat = foldAccents(text)
    .replace(/[‘’`]/g, "'")
    .replace(/\b(?:[a-z]\.){2,}/g, (abbreviation) => abbreviation.replaceAll('.', ''))
    .replace(dottedAbbreviation, '$1');
  return flat
    .split(/[.;!?\n,()]+/)
    .map((clause) => clause.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}
