import { dutchDay, formatTime } from '../shared/clinical-time';
import { listAgenda } from '../agenda/agenda.use-cases';
import type { AiPort } from '../ai/ai.port';
import { peopleOfCall } from '../ai/known-people';
import { intentOrchestratorMessages, intentOrchestratorPrompt, type OrchestratorContext } from '../ai/prompts/intent-orchestrator.prompt';
import { Pseudonymiser, type KnownPerson } from '../ai/pseudonymise';
import type { AuditActor } from '../audit/audit.service';
import { runUseCaseWithin } from '../audit/use-case';
import type { EntityManager, MikroORM } from '../db/orm';
import { tenantOf, withTenant } from '../db/tenant';
import { lookUpPatients } from '../patient/patient.use-cases';
import { Patient } from '../patient/patient.entity';
import { Report } from '../report/report.entity';
import { questionMaxLength } from '../dossiervraag/dossiervraag.schemas';
import { parseOrThrow } from '../shared/validation';
import {
  coreClassifyRequestSchema,
  intentClassifyRequestSchema,
  isPatientBound,
  type ChainAction,
  type ClassifyContext,
  type Entities,
  type Intent,
} from './intent.schemas';
import { withLocalDates } from './model-entities';
import { parseOrchestratorAnswer } from './orchestrator';
import { classifyReflex } from './reflex';

export interface ClassifyDeps {
  orm: MikroORM;
  ai: AiPort;
}

export type AiStatus = 'not_needed' | 'not_configured' | 'ok' | 'malformed' | 'timeout' | 'error' | 'refused';

/** The port's recorded outcome as the API has always reported it. */
const statusOf = (outcome: 'timeout' | 'fout' | 'geweigerd'): AiStatus =>
  (({ timeout: 'timeout', fout: 'error', geweigerd: 'refused' }) as const)[outcome];

export interface CoreClassification {
  handledBy: 'reflex' | 'orchestrator';
  chain: { actions: ChainAction[] };
  tokensUsed: number;
  processingTimeMs: number;
  /** Whether a model was asked and how that went; the UI says so when none is configured. */
  ai: { configured: boolean; status: AiStatus };
}

/** Local confidence under this goes to the orchestrator (CONTRACT §7). */
export const escalationThreshold = 0.8;
/** A chain from the local path after a failed model call claims no more than this. */
export const fallbackConfidenceCap = 0.6;

/** A written name becomes a patient when one patient clearly fits: a good score and no close second. */
const resolveScore = 0.8;
const resolveMargin = 0.08;

/**
 * Written names → patients of the organisation (through the patient search, so it is logged).
 * `mentioned` are further names in the sentence: they are looked up too, so that pseudonymisation
 * knows them even when they belong to no action.
 */
function namesToResolve(actions: ChainAction[], mentioned: string[] = []): string[] {
  return [
    ...new Set([
      ...actions
        .filter((action) => action.entities.patientName && !action.entities.patientId)
        .map((action) => action.entities.patientName!),
      ...mentioned,
    ]),
  ];
}

/** `resolvePatients` in a transaction of its own, opened only when there is a name to look up. */
async function resolvedActions(orm: MikroORM, actor: AuditActor, actions: ChainAction[]): Promise<ChainAction[]> {
  if (namesToResolve(actions).length === 0) return actions;
  return (await withTenant(orm, tenantOf(actor), (em) => resolvePatients(em, actor, actions))).actions;
}

async function resolvePatients(
  em: EntityManager,
  actor: AuditActor,
  actions: ChainAction[],
  mentioned: string[] = [],
): Promise<{ actions: ChainAction[]; known: KnownPerson[] }> {
  const names = namesToResolve(actions, mentioned);
  const resolved = new Map<string, { id: string; name: string }>();
  const known: KnownPerson[] = [];
  for (const name of names) {
    known.push({ name });
    const results = await runUseCaseWithin(em, actor, lookUpPatients, { query: { q: name, limit: 3 } });
    const [best, second] = results;
    if (best && best.score >= resolveScore && (!second || best.score - second.score >= resolveMargin)) {
      resolved.set(name, { id: best.id, name: best.name });
      known.push({ name: best.name });
    }
  }
  const withIds = actions.map((action) => {
    const match = action.entities.patientName ? resolved.get(action.entities.patientName) : undefined;
    return match ? { ...action, entities: { ...action.entities, patientId: match.id, patientName: match.name } } : action;
  });
  return { actions: withIds, known };
}

/** What the model may see of the clinician's day: five appointments and three recent reports, short. */
async function orchestratorContext(
  em: EntityManager,
  actor: AuditActor,
  context: ClassifyContext,
  now: Date,
): Promise<{ context: OrchestratorContext; known: KnownPerson[]; patientIds: string[] }> {
  const week = { start: now, end: new Date(now.getTime() + 7 * 24 * 3600_000) };
  const agenda = (await runUseCaseWithin(em, actor, listAgenda, { range: week, filter: { practitionerId: actor.userId } })).appointments
    .filter((item) => item.status !== 'geannuleerd')
    .slice(0, 5);
  const reports = await em.find(
    Report,
    context.activePatient ? { patientId: context.activePatient.id, deletedAt: null } : { createdBy: actor.userId, deletedAt: null },
    { orderBy: { createdAt: 'desc' }, limit: 3, fields: ['id', 'patientId', 'content', 'createdAt'] },
  );
  const reportNames = new Map(agenda.map((item) => [item.patientId, item.patientName]));
  if (context.activePatient) reportNames.set(context.activePatient.id, context.activePatient.name);
  return {
    context: {
      today: dutchDay(now, 'EEEE d MMMM yyyy'),
      activePatient: context.activePatient?.name,
      shift: context.shift,
      agenda: agenda.map((item) => ({
        when: `${dutchDay(new Date(item.start), 'EEE d MMM')} ${formatTime(item.start)}`,
        patient: item.patientName,
        type: item.type,
      })),
      recent: reports.map((report) => ({
        when: dutchDay(report.createdAt, 'd MMM'),
        patient: reportNames.get(report.patientId) ?? 'patiënt',
        excerpt: report.content.replace(/\s+/g, ' ').slice(0, 120),
      })),
    },
    known: [
      ...agenda.map((item) => ({ name: item.patientName })),
      ...(context.activePatient ? [{ name: context.activePatient.name }] : []),
    ],
    patientIds: [...agenda.map((item) => item.patientId), ...reports.map((report) => report.patientId)],
  };
}

function capped(actions: ChainAction[]): ChainAction[] {
  return actions.map((action) => ({ ...action, confidence: Math.min(action.confidence, fallbackConfidenceCap) }));
}

/**
 * The active patient comes from the client: it counts only when it is a patient of the
 * clinician's organisation (RLS decides), otherwise the context is used without it.
 */
export async function trustedContext(orm: MikroORM, actor: AuditActor, context: ClassifyContext = {}): Promise<ClassifyContext> {
  if (!context.activePatient) return context;
  const { id } = context.activePatient;
  const found = await withTenant(orm, tenantOf(actor), (em) => em.findOne(Patient, { id }, { fields: ['id'] }));
  if (found) return context;
  const { activePatient: _unknown, ...rest } = context;
  return rest;
}

/**
 * The hybrid classification of `/api/core/classify`: the local reflex first; the orchestrator only
 * when the reflex is unsure (< 0.8) or the sentence holds more than it could split. Database work
 * runs in short transactions of its own: none stays open while the model thinks.
 */
export async function classifyCore(deps: ClassifyDeps, actor: AuditActor, body: unknown, now = new Date()): Promise<CoreClassification> {
  const started = performance.now();
  const { input, context: claimed } = parseOrThrow(coreClassifyRequestSchema, body);
  const context = await trustedContext(deps.orm, actor, claimed);
  const tenant = tenantOf(actor);
  const local = classifyReflex(input, context, now);
  const escalate = local.complex || local.actions.some((action) => action.confidence < escalationThreshold);
  const elapsed = () => Math.round(performance.now() - started);

  if (!escalate || !deps.ai.configured) {
    const actions = await resolvedActions(deps.orm, actor, local.actions);
    if (escalate) {
      await deps.ai.recordLocal({
        capability: 'intent',
        prompt: intentOrchestratorPrompt,
        context: { organisationId: actor.organisationId, userId: actor.userId, patientId: context.activePatient?.id ?? null },
        reason: 'geen taalmodel ingesteld',
      });
    }
    return {
      handledBy: 'reflex',
      chain: { actions },
      tokensUsed: 0,
      processingTimeMs: elapsed(),
      ai: { configured: deps.ai.configured, status: escalate ? 'not_configured' : 'not_needed' },
    };
  }

  const prepared = await withTenant(deps.orm, tenant, async (em) => {
    const resolved = await resolvePatients(em, actor, local.actions, local.names);
    const background = await orchestratorContext(em, actor, context, now);
    const patientIds = [
      ...resolved.actions.flatMap((action) => (action.entities.patientId ? [action.entities.patientId] : [])),
      ...(context.activePatient ? [context.activePatient.id] : []),
      ...background.patientIds,
    ];
    const texts = [input, ...background.context.recent.map((report) => report.excerpt)];
    const { record, staff } = await peopleOfCall(em, actor.organisationId, { patientIds, texts });
    return { actions: resolved.actions, context: background.context, known: [...record, ...resolved.known, ...background.known], staff };
  });
  const answer = await deps.ai.complete({
    capability: 'intent',
    prompt: intentOrchestratorPrompt,
    messages: intentOrchestratorMessages(input, prepared.context),
    context: { organisationId: actor.organisationId, userId: actor.userId, patientId: context.activePatient?.id ?? null },
    pseudonymiser: new Pseudonymiser(
      [
        ...prepared.known,
        ...prepared.actions.flatMap((action) => (action.entities.patientName ? [{ name: action.entities.patientName }] : [])),
      ],
      [prepared.staff],
    ),
    parse: parseOrchestratorAnswer,
    json: true,
  });
  const tokensUsed = answer.tokensIn + answer.tokensOut;
  if (!('value' in answer)) {
    return {
      handledBy: 'reflex',
      chain: { actions: capped(prepared.actions) },
      tokensUsed,
      processingTimeMs: elapsed(),
      ai: { configured: true, status: statusOf(answer.outcome) },
    };
  }
  // A record question from the model is the clinician's own question, as the record's box reads it.
  const modelActions = withLocalDates(answer.value.actions, local.actions).map((action) =>
    action.intent === 'dossiervraag' && !action.entities.vraag
      ? { ...action, entities: { ...action.entities, vraag: input.slice(0, questionMaxLength) } }
      : action,
  );
  const pronounFilled = modelActions.map((action) =>
    !action.entities.patientName && context.activePatient && isPatientBound(action.intent) && /\b(hij|zij|ze|hem|haar)\b/i.test(input)
      ? { ...action, entities: { ...action.entities, patientName: context.activePatient.name, patientId: context.activePatient.id } }
      : action,
  );
  const actions = await resolvedActions(deps.orm, actor, pronounFilled);
  return {
    handledBy: 'orchestrator',
    chain: { actions },
    tokensUsed,
    processingTimeMs: elapsed(),
    ai: { configured: true, status: answer.outcome },
  };
}

/** `/api/intent/classify`: the same classification, answered as its first action. */
export async function classifyIntent(
  deps: ClassifyDeps,
  actor: AuditActor,
  body: unknown,
  now = new Date(),
): Promise<{ intent: Intent; entities: Entities; confidence: number }> {
  const { input } = parseOrThrow(intentClassifyRequestSchema, body);
  const result = await classifyCore(deps, actor, { input }, now);
  const first = result.chain.actions[0] ?? { intent: 'unknown' as const, entities: {}, confidence: 0 };
  return { intent: first.intent, entities: first.entities, confidence: first.confidence };
}
