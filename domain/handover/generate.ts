import { refusedNotice, type AiPort } from '../ai/ai.port';
import { knownPeople } from '../ai/known-people';
import { unusableModelAnswer } from '../ai/json-answer';
import { handoverMessages, handoverSummaryPrompt } from '../ai/prompts/handover-summary.prompt';
import { Pseudonymiser, type KnownPerson } from '../ai/pseudonymise';
import type { AuditActor } from '../audit/audit.service';
import { authorNames, authorOf } from '../report/report.service';
import type { EntityManager } from '../db/orm';
import { RiskAssessment } from '../risks/risk.entity';
import { measureSourceData } from '../coercive-care/coercive-care';
import { CoerciveMeasure } from '../coercive-care/coercive-care.entities';
import { medicationSourceData } from '../medication/medication.handover';
import { Report } from '../report/report.entity';
import { VitalObservation } from '../measurements/vitals.entity';
import type { Actiepunt, Aandachtspunt, Bron, HandoverPeriod, HandoverRole, HandoverSummary, SourceData } from './handover.schemas';
import type { HandoverAlerts } from './handover.alerts';
import { sourceTypes, withSummaryId, type StoredSummaryRow } from './handover.schemas';
import { carryTicks } from './action-ticks';
import { gatherHandoverSources } from './sources';
import { candidatesFor, enforceRules, localSummary, parseModelDraft, type Candidate, type Draft } from './summary';

/**
 * The three steps of a handover generation, each one activity of the `handoverGeneration`
 * workflow: collect and filter, summarise, verify sources and store.
 */

export interface HandoverJob {
  actor: AuditActor;
  patientId: string;
  period: HandoverPeriod;
  role: HandoverRole;
  workflowId: string;
  /** The moment the clinician asked: a retried step sees the same period. */
  requestedAt: string;
}

export interface CollectedSources {
  patientName: string;
  /** Everyone the record knows who could be named in the sources: hidden from the model. */
  people: KnownPerson[];
  kept: Candidate[];
  /** Reports the role filter judged routine: only the local summary quotes them (absent in older jobs). */
  routine?: Candidate[];
  considered: number;
  /** The period's alert counts (numbers only), as the ward list shows them. */
  alerts: HandoverAlerts;
}

export interface PreparedSummary {
  draft: Draft;
  bron: 'taalmodel' | 'lokaal';
  model: string | null;
  melding?: string;
  droppedUncited: number;
}

export type SummariseResult = { ok: true; prepared: PreparedSummary } | { ok: false; error: string };

/**
 * One stored summary per run: a request that joins a running generation shares its job (and key);
 * asking again after it finished starts a new run with a new moment, so a new summary.
 */
function storageKey(job: HandoverJob): string {
  return `${job.workflowId}@${job.requestedAt}`;
}

const modelUnavailable = 'Het taalmodel reageerde niet; deze samenvatting is zonder taalmodel uit de bronnen samengesteld.';

/** Steps 1 and 2: the period's handover reports, vitals and risks, judged for the role. */
export async function collectHandoverSources(em: EntityManager, job: HandoverJob): Promise<CollectedSources> {
  const sources = await gatherHandoverSources(em, job.patientId, job.period, new Date(job.requestedAt));
  const { kept, routine, considered } = candidatesFor(job.role, sources);
  const people = await knownPeople(em, { patientIds: [job.patientId], texts: kept.map((candidate) => candidate.line) });
  return { patientName: sources.patient.name, people, kept, routine, considered, alerts: sources.alerts };
}

/** Step 3: the model summarises what is left (pseudonymised); without a model, the local extract. */
export async function summariseHandover(ai: AiPort, job: HandoverJob, collected: CollectedSources): Promise<SummariseResult> {
  const local = (melding?: string): SummariseResult => ({
    ok: true,
    prepared: {
      draft: localSummary(collected, job.role, job.period),
      bron: 'lokaal',
      model: null,
      droppedUncited: 0,
      ...(melding ? { melding } : {}),
    },
  });
  const context = {
    organisationId: job.actor.organisationId,
    userId: job.actor.userId,
    patientId: job.patientId,
    workflowId: job.workflowId,
  };
  if (!ai.configured || collected.kept.length === 0) {
    await ai.recordLocal({
      capability: 'handover',
      prompt: handoverSummaryPrompt,
      context,
      reason: ai.configured ? 'geen relevante bronnen in de periode' : 'geen taalmodel ingesteld',
    });
    return local();
  }
  const answer = await ai.complete({
    capability: 'handover',
    prompt: handoverSummaryPrompt,
    messages: handoverMessages(
      job.role,
      job.period,
      collected.patientName,
      collected.kept.map((candidate) => `[${candidate.ref}] ${candidate.line}`),
    ),
    context,
    pseudonymiser: new Pseudonymiser(collected.people),
    parse: (text) => {
      const draft = parseModelDraft(text);
      return { value: draft, malformed: draft === null };
    },
    json: true,
  });
  if (!('value' in answer)) return local(answer.outcome === 'geweigerd' ? refusedNotice : modelUnavailable);
  if (!answer.value) return { ok: false, error: unusableModelAnswer };
  const { draft, droppedUncited } = enforceRules(answer.value, collected.kept, job.role, collected.alerts, collected.considered);
  return { ok: true, prepared: { draft, bron: 'taalmodel', model: answer.model, droppedUncited } };
}

async function sourceData(em: EntityManager, patientId: string, bronnen: Bron[]): Promise<Map<string, SourceData>> {
  const ids = (type: Bron['type']) => bronnen.filter((bron) => bron.type === type).map((bron) => bron.id);
  const [reports, observations, risks, measures, medication] = await Promise.all([
    ids('report').length ? em.find(Report, { id: { $in: ids('report') }, patientId, deletedAt: null }) : [],
    ids('observation').length ? em.find(VitalObservation, { id: { $in: ids('observation') }, patientId }) : [],
    ids('risk').length ? em.find(RiskAssessment, { id: { $in: ids('risk') }, patientId }) : [],
    ids('measure').length ? em.find(CoerciveMeasure, { id: { $in: ids('measure') }, patientId }) : [],
    medicationSourceData(em, patientId, ids('medication')),
  ]);
  const author = await authorNames(em, reports);
  const data = new Map<string, SourceData>();
  for (const report of reports) data.set(report.id, { content: report.content, createdBy: author.get(authorOf(report)) ?? 'onbekend' });
  for (const row of observations) data.set(row.id, { value: Number(row.value), unit: row.unit, interpretation: row.interpretation });
  for (const risk of risks) data.set(risk.id, { riskLevel: risk.riskLevel, rationale: risk.rationale });
  for (const measure of measures) data.set(measure.id, measureSourceData(measure));
  for (const [id, registration] of medication) data.set(id, registration);
  return data;
}

export interface StoredHandover {
  summary: HandoverSummary;
  /** False when a retried step found the summary stored by its first try: nothing was written now. */
  created: boolean;
  /** The ticks carried from the summary it replaces. */
  ticksCarried: number;
}

/**
 * Steps 4 and 5: every cited source is looked up again, in the clinician's organisation and for
 * this patient; an item whose source no longer exists is dropped. Stored once per workflow id.
 */
export async function storeHandover(
  em: EntityManager,
  job: HandoverJob,
  collected: CollectedSources,
  prepared: PreparedSummary,
): Promise<StoredHandover> {
  const stored = await storedSummary(em, job);
  if (stored) return { summary: stored, created: false, ticksCarried: 0 };

  const byRef = new Map(collected.kept.map((candidate) => [candidate.ref, candidate.bron]));
  const cited = [...prepared.draft.aandachtspunten, ...prepared.draft.actiepunten].flatMap((item) =>
    item.ref && byRef.get(item.ref) ? [byRef.get(item.ref)!] : [],
  );
  const data = await sourceData(em, job.patientId, cited);
  const withSource = (ref: string | null) => {
    const bron = ref ? byRef.get(ref) : undefined;
    return bron && data.has(bron.id) ? { bron, sourceData: data.get(bron.id)! } : null;
  };
  const aandachtspunten: Aandachtspunt[] = prepared.draft.aandachtspunten.flatMap((item) => {
    const source = withSource(item.ref);
    return source ? [{ tekst: item.tekst, ...source }] : [];
  });
  const actiepunten: Actiepunt[] = prepared.draft.actiepunten.flatMap((item) => {
    const source = withSource(item.ref);
    if (item.ref && !source) return [];
    return [{ tekst: item.tekst, eigenaar: item.eigenaar ?? 'team', ...(item.alsDan ? { alsDan: item.alsDan } : {}), ...(source ?? {}) }];
  });
  const droppedMissing =
    prepared.draft.aandachtspunten.length - aandachtspunten.length + (prepared.draft.actiepunten.length - actiepunten.length);

  // Within their kind, the points read in time order; the kinds in one fixed order.
  aandachtspunten.sort(
    (a, b) => sourceTypes.indexOf(a.bron.type) - sourceTypes.indexOf(b.bron.type) || a.bron.date.localeCompare(b.bron.date),
  );
  const summary: HandoverSummary = {
    aandachtspunten,
    actiepunten,
    meta: {
      patientId: job.patientId,
      patientName: collected.patientName,
      period: job.period,
      role: job.role,
      ernst: prepared.draft.ernst,
      situatie: prepared.draft.situatie,
      bron: prepared.bron,
      model: prepared.model,
      workflowId: job.workflowId,
      generatedAt: new Date().toISOString(),
      sourcesConsidered: collected.considered,
      sourcesKept: collected.kept.length,
      droppedUncited: prepared.droppedUncited + droppedMissing,
      alerts: collected.alerts,
      ...(prepared.melding ? { melding: prepared.melding } : {}),
    },
  };
  const [inserted] = await em.execute<{ id: string; generated_at: Date }[]>(
    `insert into handover_summaries (organisation_id, patient_id, workflow_id, period, role, source, model, summary, generated_by)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (organisation_id, workflow_id) do nothing returning id, generated_at`,
    [
      job.actor.organisationId,
      job.patientId,
      storageKey(job),
      job.period,
      job.role,
      prepared.bron,
      prepared.model,
      JSON.stringify(summary),
      job.actor.userId,
    ],
  );
  // In the same transaction as the summary: a retried step that finds it stored carries nothing twice.
  const ticksCarried = inserted
    ? await carryTicks(em, {
        id: inserted.id,
        patientId: job.patientId,
        period: job.period,
        role: job.role,
        generatedAt: new Date(inserted.generated_at),
        actiepunten,
      })
    : 0;
  return { summary: (await storedSummary(em, job)) ?? summary, created: true, ticksCarried };
}

async function storedSummary(em: EntityManager, job: HandoverJob): Promise<HandoverSummary | null> {
  const [row] = await em.execute<StoredSummaryRow[]>(
    'select id, summary from handover_summaries where organisation_id = ? and workflow_id = ?',
    [job.actor.organisationId, storageKey(job)],
  );
  return row ? withSummaryId(row) : null;
}
