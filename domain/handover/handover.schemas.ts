import type { HandoverAlerts } from './handover.alerts';
import { clinicalRoles, type ClinicalRole } from '../auth/auth.schemas';
import { z } from '../shared/validation';

export const handoverPeriods = ['1d', '3d', '7d', '14d'] as const;
export type HandoverPeriod = (typeof handoverPeriods)[number];
export const periodDays: Record<HandoverPeriod, number> = { '1d': 1, '3d': 3, '7d': 7, '14d': 14 };
export const periodLabels: Record<HandoverPeriod, string> = { '1d': '24 uur', '3d': '3 dagen', '7d': '7 dagen', '14d': '14 dagen' };

/** The two handover filter roles are the two clinical roles of the product. */
export const handoverRoles = clinicalRoles;
export type HandoverRole = ClinicalRole;
export const handoverRoleLabels: Record<HandoverRole, string> = { verpleegkundige: 'Verpleegkundige', psychiater: 'Psychiater' };

/** Items the incoming clinician can take in at a glance (CONTRACT §6). */
export const itemLimits: Record<HandoverRole, { aandachtspunten: number; actiepunten: number }> = {
  verpleegkundige: { aandachtspunten: 5, actiepunten: 3 },
  psychiater: { aandachtspunten: 3, actiepunten: 2 },
};

const period = z.enum(handoverPeriods, { error: 'Kies een periode: 1d, 3d, 7d of 14d.' });
const role = z.enum(handoverRoles, { error: 'Kies een rol: verpleegkundige of psychiater.' });

export const generateRequestSchema = z.object({
  patientId: z.uuid('Kies een bestaande patiënt.'),
  period: period.default('1d'),
  filterForRole: role.default('verpleegkundige'),
});
export type GenerateRequest = z.output<typeof generateRequestSchema>;

export const overviewQuerySchema = z.object({
  period: period.default('1d'),
  alerts: z
    .enum(['true', 'false'], { error: 'Gebruik alerts=true of alerts=false.' })
    .optional()
    .transform((value) => value === 'true'),
  /** At most this many patients, the first in handover order; absent: the whole ward. */
  limit: z.coerce
    .number({ error: 'Kies een limiet van 1 tot en met 1000.' })
    .int('Kies een limiet van 1 tot en met 1000.')
    .min(1, 'Kies een limiet van 1 tot en met 1000.')
    .max(1000, 'Kies een limiet van 1 tot en met 1000.')
    .optional(),
});

export const detailQuerySchema = z.object({ period: period.default('1d') });

export const sourceTypes = ['report', 'observation', 'risk', 'measure', 'medication'] as const;
export type SourceType = (typeof sourceTypes)[number];

/** Where a statement comes from; the server checks it exists before the statement is shown. */
export interface Bron {
  id: string;
  type: SourceType;
  label: string;
  /** ISO 8601 with offset. */
  date: string;
}

export type SourceData =
  | { value: number; unit: string; interpretation: string }
  | { content: string; createdBy: string }
  | { riskLevel: string; rationale: string }
  | { measure: string; startedAt: string; decidedBy: string; legalBasis: string }
  | { medication: string; status: string; reason: string | null; effect: string | null };

export interface Aandachtspunt {
  tekst: string;
  bron: Bron;
  sourceData?: SourceData;
}

export const actionOwners = ['verpleegkundige', 'psychiater', 'team'] as const;
export type ActionOwner = (typeof actionOwners)[number];

export interface Actiepunt {
  tekst: string;
  eigenaar: ActionOwner;
  /** The if/then of I-PASS: "Als de RR boven 180 blijft, dan de arts bellen." */
  alsDan?: string;
  bron?: Bron;
  sourceData?: SourceData;
}

/** In rising order; `geen gegevens` when nothing was recorded in the period (never read as stable). */
export const severities = ['geen gegevens', 'stabiel', 'let op', 'instabiel'] as const;
export type Severity = (typeof severities)[number];

export interface HandoverSummary {
  aandachtspunten: Aandachtspunt[];
  actiepunten: Actiepunt[];
  meta: {
    patientId: string;
    patientName: string;
    period: HandoverPeriod;
    role: HandoverRole;
    /** I-PASS: illness severity. */
    ernst: Severity;
    /** I-PASS/SBAR situation: one or two sentences. */
    situatie: string;
    /** `taalmodel` or `lokaal` (extractive, no model configured or used). */
    bron: 'taalmodel' | 'lokaal';
    model: string | null;
    workflowId: string;
    generatedAt: string;
    sourcesConsidered: number;
    sourcesKept: number;
    /** Items the model cited without an existing source, removed. */
    droppedUncited: number;
    /** Why the summary is extractive although a model is configured. */
    melding?: string;
    /** The period's alert counts when it was made, as the ward list and the tiles count them (absent in older summaries). */
    alerts?: HandoverAlerts;
    /** The stored summary's id, for ticking off its action items (`/api/overdracht/summaries/{id}/actions/{index}`). */
    summaryId?: string;
  };
}

/** A row of `handover_summaries` as read back: the id goes into the summary's meta. */
export interface StoredSummaryRow {
  id: string;
  summary: HandoverSummary;
}

export function withSummaryId(row: StoredSummaryRow): HandoverSummary {
  return { ...row.summary, meta: { ...row.summary.meta, summaryId: row.id } };
}
