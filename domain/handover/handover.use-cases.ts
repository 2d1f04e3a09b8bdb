import { defineUseCase, thePatient, type AccessOf } from '../audit/use-case';
import { AppError } from '../shared/errors';
import { parseOrThrow } from '../shared/validation';
import { actionStates, summaryPatients, tickAction, type ActionStates } from './action-ticks';
import {
  collectHandoverSources,
  storeHandover,
  type CollectedSources,
  type HandoverJob,
  type PreparedSummary,
  type StoredHandover,
} from './generate';
import { overviewQuerySchema, type HandoverPeriod, type HandoverRole, type HandoverSummary } from './handover.schemas';
import {
  handoverDetail,
  handoverOverview,
  latestHandoverSummary,
  type HandoverDetail,
  type HandoverOverview,
  type OverviewQuery,
} from './handover.service';
import { wardHandover, wardListQuery, type WardHandover } from './ward.service';

/*
 * The handover's use cases (ADR 0068). The handover pages are the ward's shift change: each reads
 * what it shows in one transaction and logs one row per kind of record it showed, as it did when
 * the services wrote them.
 */

/** NEN 7513: the ward list names the patients whose data was shown, not the ones the limit left out. */
const overviewRow = (overview: HandoverOverview, { period, alerts, limit }: OverviewQuery): AccessOf => ({
  action: 'search',
  resourceType: 'Handover',
  resourceId: null,
  patientIds: overview.patients.map((patient) => patient.patientId),
  details: { period, alerts, total: overview.total, ...(limit ? { limit } : {}) },
});

const detailRow = (detail: HandoverDetail): AccessOf => ({
  action: 'read',
  resourceType: 'Handover',
  resourceId: detail.patient.id,
  patientIds: [detail.patient.id],
  details: { period: detail.period.key },
});

/** Today's stored summary of one patient, shown again. */
const summaryRow = (patientId: string, period: HandoverPeriod, role: HandoverRole): AccessOf => ({
  action: 'read',
  resourceType: 'HandoverSummary',
  resourceId: null,
  patientIds: [patientId],
  details: { period, role },
});

const overviewQueryOf = (query: unknown) => parseOrThrow(overviewQuerySchema, query);

/**
 * The ward at handover (`/api/overdracht/patients`; the ward handover workflow lists its patients
 * with it too): `query` as the API takes it, `now` the moment a workflow's clinician asked.
 */
export const handoverOverviewOf = defineUseCase({
  name: 'handover.overview',
  action: 'search',
  resourceType: 'Handover',
  patients: () => [],
  run: (em, _actor, { query, now }: { query: unknown; now?: Date }) => handoverOverview(em, overviewQueryOf(query), now),
  // The query parsed once more (no database): the row says what was asked, as the API took it.
  logged: (overview, { query }) => overviewRow(overview, overviewQueryOf(query)),
});

/** One patient's handover period (`/api/overdracht/:patientId`): alerts, vitals, reports, risks, recent access. */
export const handoverDetailOf = defineUseCase({
  name: 'handover.detail',
  action: 'read',
  resourceType: 'Handover',
  patients: (_em, input: { patientId: string; query: unknown }) => thePatient(input),
  resourceOf: ({ patientId }) => patientId,
  run: (em, _actor, { patientId, query }) => handoverDetail(em, patientId, query),
  logged: (detail) => detailRow(detail),
});

interface RecordTabInput {
  patientId: string;
  period: HandoverPeriod;
  role: HandoverRole;
  now: Date;
}

/** The record's Overdracht tab: the patient's period and today's summary for the period and role, in one transaction. */
export const recordHandoverOf = defineUseCase({
  name: 'handover.record',
  action: 'read',
  resourceType: 'Handover',
  patients: (_em, input: RecordTabInput) => thePatient(input),
  run: async (em, _actor, { patientId, period, role, now }) => ({
    detail: await handoverDetail(em, patientId, { period }, now),
    summary: await latestHandoverSummary(em, { patientId, period, filterForRole: role }, now),
  }),
  logged: ({ detail, summary }, { period, role }) => [detailRow(detail), ...(summary ? [summaryRow(detail.patient.id, period, role)] : [])],
});

interface HandoverPageInput {
  query: OverviewQuery;
  /** The patient opened beside the list, if any (a uuid: the page checks). */
  patientId: string | null;
  role: HandoverRole;
  now: Date;
}

export interface HandoverPage {
  overview: HandoverOverview;
  detail: HandoverDetail | null;
  summary: HandoverSummary | null;
  actions: ActionStates;
}

/**
 * The /overdracht page: the ward list and, beside it, the opened patient's period, today's summary
 * and the clinician's ticks on it, in one transaction. An unknown or foreign patient leaves the list.
 */
export const handoverPageOf = defineUseCase({
  name: 'handover.page',
  action: 'search',
  resourceType: 'Handover',
  patients: () => [],
  run: async (em, actor, { query, patientId, role, now }: HandoverPageInput): Promise<HandoverPage> => {
    const overview = await handoverOverview(em, query, now);
    if (!patientId) return { overview, detail: null, summary: null, actions: {} };
    try {
      const detail = await handoverDetail(em, patientId, { period: query.period }, now);
      const summary = await latestHandoverSummary(em, { patientId, period: query.period, filterForRole: role }, now);
      const actions = summary?.meta.summaryId ? await actionStates(em, [summary.meta.summaryId], actor.userId) : {};
      return { overview, detail, summary, actions };
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') return { overview, detail: null, summary: null, actions: {} };
      throw error;
    }
  },
  logged: ({ overview, detail, summary }, { query, role }) => [
    overviewRow(overview, query),
    ...(detail ? [detailRow(detail)] : []),
    ...(detail && summary ? [summaryRow(detail.patient.id, query.period, role)] : []),
  ],
});

/**
 * The ward handover (`/api/overdracht/ward`, the ward page, its print page and PDF): the ward list
 * and the summaries made today, logged as the list and, when there are any, the summaries read.
 */
export const wardHandoverOf = defineUseCase({
  name: 'handover.ward',
  action: 'search',
  resourceType: 'Handover',
  patients: () => [],
  run: (em, actor, { query, now }: { query: unknown; now?: Date }) => wardHandover(em, actor, query, now),
  logged: (ward: WardHandover) => {
    const withSummary = ward.patients.flatMap((entry) => (entry.summary ? [entry.patient.patientId] : [])).sort();
    return [
      overviewRow(
        { patients: ward.patients.map((entry) => entry.patient), period: ward.period, total: ward.total, withAlerts: ward.withAlerts },
        wardListQuery(ward.period.key),
      ),
      ...(withSummary.length > 0
        ? [
            {
              action: 'read' as const,
              resourceType: 'HandoverSummary',
              resourceId: null,
              patientIds: withSummary,
              details: { period: ward.period.key, role: ward.role, ward: true },
            },
          ]
        : []),
    ];
  },
});

/** Ticks (or unticks) an action item of a stored summary for the clinician; the row names the summary's patient. */
export const tickHandoverAction = defineUseCase({
  name: 'handover.tick',
  action: 'update',
  resourceType: 'HandoverSummary',
  patients: (em, input: { summaryId: string; item: string; body: unknown }) => summaryPatients(em, input.summaryId),
  resourceOf: ({ summaryId }) => summaryId,
  run: (em, actor, { summaryId, item, body }) => tickAction(em, actor, summaryId, item, body),
  logged: ({ tick, patientId }) => ({ patientIds: [patientId], details: { actiepunt: tick.item, done: tick.done } }),
});

type Job = Omit<HandoverJob, 'actor'>;

/** Steps 1 and 2 of a generation (an activity, channel 'workflow'): the period's sources read for the summary. */
export const collectHandover = defineUseCase({
  name: 'handover.generate.collect',
  action: 'read',
  resourceType: 'Handover',
  patients: (_em, job: Job) => thePatient(job),
  resourceOf: ({ patientId }) => patientId,
  run: (em, actor, job): Promise<CollectedSources> => collectHandoverSources(em, { ...job, actor }),
  logged: (_collected, job) => ({ details: { period: job.period } }),
});

/** Steps 4 and 5 of a generation (an activity): the summary stored; a retried step that finds it stored logs nothing again. */
export const storeHandoverSummary = defineUseCase({
  name: 'handover.generate.store',
  action: 'create',
  resourceType: 'HandoverSummary',
  patients: (_em, { job }: { job: Job; collected: CollectedSources; prepared: PreparedSummary }) => thePatient(job),
  run: (em, actor, { job, collected, prepared }): Promise<StoredHandover> => storeHandover(em, { ...job, actor }, collected, prepared),
  logged: ({ created, ticksCarried }, { job, prepared }) =>
    created
      ? {
          resourceId: null,
          details: { period: job.period, role: job.role, source: prepared.bron, ...(ticksCarried ? { ticksCarried } : {}) },
        }
      : [],
});
