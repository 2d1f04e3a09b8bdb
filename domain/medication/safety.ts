import { foldAccents } from '../shared/text';
import type { Product } from './products';
import { products } from './products';
import { allergyTerms, duplicateClasses, highRiskClasses } from './safety-rules';

/**
 * The medication safety engine (ADR 60): reads the rules in `safety-rules.ts` and answers, for a
 * new prescription, which warnings it raises. Pure: the service hands it the patient's allergies
 * and active orders.
 */

export const safetyWarningCodes = ['allergie', 'dubbele-therapie', 'allergieen-niet-vastgelegd'] as const;
export type SafetyWarningCode = (typeof safetyWarningCodes)[number];

export interface SafetyWarning {
  code: SafetyWarningCode;
  /** Dutch, shown to the prescriber as written. */
  message: string;
  /** A blocking warning refuses the prescription unless the prescriber overrides it with a reason. */
  blocking: boolean;
}

export interface AllergyFacts {
  status: 'vastgelegd' | 'geen-bekende' | 'niet-vastgelegd';
  active: readonly { substance: string | null; reaction: string | null; severity: string | null }[];
}

export interface ActiveOrderFacts {
  productName: string;
  productCode: string;
}

const atcOfCode: ReadonlyMap<string, string> = new Map(products.map((product) => [product.code, product.atc]));

/** "Haloperidol decanoaat 50 mg/ml" → "haloperidol": the active substance as a ward writes it. */
export function substanceOf(product: Pick<Product, 'name'>): string {
  return wordsOf(product.name)[0] ?? '';
}

function wordsOf(text: string): string[] {
  return foldAccents(text)
    .split(/[^a-z0-9']+/)
    .filter(Boolean);
}

/** Each product's own substance covers its exact ATC code; the rule table adds classes and brand names. */
const termTable: readonly { term: string; atc: readonly string[]; label: string }[] = [
  ...allergyTerms.flatMap((rule) => rule.terms.map((term) => ({ term, atc: rule.atc, label: rule.label }))),
  ...products.map((product) => ({ term: substanceOf(product), atc: [product.atc], label: substanceOf(product) })),
];

/** The ATC codes (or class prefixes) an allergy recorded as this text covers; empty when it names no medicine the list knows. */
export function atcCoveredBy(substance: string): string[] {
  const words = new Set(wordsOf(substance));
  const folded = foldAccents(substance).trim();
  // "Lithiumcarbonaat" holds "lithium": a product's substance also matches as the start of a word.
  const matches = termTable.filter(
    (entry) =>
      words.has(entry.term) || folded === entry.term || [...words].some((word) => word.startsWith(entry.term) && entry.term.length >= 6),
  );
  return [...new Set(matches.flatMap((entry) => entry.atc))];
}

const covers = (prefix: string, atc: string) => atc.startsWith(prefix);

/** The duplicate-therapy class of an ATC code, if it has one. */
export function duplicateClassOf(atc: string): (typeof duplicateClasses)[number] | null {
  return duplicateClasses.find((rule) => covers(rule.atc, atc) && !(rule.except ?? []).some((code) => covers(code, atc))) ?? null;
}

/** Why a product needs a second nurse's check when it is given, or null when it does not. */
export function highRiskOf(product: Pick<Product, 'atc'> | null | undefined): { label: string; why: string } | null {
  if (!product) return null;
  const rule = highRiskClasses.find((entry) => covers(entry.atc, product.atc));
  return rule ? { label: rule.label, why: rule.why } : null;
}

/** The warnings a new prescription of `product` raises against the patient's allergies and active orders. */
export function prescriptionWarnings(
  product: Product,
  allergies: AllergyFacts,
  activeOrders: readonly ActiveOrderFacts[],
): SafetyWarning[] {
  const warnings: SafetyWarning[] = [];
  if (allergies.status === 'niet-vastgelegd')
    warnings.push({
      code: 'allergieen-niet-vastgelegd',
      message: 'Allergieën zijn niet vastgelegd: vraag ze na en leg ze vast, of leg "geen bekende allergieën" vast.',
      blocking: false,
    });
  for (const allergy of allergies.active) {
    if (!allergy.substance) continue;
    if (!atcCoveredBy(allergy.substance).some((prefix) => covers(prefix, product.atc))) continue;
    const detail = [allergy.severity, allergy.reaction].filter(Boolean).join(': ');
    warnings.push({
      code: 'allergie',
      message: `Allergie voor ${allergy.substance}${detail ? ` (${detail})` : ''}: ${product.name} valt daaronder (ATC ${product.atc}).`,
      blocking: true,
    });
  }
  const duplicate = duplicateClassOf(product.atc);
  if (duplicate) {
    const others = activeOrders.filter((order) => {
      const atc = atcOfCode.get(order.productCode);
      return atc !== undefined && duplicateClassOf(atc) === duplicate;
    });
    const names = [...new Set(others.map((order) => order.productName))];
    if (names.length)
      warnings.push({
        code: 'dubbele-therapie',
        message: `Dubbele therapie: ${product.name} en ${names.join(', ')} zijn allebei ${duplicate.label} (ATC ${duplicate.atc}).`,
        blocking: true,
      });
  }
  return warnings;
}

/**
 * A zo-nodig dose at `at` given within `minutes` of another dose (before or after it, a
 * back-dated registration counts too): the nearest such dose, or null when the interval is kept.
 */
export function tooSoon(givenAt: readonly Date[], at: Date, minutes: number): Date | null {
  const interval = minutes * 60_000;
  const near = givenAt
    .filter((time) => Math.abs(time.getTime() - at.getTime()) < interval)
    .sort((a, b) => Math.abs(a.getTime() - at.getTime()) - Math.abs(b.getTime() - at.getTime()));
  return near[0] ?? null;
}

/** "Bij onrust" and "onrust" both read "bij onrust" after "zo nodig": the indication as a phrase, once. */
export function prnIndication(indication: string | null | undefined): string {
  const text = (indication ?? '').trim();
  return `bij ${text.replace(/^bij\s+/i, '')}`;
}

/** "60" → "1 uur", "90" → "1,5 uur", "30" → "30 minuten": an interval as the ward says it. */
export function intervalText(minutes: number): string {
  if (minutes < 60 || minutes % 30 !== 0) return `${minutes} ${minutes === 1 ? 'minuut' : 'minuten'}`;
  const hours = minutes / 60;
  return `${String(hours).replace('.', ',')} uur`;
}
