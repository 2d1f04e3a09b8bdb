import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { AuditActor } from '../audit/audit.service';
import { forUpdate } from '../db/locks';
import type { EntityManager } from '../db/orm';
import { findPatient } from '../patient/patient.service';
import { AppError } from '../shared/errors';
import { isUuid } from '../shared/ids';
import { parseOrThrow } from '../shared/validation';
import { Allergy } from './allergy.entity';
import { allergySchema, lapseAllergySchema } from './allergies.schemas';
import type { AllergyKind, AllergySeverity } from './allergies.vocabulary';
import { namesOf } from '../auth/people';

const alreadyNoKnown = '"Geen bekende allergieën" is al vastgelegd.';

export interface AllergyView {
  id: string;
  kind: AllergyKind;
  substance: string | null;
  reaction: string | null;
  severity: AllergySeverity | null;
  recordedAt: string;
  recordedBy: string;
  lapsedAt: string | null;
  lapsedBy: string | null;
  lapseReason: string | null;
}

/**
 * What the record knows: allergies that are in force, or the statement "geen bekende allergieën",
 * or nothing at all — which is not the same as none and is shown as "niet vastgelegd".
 */
export type AllergyStatus = 'vastgelegd' | 'geen-bekende' | 'niet-vastgelegd';

export interface AllergyOverview {
  status: AllergyStatus;
  /** In force, most severe first. */
  active: AllergyView[];
  /** Everything ever recorded, newest first, lapsed entries with their reason. */
  history: AllergyView[];
}

/** From the entries in force: an allergy in force wins over an earlier "geen bekende allergieën"; neither is "niet vastgelegd". */
export function allergyStatusOf(allergiesInForce: number, noKnownInForce: boolean): AllergyStatus {
  return allergiesInForce > 0 ? 'vastgelegd' : noKnownInForce ? 'geen-bekende' : 'niet-vastgelegd';
}

/** Most severe first: the order of the banner, the allergies page and the patient list. */
export const allergySeverityOrder: Record<AllergySeverity, number> = { ernstig: 0, matig: 1, licht: 2 };

export const allergyNotFound = 'De gevraagde allergie is niet gevonden.';

function view(row: Allergy, name: (id: string | null | undefined) => string): AllergyView {
  return {
    id: row.id,
    kind: row.kind,
    substance: row.substance ?? null,
    reaction: row.reaction ?? null,
    severity: row.severity ?? null,
    recordedAt: row.recordedAt.toISOString(),
    recordedBy: name(row.recordedBy),
    lapsedAt: row.lapsedAt?.toISOString() ?? null,
    lapsedBy: row.lapsedAt ? name(row.lapsedBy) : null,
    lapseReason: row.lapseReason ?? null,
  };
}

/** The patient's allergies, unlogged: callers record the access they are part of. */
export async function allergiesOf(em: EntityManager, patientId: string): Promise<AllergyOverview> {
  const rows = await em.find(Allergy, { patientId }, { orderBy: { recordedAt: 'desc' }, limit: 300 });
  const name = await namesOf(
    em,
    rows.flatMap((row) => [row.recordedBy, row.lapsedBy]),
  );
  const history = rows.map((row) => view(row, name));
  const inForce = history.filter((entry) => !entry.lapsedAt);
  const active = inForce
    .filter((entry) => entry.kind === 'allergie')
    .sort(
      (a, b) => allergySeverityOrder[a.severity!] - allergySeverityOrder[b.severity!] || a.substance!.localeCompare(b.substance!, 'nl'),
    );
  const status = allergyStatusOf(
    active.length,
    inForce.some((entry) => entry.kind === 'geen-bekende'),
  );
  return { status, active, history };
}

/** The patient's allergies; 404 for a patient outside the organisation. */
export async function allergyOverview(em: EntityManager, patientId: string): Promise<AllergyOverview> {
  await findPatient(em, patientId);
  return allergiesOf(em, patientId);
}

/**
 * Records an allergy or intolerance; `{noKnownAllergies: true}` records "geen bekende allergieën"
 * instead. A new allergy ends a standing "geen bekende allergieën" (it lapses, with the reason).
 */
export async function recordAllergy(em: EntityManager, actor: AuditActor, patientId: string, input: unknown): Promise<AllergyView> {
  const patient = await findPatient(em, patientId);
  const inForce = await em.find(Allergy, { patientId: patient.id, lapsedAt: null });
  const now = new Date();
  let row: Allergy;
  if (input && typeof input === 'object' && (input as { noKnownAllergies?: unknown }).noKnownAllergies === true) {
    if (inForce.some((entry) => entry.kind === 'allergie'))
      throw new AppError('conflict', 'Er staan nog allergieën vastgelegd. Laat die eerst vervallen, met een reden.');
    if (inForce.some((entry) => entry.kind === 'geen-bekende')) throw new AppError('conflict', alreadyNoKnown);
    row = em.create(Allergy, {
      id: randomUUID(),
      organisationId: actor.organisationId,
      patientId: patient.id,
      kind: 'geen-bekende',
      recordedBy: actor.userId,
      recordedAt: now,
    });
  } else {
    const valid = parseOrThrow(allergySchema, input);
    row = em.create(Allergy, {
      id: randomUUID(),
      organisationId: actor.organisationId,
      patientId: patient.id,
      kind: 'allergie',
      substance: valid.substance,
      reaction: valid.reaction,
      severity: valid.severity,
      recordedBy: actor.userId,
      recordedAt: now,
    });
    for (const statement of inForce.filter((entry) => entry.kind === 'geen-bekende')) {
      statement.lapsedAt = now;
      statement.lapsedBy = actor.userId;
      statement.lapseReason = `Allergie vastgelegd: ${valid.substance}`;
    }
  }
  try {
    await em.flush();
  } catch (error) {
    // Two "geen bekende allergieën" at once: the database keeps one in force (index allergies_no_known_once).
    if (error instanceof UniqueConstraintViolationException) throw new AppError('conflict', alreadyNoKnown);
    throw error;
  }
  return view(row, await namesOf(em, [actor.userId]));
}

/** An allergy that turned out wrong or no longer applies lapses with a reason; it stays in the history. */
export async function lapseAllergy(
  em: EntityManager,
  actor: AuditActor,
  id: string,
  input: unknown,
  scope: { patientId?: string } = {},
): Promise<AllergyView> {
  // Another organisation's (or no) allergy is a 404 whatever the body says.
  const row = isUuid(id) ? await em.findOne(Allergy, { id, ...scope }, forUpdate) : null;
  if (!row) throw AppError.notFound(allergyNotFound);
  const { reason } = parseOrThrow(lapseAllergySchema, input);
  if (row.lapsedAt) throw new AppError('conflict', 'Deze allergie is al vervallen.');
  row.lapsedAt = new Date();
  row.lapsedBy = actor.userId;
  row.lapseReason = reason;
  return view(row, await namesOf(em, [row.recordedBy, actor.userId]));
}

/** The patient an allergy belongs to, in the actor's organisation (none for another's or no allergy). */
export async function allergyPatients(em: EntityManager, id: string): Promise<string[]> {
  const row = isUuid(id) ? await em.findOne(Allergy, { id }, { fields: ['patientId'] }) : null;
  return row ? [row.patientId] : [];
}
