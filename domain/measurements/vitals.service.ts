import { randomUUID } from 'node:crypto';
import { personOf, type AuditActor } from '../audit/audit.service';
import { forUpdate } from '../db/locks';
import type { EntityManager } from '../db/orm';
import { findPatient } from '../patient/patient.service';
import { AppError } from '../shared/errors';
import { isUuid } from '../shared/ids';
import { parseOrThrow } from '../shared/validation';
import { news2, type Consciousness, type News2, type News2Risk } from './news2';
import { interpretationOf } from './reference-ranges';
import { vitalCodes } from './vital-codes';
import { VitalObservation, VitalSet, type Interpretation } from './vitals.entity';
import { correctVitalSchema, measureValue, recordVitalsSchema } from './vitals.schemas';

export interface VitalView {
  id: string;
  code: string;
  label: string;
  value: number;
  unit: string;
  interpretation: Interpretation;
  observedAt: string;
  /** Set when a later correction replaced this value; the value itself is kept. */
  correctedAt: string | null;
  /** On a correction: the value it replaced and why. */
  correctsId: string | null;
  correctionReason: string | null;
}

/** One round at the bedside: its values (corrections included, marked) and its NEWS2 when complete. */
export interface VitalRound {
  id: string;
  observedAt: string;
  consciousness: Consciousness | null;
  oxygen: boolean | null;
  news2: { score: number; risk: News2Risk; advice: string } | null;
  values: VitalView[];
}

export const vitalNotFound = 'De gevraagde meting is niet gevonden.';

/** The latest measurement of each kind for a patient, corrected values left out; abnormal ones (H/L, HH/LL) are for the eye. */
export async function latestVitals(em: EntityManager, patientId: string): Promise<VitalView[]> {
  const rows = await em.find(VitalObservation, { patientId, correctedAt: null }, { orderBy: { observedAt: 'desc' }, limit: 200 });
  const latest = new Map<string, VitalObservation>();
  for (const row of rows) if (!latest.has(row.code)) latest.set(row.code, row);
  return [...latest.values()].map(vitalView);
}

/** A measurement as the API and the pages show it. */
export function vitalView(row: VitalObservation): VitalView {
  return {
    id: row.id,
    code: row.code,
    label: row.label,
    value: Number(row.value),
    unit: row.unit,
    interpretation: row.interpretation,
    observedAt: row.observedAt.toISOString(),
    correctedAt: row.correctedAt?.toISOString() ?? null,
    correctsId: row.correctsId ?? null,
    correctionReason: row.correctionReason ?? null,
  };
}

/** NEWS2 of a round when it holds every parameter NEWS2 needs; oxygen not stated counts as air. */
function news2Of(values: Map<string, number>, consciousness: Consciousness | null, oxygen: boolean | null): News2 | null {
  const [respiration, saturation, systolic, pulse, temperature] = [
    'ademhaling',
    'saturatie',
    'bloeddruk-systolisch',
    'hartfrequentie',
    'temperatuur',
  ].map((code) => values.get(code));
  if (respiration === undefined || saturation === undefined || systolic === undefined || pulse === undefined) return null;
  if (temperature === undefined || !consciousness) return null;
  return news2({ respiration, saturation, systolic, pulse, temperature, consciousness, oxygen: oxygen ?? false });
}

function observation(set: VitalSet, code: string, value: number, recordedBy: string | null) {
  const { label, unit } = vitalCodes[code]!;
  return {
    organisationId: set.organisationId,
    patientId: set.patientId,
    code,
    label,
    value,
    unit,
    interpretation: interpretationOf(code, value)!,
    observedAt: set.observedAt,
    recordedBy,
    setId: set.id,
    // The round's moment of recording: what an Observation's first version says once a correction moved `updatedAt`.
    updatedAt: set.createdAt,
  };
}

/**
 * Records one round at the bedside: each value with its interpretation computed here from the
 * reference ranges, and NEWS2 when the round is complete. One transaction.
 */
export async function recordVitals(em: EntityManager, actor: AuditActor, patientId: string, input: unknown): Promise<VitalRound> {
  const valid = parseOrThrow(recordVitalsSchema, input);
  const patient = await findPatient(em, patientId);
  const values = new Map(Object.entries(valid.measures).flatMap(([code, value]) => (value === undefined ? [] : [[code, value] as const])));
  const score = news2Of(values, valid.consciousness ?? null, valid.oxygen ?? null);
  const set = em.create(VitalSet, {
    id: randomUUID(),
    createdAt: new Date(),
    organisationId: actor.organisationId,
    patientId: patient.id,
    observedAt: valid.observedAt,
    recordedBy: personOf(actor),
    consciousness: valid.consciousness ?? null,
    oxygen: valid.oxygen ?? null,
    news2Score: score?.score ?? null,
    news2Risk: score?.risk ?? null,
  });
  // Observations refer to the round by id only: the round is written first.
  await em.flush();
  const rows = [...values].map(([code, value]) =>
    em.create(VitalObservation, { id: randomUUID(), ...observation(set, code, value, personOf(actor)) }),
  );
  return roundView(set, rows);
}

/**
 * Corrects a value that was entered wrongly: a new row with the right value and the reason, and
 * the old row marked as corrected (never overwritten). The round's NEWS2 follows the new value.
 */
export async function correctVital(
  em: EntityManager,
  actor: AuditActor,
  id: string,
  input: unknown,
  scope: { patientId?: string } = {},
): Promise<VitalView> {
  // Another organisation's (or no) measurement is a 404 whatever the body says; a record page only
  // corrects its own patient's. Locked, so of two corrections at once the second is a 409.
  const old = isUuid(id) ? await em.findOne(VitalObservation, { id, ...scope }, forUpdate) : null;
  if (!old) throw AppError.notFound(vitalNotFound);
  const { value, reason } = parseOrThrow(correctVitalSchema, input);
  if (old.correctedAt) throw new AppError('conflict', 'Deze meting is al gecorrigeerd; corrigeer de nieuwste waarde.');
  const checked = measureValue(old.code, value);
  if (!checked.success || checked.data.value === undefined)
    throw AppError.validation({ value: checked.success ? 'Vul de juiste waarde in.' : checked.error.issues[0]!.message });
  const now = new Date();
  const corrected = em.create(VitalObservation, {
    id: randomUUID(),
    organisationId: old.organisationId,
    patientId: old.patientId,
    code: old.code,
    label: old.label,
    value: checked.data.value,
    unit: old.unit,
    interpretation: interpretationOf(old.code, checked.data.value) ?? old.interpretation,
    observedAt: old.observedAt,
    recordedBy: personOf(actor),
    setId: old.setId ?? null,
    correctsId: old.id,
    correctionReason: reason,
    // Recorded at the moment the old one is marked: the correction's first version says so.
    updatedAt: now,
  });
  old.correctedAt = now;
  old.correctedBy = personOf(actor);
  if (old.setId) {
    const set = await em.findOne(VitalSet, { id: old.setId });
    if (set) {
      const current = await em.find(VitalObservation, { setId: set.id, correctedAt: null, id: { $ne: old.id } });
      const values = new Map([...current, corrected].map((row) => [row.code, Number(row.value)]));
      const score = news2Of(values, set.consciousness ?? null, set.oxygen ?? null);
      set.news2Score = score?.score ?? null;
      set.news2Risk = score?.risk ?? null;
    }
  }
  return vitalView(corrected);
}

/** The patient of a measurement of the organisation in `em`, for the access log of a request that names only the measurement. */
export async function vitalPatients(em: EntityManager, id: string): Promise<string[]> {
  const row = isUuid(id) ? await em.findOne(VitalObservation, { id }, { fields: ['patientId'] }) : null;
  return row ? [row.patientId] : [];
}

function roundView(set: VitalSet, rows: VitalObservation[]): VitalRound {
  const score =
    set.news2Score !== null && set.news2Score !== undefined && set.consciousness
      ? news2Of(
          new Map(rows.filter((row) => !row.correctedAt).map((row) => [row.code, Number(row.value)])),
          set.consciousness,
          set.oxygen ?? null,
        )
      : null;
  return {
    id: set.id,
    observedAt: set.observedAt.toISOString(),
    consciousness: set.consciousness ?? null,
    oxygen: set.oxygen ?? null,
    news2: score ? { score: score.score, risk: score.risk, advice: score.advice } : null,
    values: rows.map(vitalView),
  };
}

/** The patient's rounds, newest first (measurements from before rounds existed each as a round of their own), for the trend. */
export async function vitalRounds(em: EntityManager, patientId: string, limit = 30): Promise<VitalRound[]> {
  await findPatient(em, patientId);
  const [sets, rows] = await Promise.all([
    em.find(VitalSet, { patientId }, { orderBy: { observedAt: 'desc' }, limit }),
    em.find(VitalObservation, { patientId }, { orderBy: { observedAt: 'desc', id: 'asc' }, limit: limit * 12 }),
  ]);
  const rounds = sets.map((set) =>
    roundView(
      set,
      rows.filter((row) => row.setId === set.id),
    ),
  );
  const loose = new Map<string, VitalObservation[]>();
  for (const row of rows.filter((candidate) => !candidate.setId)) {
    const key = row.observedAt.toISOString();
    loose.set(key, [...(loose.get(key) ?? []), row]);
  }
  for (const [observedAt, group] of loose)
    rounds.push({ id: group[0]!.id, observedAt, consciousness: null, oxygen: null, news2: null, values: group.map(vitalView) });
  return rounds.sort((a, b) => b.observedAt.localeCompare(a.observedAt)).slice(0, limit);
}
