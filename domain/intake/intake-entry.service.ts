import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { staffNames } from '../auth/staff-names';
import { randomUUID } from 'node:crypto';
import type { AuditActor } from '../audit/audit.service';
import { forUpdate } from '../db/locks';
import type { EntityManager } from '../db/orm';
import { findPatient } from '../patient/patient.service';
import { AppError } from '../shared/errors';
import { parseOrThrow, z } from '../shared/validation';
import { IntakeSection, IntakeSectionVersion } from './intake.entities';
import { intakeSections } from './intake.service';

const changedMeanwhile = 'Iemand anders heeft deze sectie intussen gewijzigd. Open de sectie opnieuw en voer je wijziging daarin door.';

export interface IntakeSectionView {
  key: string;
  label: string;
  content: string;
  complete: boolean;
  completedAt: string | null;
  completedBy: string | null;
  updatedAt: string | null;
  updatedBy: string | null;
}

export interface IntakeSectionVersionView {
  id: string;
  content: string;
  completed: boolean;
  savedAt: string;
  savedBy: string | null;
}

export interface IntakeEntry {
  completionPercentage: number;
  sections: IntakeSectionView[];
}

export const sectionNotFound = 'Dit onderdeel van de intake bestaat niet.';

const maxContent = 20_000;

export const saveIntakeSectionSchema = z
  .object({
    content: z
      .string({ error: 'Vul de tekst van de sectie in.' })
      .max(maxContent, `De tekst mag maximaal ${maxContent.toLocaleString('nl-NL')} tekens lang zijn.`)
      .transform((value) => value.replace(/\r\n/g, '\n').trim()),
    complete: z.boolean({ error: 'Geef aan of de sectie afgerond is (true of false).' }),
    /** The `updatedAt` the editor started from: a later save by someone else is a conflict, not overwritten. */
    basedOn: z.string().nullable().optional(),
  })
  .refine((value) => !value.complete || value.content.length > 0, {
    path: ['content'],
    message: 'Een lege sectie kan niet afgerond zijn: vul eerst de tekst in.',
  });

function sectionLabel(key: string): string {
  const section = intakeSections.find((candidate) => candidate.key === key);
  if (!section) throw AppError.notFound(sectionNotFound);
  return section.label;
}

/** Every section of the checklist with its text, in checklist order; the percentage counts the completed ones. */
export async function intakeEntry(em: EntityManager, patientId: string): Promise<IntakeEntry> {
  const patient = await findPatient(em, patientId);
  const rows = await em.find(IntakeSection, { patientId: patient.id });
  const byKey = new Map(rows.map((row) => [row.sectionKey, row]));
  const names = await staffNames(
    em,
    rows.flatMap((row) => [row.completedBy, row.updatedBy]),
  );
  const sections = intakeSections.map(({ key, label }) => {
    const row = byKey.get(key);
    return {
      key,
      label,
      content: row?.content ?? '',
      complete: Boolean(row?.completedAt),
      completedAt: row?.completedAt?.toISOString() ?? null,
      completedBy: row?.completedBy ? (names.get(row.completedBy) ?? null) : null,
      updatedAt: row?.updatedAt?.toISOString() ?? null,
      updatedBy: row?.updatedBy ? (names.get(row.updatedBy) ?? null) : null,
    };
  });
  const done = sections.filter((section) => section.complete).length;
  return { completionPercentage: Math.round((100 * done) / sections.length), sections };
}

/** One section with its earlier versions, newest first. */
export async function intakeSectionHistory(
  em: EntityManager,
  patientId: string,
  key: string,
): Promise<{ section: IntakeSectionView; versions: IntakeSectionVersionView[] }> {
  sectionLabel(key);
  const entry = await intakeEntry(em, patientId);
  const versions = await em.find(IntakeSectionVersion, { patientId, sectionKey: key }, { orderBy: { savedAt: 'desc' }, limit: 50 });
  const names = await staffNames(
    em,
    versions.map((version) => version.savedBy),
  );
  return {
    section: entry.sections.find((section) => section.key === key)!,
    versions: versions.map((version) => ({
      id: version.id,
      content: version.content,
      completed: version.completed,
      savedAt: version.savedAt.toISOString(),
      savedBy: version.savedBy ? (names.get(version.savedBy) ?? null) : null,
    })),
  };
}

/**
 * Saves a section's text and whether it is complete, as a new version beside the old ones. A save
 * based on an older text than the current one is refused (409), so two people never overwrite each
 * other unseen.
 */
export async function saveIntakeSection(
  em: EntityManager,
  actor: AuditActor,
  patientId: string,
  key: string,
  input: unknown,
): Promise<{ section: IntakeSectionView; sectionId: string }> {
  const patient = await findPatient(em, patientId);
  sectionLabel(key);
  const { content, complete, basedOn } = parseOrThrow(saveIntakeSectionSchema, input);
  const now = new Date();
  // Locked: two saves based on the same version are compared one after the other, so the second is a 409.
  let row = await em.findOne(IntakeSection, { patientId: patient.id, sectionKey: key }, forUpdate);
  const current = row?.updatedAt?.toISOString() ?? null;
  if (basedOn !== undefined && (basedOn || null) !== current) throw new AppError('conflict', changedMeanwhile);
  if (!row) {
    row = em.create(IntakeSection, {
      id: randomUUID(),
      organisationId: actor.organisationId,
      patientId: patient.id,
      sectionKey: key,
      content,
      completedAt: null,
    });
  }
  row.content = content;
  if (complete && !row.completedAt) {
    row.completedAt = now;
    row.completedBy = actor.userId;
  } else if (!complete) {
    row.completedAt = null;
    row.completedBy = null;
  }
  row.updatedAt = now;
  row.updatedBy = actor.userId;
  em.create(IntakeSectionVersion, {
    id: randomUUID(),
    organisationId: actor.organisationId,
    patientId: patient.id,
    sectionKey: key,
    content,
    completed: complete,
    savedAt: now,
    savedBy: actor.userId,
  });
  try {
    await em.flush();
  } catch (error) {
    // The first save of a section, twice at once: the table's unique key keeps one; the other is told.
    if (error instanceof UniqueConstraintViolationException) throw new AppError('conflict', changedMeanwhile);
    throw error;
  }
  const names = await staffNames(em, [row.completedBy, actor.userId]);
  const section = {
    key,
    label: sectionLabel(key),
    content: row.content,
    complete: Boolean(row.completedAt),
    completedAt: row.completedAt?.toISOString() ?? null,
    completedBy: row.completedBy ? (names.get(row.completedBy) ?? null) : null,
    updatedAt: now.toISOString(),
    updatedBy: names.get(actor.userId) ?? null,
  };
  return { section, sectionId: row.id };
}
