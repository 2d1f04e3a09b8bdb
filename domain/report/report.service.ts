import { koppelingOf, personOf, type AuditActor } from '../audit/audit.service';
import { writerNames } from '../auth/staff-names';
import { Appointment } from '../agenda/appointment.entity';
import type { EntityManager } from '../db/orm';
import { Patient } from '../patient/patient.entity';
import { assertPatientExists } from '../patient/patient.service';
import { AppError } from '../shared/errors';
import { isUuid } from '../shared/ids';
import { parseOrThrow } from '../shared/validation';
import { Report } from './report.entity';
import {
  reportInputSchema,
  reportListQuerySchema,
  reportPatchSchema,
  reportRulesSchema,
  type ReportCategory,
  type ReportType,
} from './report.schemas';
import { shiftOf, type Shift } from '../shared/clinical-time';

export interface ReportView {
  id: string;
  patientId: string;
  type: ReportType;
  category: ReportCategory | null;
  content: string;
  includeInHandover: boolean;
  encounterId: string | null;
  createdBy: string;
  authorName: string | null;
  createdAt: string;
  shiftDate: string;
  shift: Shift;
  updatedAt: string;
}

/** The reduced columns of the list: enough to show and pick, not the whole text. */
export interface ReportListItem {
  id: string;
  patientId: string;
  type: ReportType;
  category: ReportCategory | null;
  excerpt: string;
  createdAt: string;
  shiftDate: string;
  includeInHandover: boolean;
  encounterId: string | null;
}

export const reportNotFound = 'De gevraagde rapportage is niet gevonden.';
const onlyAuthor = 'Alleen de auteur kan deze rapportage wijzigen of verwijderen.';
const excerptLength = 160;

function excerpt(content: string): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  return flat.length > excerptLength ? `${flat.slice(0, excerptLength - 1)}…` : flat;
}

function toView(report: Report, authorName: string | null): ReportView {
  return {
    id: report.id,
    patientId: report.patientId,
    type: report.type,
    category: report.category ?? null,
    content: report.content,
    includeInHandover: report.includeInHandover,
    encounterId: report.encounterId ?? null,
    createdBy: authorOf(report),
    authorName,
    createdAt: report.createdAt.toISOString(),
    shiftDate: report.shiftDate,
    shift: report.shift as Shift,
    updatedAt: report.updatedAt.toISOString(),
  };
}

/** Who wrote a report: the person, or the koppeling that sent it in (ADR 0098). */
export const authorOf = (report: Pick<Report, 'createdBy' | 'koppelingId'>): string => report.createdBy ?? report.koppelingId ?? '';

/** The authors' names by `authorOf`: a person's display name, a koppeling's name marked as one. */
export function authorNames(
  em: EntityManager,
  reports: readonly Pick<Report, 'createdBy' | 'koppelingId'>[],
): Promise<Map<string, string>> {
  return writerNames(em, reports.map(authorOf));
}

/** Reports as shown to clinicians, each with its author's name (one query for all authors). */
export async function reportViews(em: EntityManager, reports: Report[]): Promise<ReportView[]> {
  const names = await authorNames(em, reports);
  return reports.map((report) => toView(report, names.get(authorOf(report)) ?? null));
}

async function viewWithAuthor(em: EntityManager, report: Report): Promise<ReportView> {
  return toView(report, (await authorNames(em, [report])).get(authorOf(report)) ?? null);
}

async function findReport(em: EntityManager, id: string): Promise<Report> {
  const report = isUuid(id) ? await em.findOne(Report, { id, deletedAt: null }) : null;
  if (!report) throw AppError.notFound(reportNotFound);
  return report;
}

async function assertPatient(em: EntityManager, patientId: string): Promise<void> {
  if (!(await em.findOne(Patient, { id: patientId }, { fields: ['id'] }))) {
    throw AppError.validation({ patientId: 'Deze patiënt bestaat niet (meer).' });
  }
}

async function assertEncounter(em: EntityManager, encounterId: string, patientId: string): Promise<void> {
  const appointment = await em.findOne(Appointment, { id: encounterId }, { fields: ['id', 'patientId'] });
  if (!appointment || appointment.patientId !== patientId) {
    throw AppError.validation({ encounterId: 'Kies een afspraak van deze patiënt.' });
  }
}

/** Writes a report; its shift date follows from the moment it is written. */
export async function createReport(em: EntityManager, actor: AuditActor, input: unknown, now = new Date()): Promise<ReportView> {
  const valid = parseOrThrow(reportInputSchema, input);
  await assertPatient(em, valid.patientId);
  if (valid.encounterId) await assertEncounter(em, valid.encounterId, valid.patientId);
  const { shift, shiftDate } = shiftOf(now);
  const report = em.create(Report, {
    organisationId: actor.organisationId,
    patientId: valid.patientId,
    type: valid.type,
    category: valid.category ?? null,
    content: valid.content,
    includeInHandover: valid.includeInHandover,
    encounterId: valid.encounterId ?? null,
    createdBy: personOf(actor),
    koppelingId: koppelingOf(actor),
    createdAt: now,
    shiftDate,
    shift,
  });
  await em.flush();
  return viewWithAuthor(em, report);
}

export async function getReport(em: EntityManager, id: string): Promise<ReportView> {
  return viewWithAuthor(em, await findReport(em, id));
}

/** The patient of a report of the organisation (a deleted one too), for the access log; an unknown id names nobody. */
export async function reportPatients(em: EntityManager, id: string): Promise<string[]> {
  const report = isUuid(id) ? await em.findOne(Report, { id }, { fields: ['patientId'] }) : null;
  return report ? [report.patientId] : [];
}

/** Changes the author's own report; `changed` names the fields the patch gave. */
export async function updateReport(
  em: EntityManager,
  actor: AuditActor,
  id: string,
  patch: unknown,
): Promise<{ report: ReportView; changed: string[] }> {
  const report = await findReport(em, id);
  if (authorOf(report) !== actor.userId) throw AppError.forbidden(onlyAuthor);
  const changes = parseOrThrow(reportPatchSchema, patch);
  const merged = {
    type: changes.type ?? report.type,
    category: changes.category === undefined ? report.category : changes.category,
    content: changes.content ?? report.content,
  };
  parseOrThrow(reportRulesSchema, merged);
  const before: KeptFields = {
    versionAt: report.updatedAt,
    type: report.type,
    category: report.category ?? null,
    content: report.content,
    includeInHandover: report.includeInHandover,
    encounterId: report.encounterId ?? null,
  };
  // A report links only to an appointment of its own patient, on a change as when it was written.
  if (changes.encounterId) await assertEncounter(em, changes.encounterId, report.patientId);
  em.assign(report, {
    ...merged,
    ...(changes.includeInHandover !== undefined ? { includeInHandover: changes.includeInHandover } : {}),
    ...(changes.encounterId !== undefined ? { encounterId: changes.encounterId } : {}),
  });
  await em.flush();
  const after = { ...before, ...merged, includeInHandover: report.includeInHandover, encounterId: report.encounterId ?? null };
  if ((Object.keys(after) as (keyof KeptFields)[]).some((key) => key !== 'versionAt' && after[key] !== before[key]))
    await keepVersion(em, actor, report, before);
  return { report: await viewWithAuthor(em, report), changed: Object.keys(changes) };
}

/** A report's fields as a correction replaces them, with the moment of that version (its FHIR `versionId`). */
interface KeptFields {
  versionAt: Date;
  type: ReportType;
  category: ReportCategory | null;
  content: string;
  includeInHandover: boolean;
  encounterId: string | null;
}

/**
 * A correction never erases (WGBO; ADR 0101): the version it replaces is kept in `report_versions`,
 * in the correction's own transaction, with when and by whom it was replaced.
 */
async function keepVersion(em: EntityManager, actor: AuditActor, report: Report, before: KeptFields): Promise<void> {
  await em.execute(
    `insert into report_versions (organisation_id, report_id, version_at, type, category, content, include_in_handover, encounter_id, replaced_at, replaced_by)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      report.organisationId,
      report.id,
      before.versionAt.toISOString(),
      before.type,
      before.category,
      before.content,
      before.includeInHandover,
      before.encounterId,
      report.updatedAt.toISOString(),
      actor.userId,
    ],
  );
}

/** An earlier version of a report, as the correction that replaced it left it. */
export interface EarlierVersion {
  reportId: string;
  versionAt: string;
  type: ReportType;
  category: ReportCategory | null;
  content: string;
  includeInHandover: boolean;
  encounterId: string | null;
  replacedAt: string;
  replacedBy: string;
  replacedByName: string | null;
}

/** The kept earlier versions of these reports, per report, newest first (one query, and one for the names). */
export async function earlierVersions(em: EntityManager, reportIds: readonly string[]): Promise<Map<string, EarlierVersion[]>> {
  const byReport = new Map<string, EarlierVersion[]>();
  if (!reportIds.length) return byReport;
  const rows = await em.execute<
    {
      report_id: string;
      version_at: Date | string;
      type: ReportType;
      category: ReportCategory | null;
      content: string;
      include_in_handover: boolean;
      encounter_id: string | null;
      replaced_at: Date | string;
      replaced_by: string;
    }[]
  >(
    `select report_id, version_at, type, category, content, include_in_handover, encounter_id, replaced_at, replaced_by
       from report_versions where report_id = any(?::uuid[]) order by report_id, version_at desc`,
    [`{${reportIds.join(',')}}`],
  );
  const names = await writerNames(
    em,
    rows.map((row) => row.replaced_by),
  );
  for (const row of rows) {
    const versions = byReport.get(row.report_id) ?? [];
    versions.push({
      reportId: row.report_id,
      versionAt: new Date(row.version_at).toISOString(),
      type: row.type,
      category: row.category,
      content: row.content,
      includeInHandover: row.include_in_handover,
      encounterId: row.encounter_id,
      replacedAt: new Date(row.replaced_at).toISOString(),
      replacedBy: row.replaced_by,
      replacedByName: names.get(row.replaced_by) ?? null,
    });
    byReport.set(row.report_id, versions);
  }
  return byReport;
}

/** Deleting hides a report but keeps it, with who deleted it and when: the record stays auditable. */
export async function deleteReport(em: EntityManager, actor: AuditActor, id: string): Promise<{ id: string; deleted: true }> {
  const report = await findReport(em, id);
  if (authorOf(report) !== actor.userId) throw AppError.forbidden(onlyAuthor);
  report.deletedAt = new Date();
  report.deletedBy = actor.userId;
  return { id: report.id, deleted: true };
}

export interface ReportPage {
  items: ReportListItem[];
  total: number;
  limit: number;
  offset: number;
}

/** A page of reports and, for the access log, the type it was filtered on and the patients it shows. */
export async function listReports(
  em: EntityManager,
  query: unknown,
): Promise<{ page: ReportPage; type: ReportType | undefined; patientIds: string[] }> {
  const { limit, offset, patientId, type } = parseOrThrow(reportListQuerySchema, query);
  if (patientId) await assertPatientExists(em, patientId);
  const where = { deletedAt: null, ...(patientId ? { patientId } : {}), ...(type ? { type } : {}) };
  const [reports, total] = await em.findAndCount(Report, where, {
    orderBy: { createdAt: 'desc', id: 'asc' },
    limit,
    offset,
    fields: ['id', 'patientId', 'type', 'category', 'content', 'createdAt', 'shiftDate', 'includeInHandover', 'encounterId'],
  });
  const page = {
    items: reports.map((report) => ({
      id: report.id,
      patientId: report.patientId,
      type: report.type,
      category: report.category ?? null,
      excerpt: excerpt(report.content),
      createdAt: report.createdAt.toISOString(),
      shiftDate: report.shiftDate,
      includeInHandover: report.includeInHandover,
      encounterId: report.encounterId ?? null,
    })),
    total,
    limit,
    offset,
  };
  return { page, type, patientIds: [...new Set(reports.map((report) => report.patientId))] };
}

export interface TimelineDay {
  shiftDate: string;
  /** Each report with the earlier versions its corrections kept, newest first (none if never corrected). */
  reports: (ReportView & { earlier: EarlierVersion[] })[];
}

/** A patient's reports, newest first, grouped by the date their shift began. */
export async function patientTimeline(em: EntityManager, patientId: string, limit = 100): Promise<TimelineDay[]> {
  const reports = await em.find(Report, { patientId, deletedAt: null }, { orderBy: { createdAt: 'desc', id: 'asc' }, limit });
  const names = await authorNames(em, reports);
  const kept = await earlierVersions(
    em,
    reports.map((report) => report.id),
  );
  const days = new Map<string, TimelineDay['reports']>();
  for (const report of reports) {
    const day = days.get(report.shiftDate) ?? [];
    day.push({ ...toView(report, names.get(authorOf(report)) ?? null), earlier: kept.get(report.id) ?? [] });
    days.set(report.shiftDate, day);
  }
  return [...days].map(([shiftDate, dayReports]) => ({ shiftDate, reports: dayReports }));
}
