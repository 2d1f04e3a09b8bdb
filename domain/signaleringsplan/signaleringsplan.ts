import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { AuditActor } from '../audit/audit.service';
import type { EntityManager } from '../db/orm';
import { findPatient } from '../patient/patient.service';
import { AppError } from '../shared/errors';
import { parseOrThrow } from '../shared/validation';
import { Signaleringsplan, type SignaleringsplanContent } from './signaleringsplan.entity';
import { signaleringsplanSchema } from './signaleringsplan.schemas';
import { signaleringsplanPhases } from './signaleringsplan.vocabulary';
import { namesOf } from '../auth/people';

export interface SignaleringsplanView {
  id: string;
  version: number;
  phases: { key: string; label: string; signals: string; patientActions: string; teamActions: string }[];
  createdAt: string;
  createdBy: string;
}

export interface SignaleringsplanVersion {
  version: number;
  createdAt: string;
  createdBy: string;
}

export interface SignaleringsplanPage {
  /** The newest version, or null when no plan was saved yet. */
  latest: SignaleringsplanView | null;
  /** The version asked for (the newest when none was asked). */
  shown: SignaleringsplanView | null;
  /** Every version, newest first. */
  versions: SignaleringsplanVersion[];
}

function view(row: Signaleringsplan, name: (id: string | null | undefined) => string): SignaleringsplanView {
  return {
    id: row.id,
    version: row.version,
    phases: signaleringsplanPhases.map((phase) => ({
      key: phase.key,
      label: phase.label,
      signals: row.phases[phase.key]?.signals ?? '',
      patientActions: row.phases[phase.key]?.patientActions ?? '',
      teamActions: row.phases[phase.key]?.teamActions ?? '',
    })),
    createdAt: row.createdAt.toISOString(),
    createdBy: name(row.createdBy),
  };
}

/** The newest version's number and date, unlogged (the banner's link). */
export async function latestSignaleringsplan(em: EntityManager, patientId: string): Promise<{ version: number; createdAt: string } | null> {
  const row = await em.findOne(Signaleringsplan, { patientId }, { orderBy: { version: 'desc' }, fields: ['id', 'version', 'createdAt'] });
  return row ? { version: row.version, createdAt: row.createdAt.toISOString() } : null;
}

/** The plan as the page and the API show it: the newest version, or an earlier one when asked. */
export async function signaleringsplan(em: EntityManager, patientId: string, version?: number | null): Promise<SignaleringsplanPage> {
  await findPatient(em, patientId);
  const rows = await em.find(Signaleringsplan, { patientId }, { orderBy: { version: 'desc' } });
  const name = await namesOf(
    em,
    rows.map((row) => row.createdBy),
  );
  const latest = rows[0] ? view(rows[0], name) : null;
  const asked = version ? rows.find((row) => row.version === version) : rows[0];
  if (version && !asked) throw AppError.notFound('Deze versie van het signaleringsplan bestaat niet.');
  return {
    latest,
    shown: asked ? view(asked, name) : null,
    versions: rows.map((row) => ({ version: row.version, createdAt: row.createdAt.toISOString(), createdBy: name(row.createdBy) })),
  };
}

/** Each save is a new version (who, when); earlier versions stay readable. */
export async function saveSignaleringsplan(
  em: EntityManager,
  actor: AuditActor,
  patientId: string,
  input: unknown,
): Promise<SignaleringsplanView> {
  const patient = await findPatient(em, patientId);
  const valid = parseOrThrow(signaleringsplanSchema, input);
  const newest = await em.findOne(Signaleringsplan, { patientId: patient.id }, { orderBy: { version: 'desc' }, fields: ['id', 'version'] });
  const row = em.create(Signaleringsplan, {
    id: randomUUID(),
    organisationId: actor.organisationId,
    patientId: patient.id,
    version: (newest?.version ?? 0) + 1,
    phases: valid.phases as SignaleringsplanContent,
    createdBy: actor.userId,
    createdAt: new Date(),
  });
  try {
    await em.flush();
  } catch (error) {
    // Two saves at once: the second one's version number is taken.
    if (error instanceof UniqueConstraintViolationException)
      throw new AppError('conflict', 'Iemand anders heeft het signaleringsplan net opgeslagen. Laad de pagina opnieuw.');
    throw error;
  }
  return view(row, await namesOf(em, [actor.userId]));
}
