import { defineUseCase, thePatient } from '../audit/use-case';
import { namedPatients } from '../agenda/agenda.service';
import { createReport, deleteReport, getReport, listReports, patientTimeline, reportPatients, updateReport } from './report.service';

/*
 * The reports' use cases (ADR 0068): the API, the record's Rapportages tab and the assistant's
 * dagnotitie run these. A report's access names the report's own patient, looked up from the
 * report (a write's refused attempt: the patient the input names, if the organisation has them).
 */

const patientOf = (input: unknown): unknown =>
  typeof input === 'object' && input !== null ? (input as Record<string, unknown>).patientId : undefined;

/** Writes a report (a dagnotitie, a nursing report, …) for a patient; its shift follows from the moment. */
export const writeReport = defineUseCase({
  name: 'report.create',
  action: 'create',
  resourceType: 'Report',
  patients: (em, input: unknown) => namedPatients(em, patientOf(input)),
  run: (em, actor, input) => createReport(em, actor, input),
  logged: (report) => ({ resourceId: report.id, patientIds: [report.patientId] }),
});

export const readReport = defineUseCase({
  name: 'report.read',
  action: 'read',
  resourceType: 'Report',
  patients: (em, { id }: { id: string }) => reportPatients(em, id),
  resourceOf: ({ id }) => id,
  run: (em, _actor, { id }) => getReport(em, id),
  logged: (report) => ({ patientIds: [report.patientId] }),
});

/** Only the author changes a report; the log says which fields. */
export const changeReport = defineUseCase({
  name: 'report.update',
  action: 'update',
  resourceType: 'Report',
  patients: (em, { id }: { id: string; patch: unknown }) => reportPatients(em, id),
  resourceOf: ({ id }) => id,
  run: (em, actor, { id, patch }) => updateReport(em, actor, id, patch),
  logged: ({ report, changed }) => ({ patientIds: [report.patientId], details: { changed } }),
});

/** Only the author deletes a report; it is hidden, not removed. */
export const removeReport = defineUseCase({
  name: 'report.delete',
  action: 'delete',
  resourceType: 'Report',
  patients: (em, { id }: { id: string }) => reportPatients(em, id),
  resourceOf: ({ id }) => id,
  run: (em, actor, { id }) => deleteReport(em, actor, id),
});

/** A page of reports, newest first, optionally one patient's or one type's. */
export const searchReports = defineUseCase({
  name: 'report.search',
  action: 'search',
  resourceType: 'Report',
  patients: (em, query: unknown) => namedPatients(em, patientOf(query)),
  run: (em, _actor, query) => listReports(em, query),
  logged: ({ page: { limit, offset, total }, type, patientIds }) => ({
    patientIds,
    details: { limit, offset, total, ...(type ? { type } : {}) },
  }),
});

/** The record's Rapportages tab: the patient's reports by shift date, newest first. */
export const reportTimeline = defineUseCase({
  name: 'report.timeline',
  action: 'read',
  resourceType: 'Report',
  patients: (_em, input: { patientId: string; limit?: number }) => thePatient(input),
  run: (em, _actor, { patientId, limit }) => patientTimeline(em, patientId, limit),
  logged: (days) => {
    const earlier = days.reduce((count, day) => count + day.reports.reduce((sum, report) => sum + report.earlier.length, 0), 0);
    // The earlier versions of corrected reports are shown with them: their read is in the same row.
    return {
      details: { timeline: days.reduce((count, day) => count + day.reports.length, 0), ...(earlier ? { earlierVersions: earlier } : {}) },
    };
  },
});
