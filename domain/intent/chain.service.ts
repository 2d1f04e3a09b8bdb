import { ownsAppointment } from '../shared/ownership';
import { scheduleWarnings } from '../agenda/agenda.hours';
import { clinicalToday, clockTime, dutchDay, formatNumericDate, formatTime, isoDay, minutesIntoDay } from '../shared/clinical-time';
import { dateLabels, timeIn } from '../agenda/agenda.dates';
import { appointmentTypeLabels, appointmentTypes, type AppointmentType } from '../agenda/agenda.schemas';
import { requestedRange, type AppointmentView } from '../agenda/agenda.service';
import { cancelAppointmentOf, listAgenda, moveAppointment, planAppointment } from '../agenda/agenda.use-cases';
import type { AuditActor } from '../audit/audit.service';
import { defineUseCase, runUseCaseWithin, type UseCase } from '../audit/use-case';
import type { EntityManager } from '../db/orm';
import { askTheRecord } from '../dossiervraag/dossiervraag.use-cases';
import { dischargeObstacle, type DischargeView } from '../discharge/discharge.service';
import { dischargeEpisode } from '../discharge/discharge.use-cases';
import { dischargeMessages, dischargeReasonText, type DischargeReasonCode } from '../discharge/discharge.vocabulary';
import { currentRisksOf, diagnosesOfQuery, intakeStatusOf } from '../intake/intake.use-cases';
import { findPatient } from '../patient/patient.service';
import { lookUpPatients, readPatient } from '../patient/patient.use-cases';
import { classifyReportLocally } from '../report/report.classify';
import { reportCategoryLabels, type ReportCategory } from '../report/report.schemas';
import { searchReports, writeReport } from '../report/report.use-cases';
import { onceOnly } from '../shared/effects';
import { AppError, fieldsOf } from '../shared/errors';
import { isUuid } from '../shared/ids';
import { capitaliseFirst, countOf } from '../shared/text';
import { parseOrThrow } from '../shared/validation';
import { chainMessages, failedStep, pendingStep, type ChainStep, type StepPlan } from './chain';
import { choosePatientMessage, parseChainRequest, writeEntitiesSchemas } from './chain.schemas';
import { isWriting, type ChainAction, type Entities, type Intent, type WritingIntent } from './intent.schemas';

type ReadIntent = Exclude<Intent, WritingIntent | 'unknown'>;

interface Outcome {
  summary: string;
  result: unknown;
}

const searchDays = 14;
const changeableStatuses: readonly string[] = ['gepland', 'verplaatst'];

// ---- Dutch wording ---------------------------------------------------------------------------

/** "maandag 23 november 10:00" */
function when(instant: string): string {
  return `${dutchDay(new Date(instant))} ${formatTime(instant)}`;
}

function typeLabel(type: string): string {
  return (appointmentTypeLabels[type as AppointmentType] ?? type).toLowerCase();
}

/** A bare hour the reader guessed is said with the plan, so a wrong guess is seen before it is confirmed (ADR 64). */
function guessed(entities: Entities): string {
  return entities.assumedTime ? ' (tijd geschat)' : '';
}

/** The guess spelled out above the plan's other warnings, beside "Tijdstip aanpassen". */
function withGuess(entities: Entities, warnings: string[]): string[] {
  return entities.assumedTime
    ? [`Tijd geschat: ${entities.assumedTime} — klopt dat? Zo niet, pas het tijdstip aan.`, ...warnings]
    : warnings;
}

/** "behandelgesprek maandag 23 november 10:00 met Jan de Vries" */
function appointmentLabel(appointment: { type: string; start: string; patientName: string }): string {
  return `${typeLabel(appointment.type)} ${when(appointment.start)} met ${appointment.patientName}`;
}

/** "Jan de Vries met ontslag per 29-11-2026 (Behandeling afgerond: gaat naar huis)" */
function dischargeLabel(plan: StepPlan): string {
  const reason = dischargeReasonText(plan.dischargeReasonCode ?? defaultDischargeReason, plan.reason);
  return `${plan.patientName ?? 'De patiënt'} met ontslag per ${formatNumericDate(plan.dischargedOn ?? clinicalToday())}${reason ? ` (${reason})` : ''}`;
}

/**
 * The reason a discharge said without one is proposed with: shown in the block, changeable there,
 * written only when the clinician confirms what the block shows.
 */
const defaultDischargeReason: DischargeReasonCode = 'behandeling-afgerond';

function noteLabel(category: ReportCategory, includeInHandover: boolean): string {
  return `${reportCategoryLabels[category]}${includeInHandover ? ', ook in de overdracht' : ''}`;
}

/** "van Jan" as the clinician said it; reads do not resolve the name again. */
function ofPatient(entities: Entities, fallback: string): string {
  return entities.patientName ? `van ${entities.patientName}` : fallback;
}

// ---- What a step refers to -------------------------------------------------------------------

/** A name the classifier could not pin to one patient must not widen a read to the whole ward. */
function patientScope(entities: Entities): { patientId?: string } {
  if (entities.patientId) return { patientId: entities.patientId };
  if (entities.patientName) throw AppError.validation({ patientId: choosePatientMessage(entities.patientName) });
  return {};
}

function labelOf(entities: Entities): string | undefined {
  if (entities.dateLabel) return entities.dateLabel.toLowerCase();
  // "morgen 10:00" as the name of an appointment also says which day.
  const words = ` ${(entities.identifier ?? '').toLowerCase().replace(/[^\p{L}]+/gu, ' ')} `;
  return dateLabels.find((label) => words.includes(` ${label} `));
}

// The time parser lives with the other clinical-time helpers; the no-show command reads times too.
export { timeIn };

function rangeOf(entities: Entities, now: Date) {
  if (entities.dateRange) return requestedRange({ start: new Date(entities.dateRange.start), end: new Date(entities.dateRange.end) }, now);
  const label = labelOf(entities);
  if (label) return requestedRange({ label }, now);
  return requestedRange({ start: now, end: new Date(now.getTime() + searchDays * 24 * 3600_000) }, now);
}

interface Targets {
  patientName: string | null;
  /** "morgen om 10:00", "in de komende 14 dagen": for the message when nothing matches. */
  period: string;
  matches: AppointmentView[];
  /** Dutch: why the appointment meant cannot be changed by this clinician (the patient's next one is someone else's). */
  refusal?: string;
}

/**
 * The clinician's own, still open appointments the words point at. The source is what the
 * identifier names ("van dinsdag 10:00"); a reschedule's day label is its target, never its source.
 * Without a source the patient's next open appointment is meant (the earliest that has not begun,
 * ADR 0079): when that one is a colleague's, the step says so instead of taking a later one of
 * the clinician's own.
 */
async function targetAppointments(
  em: EntityManager,
  actor: AuditActor,
  intent: WritingIntent,
  entities: Entities,
  now: Date,
): Promise<Targets> {
  const patient = entities.patientId ? await runUseCaseWithin(em, actor, readPatient, { patientId: entities.patientId }) : null;
  const source = intent === 'reschedule_appointment' ? { identifier: entities.identifier } : entities;
  const range = rangeOf(source, now);
  // Without a patient, only the clinician's own agenda is searched (and logged as seen).
  const { appointments } = await runUseCaseWithin(em, actor, listAgenda, {
    range,
    filter: patient ? { patientId: patient.id } : { practitionerId: actor.userId },
  });
  const minutes = timeIn(entities.identifier);
  const id = isUuid(entities.identifier) ? entities.identifier : null;
  const open = appointments.filter(
    (appointment) =>
      changeableStatuses.includes(appointment.status) &&
      (!id || appointment.id === id) &&
      (minutes === null || minutesIntoDay(new Date(appointment.start)) === minutes),
  );
  const sourceNamed = minutes !== null || id !== null || Boolean(labelOf(source)) || Boolean(source.dateRange);
  const day = source.dateRange ? 'in de gevraagde periode' : (range.label ?? `in de komende ${searchDays} dagen`);
  const period = minutes === null ? day : range.label ? `${day} om ${clockTime(minutes)}` : `om ${clockTime(minutes)} ${day}`;
  const patientName = patient?.displayName ?? entities.patientName ?? null;
  if (patient && !sourceNamed) {
    const next = open.find((appointment) => new Date(appointment.start) >= now);
    if (next && !ownsAppointment(actor, next)) return { patientName, period, matches: [], refusal: notOwnNext(next) };
    return { patientName, period, matches: next ? [next] : [] };
  }
  return { patientName, period, matches: open.filter((appointment) => ownsAppointment(actor, appointment)) };
}

function notOwnNext(next: AppointmentView): string {
  return (
    `De eerstvolgende afspraak is ${appointmentLabel(next)}; alleen wie de afspraak maakte of de behandelaar kan haar wijzigen. ` +
    'Noem de afspraak die je bedoelt, bijvoorbeeld “van dinsdag 10:00”.'
  );
}

/** Dutch warnings about a move's target for this kind of appointment, with a guessed time first. */
function moveWarnings(step: ChainStep, type: string, moveTo: string | undefined): string[] {
  return moveTo ? withGuess(step.entities, scheduleWarnings(type, moveTo)) : [];
}

/**
 * One match is the plan; several ask the clinician to choose (the block's picker); none fails the
 * step. A move's warnings (outside the agenda hours, a weekend for a weekday kind) are in the block
 * before confirmation, for the one match or for each candidate.
 */
function planFor(step: ChainStep, targets: Targets, describe: (appointment: AppointmentView) => string, extra: StepPlan = {}): ChainStep {
  const forPatient = targets.patientName ? ` voor ${targets.patientName}` : '';
  const [first, ...others] = targets.matches;
  if (targets.refusal) return failedStep(step, targets.refusal);
  if (!first) return failedStep(step, `Geen afspraak gevonden${forPatient} ${targets.period}.`);
  if (others.length === 0) {
    const plan = {
      patientId: first.patientId,
      patientName: first.patientName,
      appointmentId: first.id,
      start: first.start,
      type: first.type,
      ...extra,
    };
    // A move to a Sunday afternoon or to 23:00 is said in the block before it is confirmed.
    const warnings = moveWarnings(step, first.type, plan.moveTo);
    return {
      ...step,
      status: 'klaar_voor_bevestiging',
      summary: describe(first),
      plan: warnings.length > 0 ? { ...plan, warnings } : plan,
    };
  }
  const candidates = targets.matches.map((appointment) => {
    const warnings = moveWarnings(step, appointment.type, extra.moveTo);
    return {
      appointmentId: appointment.id,
      label: capitaliseFirst(appointmentLabel(appointment)),
      summary: describe(appointment),
      ...(warnings.length > 0 ? { warnings } : {}),
    };
  });
  // Until one is chosen the block shows what would stand out for any of them.
  const warnings = [...new Set(candidates.flatMap((candidate) => candidate.warnings ?? []))];
  return {
    ...step,
    status: 'keuze_nodig',
    summary: `${countOf(targets.matches.length, 'afspraak', 'afspraken')} gevonden${forPatient} ${targets.period}; kies welke bedoeld is`,
    plan: { patientId: first.patientId, ...extra, ...(warnings.length > 0 ? { warnings } : {}) },
    candidates,
  };
}

function appointmentTypeIn(text: string): AppointmentType {
  const words = text.toLowerCase();
  return appointmentTypes.find((type) => type !== 'overig' && words.includes(type)) ?? 'behandelgesprek';
}

// ---- Preparation -----------------------------------------------------------------------------

type Reader = (em: EntityManager, actor: AuditActor, entities: Entities, now: Date) => Promise<Outcome>;

const readers: Record<ReadIntent, Reader> = {
  async zoeken(em, actor, entities) {
    const results = await runUseCaseWithin(em, actor, lookUpPatients, { query: { q: entities.patientName, limit: 10 } });
    return {
      summary: `${capitaliseFirst(countOf(results.length, 'patiënt', 'patiënten', { none: 'geen' }))} gevonden voor “${entities.patientName}”`,
      result: { results },
    };
  },
  agenda: agendaOf,
  agenda_query: agendaOf,
  async intake_status(em, actor, entities) {
    const { status } = await runUseCaseWithin(em, actor, intakeStatusOf, patientScope(entities));
    return { summary: `Intake ${ofPatient(entities, 'van de afdeling')}: ${status.completionPercentage}% compleet`, result: status };
  },
  async risico_query(em, actor, entities) {
    const risks = await runUseCaseWithin(em, actor, currentRisksOf, patientScope(entities));
    return {
      summary: `Risico's ${ofPatient(entities, 'op de afdeling')}: ${countOf(risks.risks.length, 'taxatie', 'taxaties', { none: 'geen' })}`,
      result: risks,
    };
  },
  async diagnose_query(em, actor, entities) {
    const diagnoses = await runUseCaseWithin(em, actor, diagnosesOfQuery, patientScope(entities));
    return { summary: `Diagnoses ${ofPatient(entities, 'op de afdeling')}`, result: diagnoses };
  },
  async rapportage(em, actor, entities) {
    const { page } = await runUseCaseWithin(em, actor, searchReports, { ...patientScope(entities), limit: 5 });
    return { summary: `Laatste rapportages ${ofPatient(entities, 'van de afdeling')}`, result: page };
  },
  async overdracht(_em, _actor, entities) {
    const { patientId } = patientScope(entities);
    return {
      summary: `Overdracht ${ofPatient(entities, 'van de afdeling')} openen`,
      result: { patientId: patientId ?? null, href: patientId ? `/overdracht?patient=${patientId}` : '/overdracht' },
    };
  },
  async dossiervraag(em, actor, entities) {
    // The record's own use case (ADR 0078): the same access-log row as the record's box.
    const { patientId } = patientScope(entities);
    if (!patientId) throw AppError.validation({ patientId: 'Noem de patiënt over wie de vraag gaat.' });
    const answer = await runUseCaseWithin(em, actor, askTheRecord, { patientId, vraag: entities.vraag ?? '' });
    return { summary: `Vraag aan het dossier ${ofPatient(entities, 'van de patiënt')}: ${answer.antwoord}`, result: answer };
  },
  async intake_navigeer(_em, _actor, entities) {
    const { patientId } = patientScope(entities);
    if (!patientId) throw AppError.validation({ patientId: 'Noem de patiënt van wie de intake geopend moet worden.' });
    return { summary: `Intake ${ofPatient(entities, 'van de patiënt')} openen`, result: { href: `/patients/${patientId}/intake` } };
  },
};

async function agendaOf(em: EntityManager, actor: AuditActor, entities: Entities, now: Date): Promise<Outcome> {
  const range = rangeOf({ ...entities, dateLabel: entities.dateLabel ?? 'vandaag' }, now);
  const { appointments } = await runUseCaseWithin(em, actor, listAgenda, { range, filter: patientScope(entities) });
  const who = entities.patientName ? ` van ${entities.patientName}` : '';
  return {
    summary: `${capitaliseFirst(countOf(appointments.length, 'afspraak', 'afspraken', { none: 'geen' }))}${who} ${range.label ?? 'in de gevraagde periode'}`,
    result: { appointments, range: { start: range.start.toISOString(), end: range.end.toISOString(), label: range.label } },
  };
}

type Preparer = (em: EntityManager, actor: AuditActor, step: ChainStep, now: Date) => Promise<ChainStep>;

const preparers: Record<WritingIntent, Preparer> = {
  async cancel_appointment(em, actor, step, now) {
    parseOrThrow(writeEntitiesSchemas.cancel_appointment, step.entities);
    const targets = await targetAppointments(em, actor, 'cancel_appointment', step.entities, now);
    // A reason said in the sentence ("…, hij is ziek") is the block's reason; else the block asks for one.
    const reason = step.entities.content?.trim();
    return planFor(step, targets, (appointment) => `Afspraak ${appointmentLabel(appointment)} annuleren`, reason ? { reason } : {});
  },
  async reschedule_appointment(em, actor, step, now) {
    const { datetime } = parseOrThrow(writeEntitiesSchemas.reschedule_appointment, step.entities);
    const targets = await targetAppointments(em, actor, 'reschedule_appointment', step.entities, now);
    return planFor(
      step,
      targets,
      (appointment) => `Afspraak ${appointmentLabel(appointment)} verplaatsen naar ${when(datetime)}${guessed(step.entities)}`,
      {
        moveTo: datetime,
      },
    );
  },
  async create_appointment(em, actor, step) {
    const { patientId, datetime } = parseOrThrow(writeEntitiesSchemas.create_appointment, step.entities);
    const patient = await runUseCaseWithin(em, actor, readPatient, { patientId: patientId });
    const type = appointmentTypeIn(`${step.entities.identifier ?? ''} ${step.entities.content ?? ''}`);
    const warnings = withGuess(step.entities, scheduleWarnings(type, datetime));
    const plan = { patientId, patientName: patient.displayName, start: datetime, type, ...(warnings.length > 0 ? { warnings } : {}) };
    return {
      ...step,
      status: 'klaar_voor_bevestiging',
      summary: `Afspraak ${appointmentLabel(plan)} inplannen${guessed(step.entities)}`,
      plan,
    };
  },
  async ontslag(em, actor, step, now) {
    const { patientId } = parseOrThrow(writeEntitiesSchemas.ontslag, step.entities);
    const patient = await runUseCaseWithin(em, actor, readPatient, { patientId });
    // The refusal is in the block before anything is confirmed: a measure runs, or the episode already ended.
    const obstacle = await dischargeObstacle(em, patientId);
    if (obstacle) return failedStep(step, obstacle);
    const said = step.entities.datetime ?? step.entities.dateRange?.start;
    const dischargedOn = said ? isoDay(said) : clinicalToday(now);
    if (dischargedOn > clinicalToday(now)) return failedStep(step, dischargeMessages.future);
    const plan: StepPlan = { patientId, patientName: patient.displayName, dischargeReasonCode: defaultDischargeReason, dischargedOn };
    return { ...step, status: 'klaar_voor_bevestiging', summary: dischargeLabel(plan), plan };
  },
  async dagnotitie(em, actor, step) {
    const { patientId, content, category } = parseOrThrow(writeEntitiesSchemas.dagnotitie, step.entities);
    const patient = await runUseCaseWithin(em, actor, readPatient, { patientId: patientId });
    const { includeInHandover } = classifyReportLocally({ text: content });
    return {
      ...step,
      status: 'klaar_voor_bevestiging',
      summary: `Dagnotitie voor ${patient.displayName} vastleggen (${noteLabel(category, includeInHandover)}): “${content}”`,
      plan: { patientId, patientName: patient.displayName, category, content, includeInHandover },
    };
  },
};

/**
 * Resolves what a step will touch. Reads run now and carry what the chat block shows; writes get a
 * plan (or candidates, or a Dutch reason why not) and wait for the clinician's confirmation.
 */
export async function prepareChainStep(
  em: EntityManager,
  actor: AuditActor,
  action: ChainAction,
  index: number,
  now = new Date(),
): Promise<ChainStep> {
  const step = pendingStep(action, index);
  const { intent } = action;
  if (intent === 'unknown') return { ...step, status: 'overgeslagen', summary: chainMessages.notUnderstood };
  if (isWriting(intent)) return preparers[intent](em, actor, step, now);
  const { summary, result } = await readers[intent](em, actor, action.entities, now);
  return { ...step, status: 'klaar', summary, result };
}

// ---- Execution -------------------------------------------------------------------------------

/**
 * What a confirmed write step does: the area's declared use case (its access-log rows, written in
 * the chain's only-once transaction), the input the plan gives it, and the chat's wording of the result.
 */
interface Execution<Output, Input = unknown> {
  useCase: UseCase<Input, Output>;
  input: (plan: StepPlan) => Input;
  summary: (output: Output, plan: StepPlan) => string;
}

const execution = <Output, Input>(e: Execution<Output, Input>) => e as unknown as Execution<unknown>;

const executions: Record<WritingIntent, Execution<unknown>> = {
  cancel_appointment: execution({
    useCase: cancelAppointmentOf,
    input: (plan) => ({ appointmentId: plan.appointmentId, reasonCode: plan.reasonCode, reason: plan.reason }),
    summary: ({ appointment }) => `Afspraak ${appointmentLabel(appointment)} geannuleerd`,
  }),
  reschedule_appointment: execution({
    useCase: moveAppointment,
    input: (plan) => ({ appointmentId: plan.appointmentId, start: plan.moveTo }),
    summary: ({ appointment }) =>
      `Afspraak ${typeLabel(appointment.type)} met ${appointment.patientName} verplaatst naar ${when(appointment.start)}`,
  }),
  create_appointment: execution({
    useCase: planAppointment,
    input: (plan) => ({ patientId: plan.patientId, start: plan.start, type: plan.type }),
    summary: (appointment) => `Afspraak ${appointmentLabel(appointment)} ingepland`,
  }),
  dagnotitie: execution({
    useCase: writeReport,
    input: (plan) => ({
      patientId: plan.patientId,
      type: 'dagnotitie',
      category: plan.category,
      content: plan.content,
      includeInHandover: plan.includeInHandover,
    }),
    summary: (report, plan) =>
      `Dagnotitie voor ${plan.patientName ?? 'de patiënt'} vastgelegd (${noteLabel(report.category ?? 'observatie', report.includeInHandover)})`,
  }),
  ontslag: execution({
    useCase: dischargeEpisode,
    input: (plan) => ({
      patientId: plan.patientId ?? '',
      discharge: { reasonCode: plan.dischargeReasonCode ?? defaultDischargeReason, reason: plan.reason, dischargedOn: plan.dischargedOn },
    }),
    summary: (discharge: DischargeView) =>
      `${discharge.patientName} is ontslagen per ${formatNumericDate(discharge.dischargedOn)} (${discharge.reasonText}); de behandeling is afgerond`,
  }),
};

/** What the chain's state shows of a result: the appointment, or the report, as the area's service gave it. */
function resultOf(intent: WritingIntent, output: unknown): unknown {
  if (intent === 'dagnotitie') return { report: output };
  if (intent === 'create_appointment') return { appointment: output };
  if (intent === 'ontslag') return { discharge: output };
  return { appointment: (output as { appointment: AppointmentView }).appointment };
}

function writingIntentOf(step: ChainStep): WritingIntent {
  if (!isWriting(step.intent)) throw new AppError('conflict', 'Deze stap wijzigt geen gegevens.');
  return step.intent;
}

/**
 * Performs a confirmed write step through the area's declared use case, at most once per chain
 * step: a retry after the commit (a worker that died) gets the first outcome back instead of
 * writing (and logging) again.
 */
export async function executeChainStep(em: EntityManager, actor: AuditActor, chainId: string, step: ChainStep): Promise<ChainStep> {
  const intent = writingIntentOf(step);
  const { useCase, input, summary } = executions[intent];
  const plan = step.plan ?? {};
  const outcome = await onceOnly(em, actor.organisationId, `${chainId}:${step.index}`, async () => {
    const output = await runUseCaseWithin(em, actor, useCase, input(plan));
    return { summary: summary(output, plan), result: resultOf(intent, output) };
  });
  return { ...step, status: 'klaar', summary: outcome.summary, result: outcome.result };
}

/**
 * A confirmed write step as one unit of work for the runner (`runUseCase`): `check` first (the
 * clinician still active), then the step. Its rows are the area's use case's, written inside; a
 * refused or failed step is logged as an attempt of that same use case, naming the patient the
 * data gives (the appointment's, the note's).
 */
export function chainStepUseCase(
  chainId: string,
  step: ChainStep,
  check: (em: EntityManager, actor: AuditActor) => Promise<void>,
): { useCase: UseCase<unknown, ChainStep>; input: unknown } {
  const { useCase, input } = executions[writingIntentOf(step)];
  return {
    input: input(step.plan ?? {}),
    useCase: defineUseCase({
      name: `${useCase.name} (assistent)`,
      action: useCase.action,
      resourceType: useCase.resourceType,
      patients: useCase.patients,
      resourceOf: useCase.resourceOf,
      run: async (em, actor) => {
        await check(em, actor);
        return executeChainStep(em, actor, chainId, step);
      },
      logged: () => [],
    }),
  };
}

/**
 * A refusal by a service (validation, not found, forbidden, conflict) is an outcome of the step,
 * shown to the clinician in Dutch; anything else is a fault and is thrown, so Temporal retries.
 */
export async function stepOutcome(step: ChainStep, work: () => Promise<ChainStep>): Promise<ChainStep> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // A validation error's field message says what is wrong; its general message only that something is.
    return failedStep(step, Object.values(fieldsOf(error.details) ?? {})[0] ?? error.message);
  }
}

/**
 * Every patient a chain names is a patient of the clinician's organisation, checked before the chain
 * starts: another organisation's (or nobody's) patient is a 404, and no workflow is started for it.
 */
export async function checkChainPatients(em: EntityManager, input: unknown): Promise<void> {
  const { actions } = parseChainRequest(input);
  const ids = [...new Set(actions.flatMap((action) => (action.entities.patientId ? [action.entities.patientId] : [])))];
  for (const id of ids) await findPatient(em, id);
}
