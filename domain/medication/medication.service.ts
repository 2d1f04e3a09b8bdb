import { randomUUID } from 'node:crypto';
import { User, clinicalRoles } from '../auth/auth.entities';
import { staffNames, writerNames } from '../auth/staff-names';
import { koppelingOf, personOf, type AuditActor } from '../audit/audit.service';
import { forUpdate } from '../db/locks';
import type { EntityManager } from '../db/orm';
import { allergiesOf } from '../allergies/allergies';
import { findPatient } from '../patient/patient.service';
import {
  addDaysToIsoDate,
  clinicalToday,
  formatTime,
  formatWhen,
  isoDay,
  startOfClinicalDayOf,
  wallClockToIso,
} from '../shared/clinical-time';
import { AppError } from '../shared/errors';
import { isUuid } from '../shared/ids';
import { parseOrThrow } from '../shared/validation';
import {
  MedicationAdministration,
  MedicationOrder,
  type AdministrationStatus,
  type OrderKind,
  type OverriddenWarning,
} from './medication.entity';
import {
  effectSchema,
  lateRegistrationMinutes,
  prescribeSchema,
  prnDoseSchema,
  scheduledDoseSchema,
  stopSchema,
} from './medication.schemas';
import { productByCode, type Route } from './products';
import { highRiskOf, intervalText, prescriptionWarnings, tooSoon, type SafetyWarning } from './safety';
import { defaultMinIntervalMinutes } from './safety-rules';

export const orderNotFound = 'Het gevraagde voorschrift is niet gevonden.';
export const administrationNotFound = 'De gevraagde toediening is niet gevonden.';
export const prescribersOnly = 'Alleen een arts kan medicatie voorschrijven of stoppen.';

/** Prescribing and stopping are a doctor's (the use cases refuse anyone else before anything is read). */
export const isPrescriber = (actor: AuditActor): boolean => actor.role === 'psychiater';

export interface OrderView {
  id: string;
  patientId: string;
  productCode: string;
  productName: string;
  atc: string | null;
  dose: string;
  route: Route;
  kind: OrderKind;
  times: string[];
  indication: string | null;
  maxPerDay: number | null;
  /** Zo nodig: the fewest minutes between two doses. */
  minIntervalMinutes: number | null;
  /** A high-risk product: a second nurse checks each dose given (ADR 60). */
  highRisk: { label: string; why: string } | null;
  /** The safety warnings the prescriber overrode, and why; empty and null when none. */
  overriddenWarnings: OverriddenWarning[];
  overrideReason: string | null;
  startDate: string;
  endDate: string | null;
  note: string | null;
  prescribedBy: string | null;
  createdAt: string;
  stoppedAt: string | null;
  stoppedBy: string | null;
  stopReason: string | null;
  active: boolean;
}

export interface AdministrationView {
  id: string;
  orderId: string;
  patientId: string;
  productName: string;
  dose: string;
  route: Route;
  scheduledFor: string | null;
  status: AdministrationStatus;
  prn: boolean;
  reason: string | null;
  effect: string | null;
  effectAt: string | null;
  administeredAt: string;
  /** Why the dose was registered late (nagekomen), or null. */
  lateReason: string | null;
  recordedBy: string | null;
  /** The second nurse who checked a dose of high-risk medication. */
  doubleCheckedBy: string | null;
}

export interface ScheduledDose {
  orderId: string;
  productName: string;
  dose: string;
  route: Route;
  scheduledFor: string;
  time: string;
  /** A dose of yesterday still open after midnight (see `openSinceYesterday`). */
  yesterday: boolean;
  administration: AdministrationView | null;
}

export interface PrnStatus {
  order: OrderView;
  /** Zo-nodig doses given in the last 24 hours, and the newest one's moment. */
  givenLast24h: number;
  lastGivenAt: string | null;
  /** While the maximum is reached or the minimum interval not passed: when the next dose may be given, and why not now (Dutch). */
  nextAllowedAt: string | null;
  blockedReason: string | null;
}

/** A colleague who can be the second nurse on a dose of high-risk medication. */
export interface Colleague {
  id: string;
  name: string;
}

/** A new order with the warnings it raised: the one that only informs, and the ones the prescriber overrode. */
export type PrescribedOrder = OrderView & { warnings: SafetyWarning[] };

export interface MedicationOverview {
  orders: OrderView[];
  today: ScheduledDose[];
  prn: PrnStatus[];
  /** The last 7 days' registrations, newest first. */
  administrations: AdministrationView[];
  /** "Allergieën niet vastgelegd" and the like: what the prescriber should know before prescribing. */
  allergyStatus: 'vastgelegd' | 'geen-bekende' | 'niet-vastgelegd';
  /** Who can check a dose of high-risk medication with the signed-in nurse: the organisation's other clinicians. */
  colleagues: Colleague[];
}

/** On the list today: not stopped, started, not yet ended (the end date is the last day). */
export function isActive(order: Pick<MedicationOrder, 'stoppedAt' | 'startDate' | 'endDate'>, today: string): boolean {
  return !order.stoppedAt && order.startDate <= today && (!order.endDate || order.endDate >= today);
}

function orderView(order: MedicationOrder, names: Map<string, string>, today: string): OrderView {
  return {
    id: order.id,
    patientId: order.patientId,
    productCode: order.productCode,
    productName: order.productName,
    atc: productByCode.get(order.productCode)?.atc ?? null,
    dose: order.dose,
    route: order.route,
    kind: order.kind,
    times: order.times,
    indication: order.indication ?? null,
    maxPerDay: order.maxPerDay ?? null,
    minIntervalMinutes: order.minIntervalMinutes ?? null,
    highRisk: highRiskOf(productByCode.get(order.productCode)),
    overriddenWarnings: order.overriddenWarnings ?? [],
    overrideReason: order.overrideReason ?? null,
    startDate: order.startDate,
    endDate: order.endDate ?? null,
    note: order.note ?? null,
    prescribedBy: names.get(order.prescribedBy) ?? null,
    createdAt: order.createdAt.toISOString(),
    stoppedAt: order.stoppedAt?.toISOString() ?? null,
    stoppedBy: order.stoppedBy ? (names.get(order.stoppedBy) ?? null) : null,
    stopReason: order.stopReason ?? null,
    active: isActive(order, today),
  };
}

function administrationView(
  row: MedicationAdministration,
  order: MedicationOrder | undefined,
  names: Map<string, string>,
): AdministrationView {
  return {
    id: row.id,
    orderId: row.orderId,
    patientId: row.patientId,
    productName: order?.productName ?? '',
    dose: order?.dose ?? '',
    route: order?.route ?? 'oraal',
    scheduledFor: row.scheduledFor?.toISOString() ?? null,
    status: row.status,
    prn: row.prn,
    reason: row.reason ?? null,
    effect: row.effect ?? null,
    effectAt: row.effectAt?.toISOString() ?? null,
    administeredAt: row.administeredAt.toISOString(),
    lateReason: row.lateReason ?? null,
    recordedBy: names.get(row.recordedBy ?? row.koppelingId ?? '') ?? null,
    doubleCheckedBy: row.doubleCheckedBy ? (names.get(row.doubleCheckedBy) ?? null) : null,
  };
}

/** Registrations as the views show them, with their order's product and dose. */
export async function administrationViews(em: EntityManager, rows: MedicationAdministration[]): Promise<AdministrationView[]> {
  const orders = rows.length ? await em.find(MedicationOrder, { id: { $in: [...new Set(rows.map((row) => row.orderId))] } }) : [];
  const byId = new Map(orders.map((order) => [order.id, order]));
  const names = await writerNames(
    em,
    rows.flatMap((row) => [row.recordedBy ?? row.koppelingId, row.doubleCheckedBy]),
  );
  return rows.map((row) => administrationView(row, byId.get(row.orderId), names));
}

/**
 * How long a fixed dose of yesterday that was open at midnight stays on today's list: the night
 * nurse at 00:10 still sees the 22:00 dose and registers it (given late, refused, not given), and
 * sees it registered, instead of it leaving the page with the date. ADR 0092.
 */
const openSinceYesterday = 12 * 3600_000;

/** The fixed doses of a day (the ward's clock), in time order. */
function dosesOn(order: MedicationOrder, day: string): { scheduledFor: Date; time: string }[] {
  if (order.kind !== 'vast') return [];
  return order.times.flatMap((time) => {
    const iso = wallClockToIso(`${day}T${time}`);
    return iso ? [{ scheduledFor: new Date(iso), time }] : [];
  });
}

/** The medication list, today's fixed doses with what was registered, the zo-nodig state and the week's registrations. */
export async function medicationOverview(
  em: EntityManager,
  actor: AuditActor,
  patientId: string,
  now = new Date(),
): Promise<MedicationOverview> {
  const patient = await findPatient(em, patientId);
  const today = clinicalToday(now);
  const since = new Date(now.getTime() - 7 * 24 * 3600_000);
  const [orders, rows, allergies, colleagues] = await Promise.all([
    em.find(MedicationOrder, { patientId: patient.id }, { orderBy: { createdAt: 'desc' } }),
    em.find(
      MedicationAdministration,
      { patientId: patient.id, administeredAt: { $gte: since } },
      { orderBy: { administeredAt: 'desc', createdAt: 'desc' }, limit: 500 },
    ),
    allergiesOf(em, patient.id),
    colleaguesOf(em, actor),
  ]);
  const names = await writerNames(em, [
    ...orders.flatMap((order) => [order.prescribedBy, order.stoppedBy]),
    ...rows.flatMap((row) => [row.recordedBy ?? row.koppelingId, row.doubleCheckedBy]),
  ]);
  const byId = new Map(orders.map((order) => [order.id, order]));
  const administrations = rows.map((row) => administrationView(row, byId.get(row.orderId), names));
  const views = orders.map((order) => orderView(order, names, today)).sort((a, b) => Number(b.active) - Number(a.active));
  const registered = new Map(administrations.filter((row) => row.scheduledFor).map((row) => [`${row.orderId}|${row.scheduledFor}`, row]));
  const active = orders.filter((order) => isActive(order, today));
  const scheduled = (order: MedicationOrder, day: string) =>
    dosesOn(order, day).map(({ scheduledFor, time }) => ({
      orderId: order.id,
      productName: order.productName,
      dose: order.dose,
      route: order.route,
      scheduledFor: scheduledFor.toISOString(),
      time,
      yesterday: day !== today,
      administration: registered.get(`${order.id}|${scheduledFor.toISOString()}`) ?? null,
    }));
  // Yesterday's doses that were open at midnight: not registered, or registered since (they stay, with their registration).
  const yesterday = addDaysToIsoDate(today, -1);
  const midnight = startOfClinicalDayOf(now);
  const registeredToday = new Set(rows.filter((row) => row.createdAt >= midnight).map((row) => row.id));
  const stillOpen = orders
    .filter((order) => isActive(order, yesterday))
    .flatMap((order) => scheduled(order, yesterday))
    .filter(
      (dose) =>
        (!dose.administration || registeredToday.has(dose.administration.id)) &&
        Date.parse(dose.scheduledFor) >= now.getTime() - openSinceYesterday,
    );
  const todayDoses = [...stillOpen, ...active.flatMap((order) => scheduled(order, today))].sort(
    (a, b) => a.scheduledFor.localeCompare(b.scheduledFor) || a.productName.localeCompare(b.productName, 'nl'),
  );
  const dayAgo = now.getTime() - 24 * 3600_000;
  const prn = active
    .filter((order) => order.kind === 'zo-nodig')
    .map((order) => {
      const given = administrations.filter(
        (row) => row.orderId === order.id && row.prn && row.status === 'gegeven' && Date.parse(row.administeredAt) > dayAgo,
      );
      return {
        order: orderView(order, names, today),
        givenLast24h: given.length,
        lastGivenAt: given[0]?.administeredAt ?? null,
        ...prnBlock(
          order,
          given.map((row) => Date.parse(row.administeredAt)),
          now,
        ),
      };
    });
  return { orders: views, today: todayDoses, prn, administrations, allergyStatus: allergies.status, colleagues };
}

/**
 * Why the next zo-nodig dose cannot be given now, and from when it can: the maximum in the last 24
 * hours reached, or the minimum interval since the last dose not passed. The page disables the
 * button and says this; the service refuses the dose with the same rule.
 */
function prnBlock(
  order: MedicationOrder,
  givenNewestFirst: number[],
  now: Date,
): { nextAllowedAt: string | null; blockedReason: string | null } {
  const max = order.maxPerDay ?? 0;
  const interval = (order.minIntervalMinutes ?? defaultMinIntervalMinutes) * 60_000;
  const afterMaximum = givenNewestFirst.length >= max ? givenNewestFirst[max - 1]! + 24 * 3600_000 : null;
  const afterInterval =
    givenNewestFirst[0] !== undefined && givenNewestFirst[0] + interval > now.getTime() ? givenNewestFirst[0] + interval : null;
  if (afterMaximum !== null && afterMaximum >= (afterInterval ?? 0))
    return {
      nextAllowedAt: new Date(afterMaximum).toISOString(),
      blockedReason: `Het maximum van ${max}× per 24 uur is bereikt; de volgende gift kan vanaf ${formatWhen(afterMaximum, now)}.`,
    };
  if (afterInterval !== null)
    return {
      nextAllowedAt: new Date(afterInterval).toISOString(),
      blockedReason: `Tussen twee giften zit minimaal ${intervalText(order.minIntervalMinutes ?? defaultMinIntervalMinutes)}; de volgende gift kan vanaf ${formatWhen(afterInterval, now)}.`,
    };
  return { nextAllowedAt: null, blockedReason: null };
}

/** The organisation's other clinicians, who can be the second nurse on a dose of high-risk medication. */
export async function colleaguesOf(em: EntityManager, actor: AuditActor): Promise<Colleague[]> {
  const users = await em.find(
    User,
    { organisationId: actor.organisationId, disabledAt: null, role: { $in: [...clinicalRoles] }, id: { $ne: actor.userId } },
    { fields: ['id', 'displayName'], orderBy: { displayName: 'asc' }, limit: 300 },
  );
  return users.map((user) => ({ id: user.id, name: user.displayName }));
}

/**
 * The safety warnings a prescription raises (ADR 60): an allergy that covers the product, a second
 * product of the same class, allergies not recorded. Read with the patient's orders and allergies.
 */
async function warningsFor(em: EntityManager, patientId: string, productCode: string, startDate: string): Promise<SafetyWarning[]> {
  const product = productByCode.get(productCode)!;
  const [allergies, orders] = await Promise.all([
    allergiesOf(em, patientId),
    em.find(MedicationOrder, { patientId, stoppedAt: null }, { fields: ['productCode', 'productName', 'endDate'] }),
  ]);
  // An order that ends before the new one starts is no duplicate.
  const running = orders.filter((order) => !order.endDate || order.endDate >= startDate);
  return prescriptionWarnings(product, allergies, running);
}

export const overrideNeeded = 'Geef een reden om toch voor te schrijven; die wordt bij het voorschrift bewaard.';
const minOverrideReason = 5;
const tooShortOverride = `Geef een reden van minstens ${minOverrideReason} tekens om de waarschuwing te negeren.`;

/**
 * A new line on the medication list, prescribed by the signed-in doctor. A prescription that raises
 * a blocking safety warning is refused (409, the warnings in `details.warnings`) unless it carries
 * an `overrideReason`; the overridden warnings and the reason are stored with the order.
 */
export async function prescribe(em: EntityManager, actor: AuditActor, patientId: string, input: unknown): Promise<PrescribedOrder> {
  const patient = await findPatient(em, patientId);
  const valid = parseOrThrow(prescribeSchema, input);
  const product = productByCode.get(valid.productCode)!;
  // One prescription of a patient at a time: a second one sent at the same moment sees the first
  // and its duplicate-therapy warning (ADR 0045: only-once rules hold in the database).
  await em.execute('select 1 from patients where id = ? for update', [patient.id]);
  const warnings = await warningsFor(em, patient.id, product.code, valid.startDate);
  const blocking = warnings.filter((warning) => warning.blocking);
  const overrideReason = valid.overrideReason ?? '';
  if (blocking.length && overrideReason.length < minOverrideReason)
    throw new AppError('conflict', `${blocking.map((warning) => warning.message).join(' ')} ${overrideNeeded}`, {
      warnings,
      ...(overrideReason ? { fields: { overrideReason: tooShortOverride } } : {}),
    });
  const overridden = blocking.length ? blocking.map(({ code, message }) => ({ code, message })) : [];
  const order = em.create(MedicationOrder, {
    id: randomUUID(),
    organisationId: actor.organisationId,
    patientId: patient.id,
    productCode: product.code,
    productName: product.name,
    dose: valid.dose,
    route: valid.route ?? product.route,
    kind: valid.kind,
    times: valid.kind === 'vast' ? (valid.times ?? []) : [],
    indication: valid.kind === 'zo-nodig' ? (valid.indication ?? null) : null,
    maxPerDay: valid.kind === 'zo-nodig' ? (valid.maxPerDay ?? null) : null,
    minIntervalMinutes: valid.kind === 'zo-nodig' ? (valid.minIntervalMinutes ?? defaultMinIntervalMinutes) : null,
    startDate: valid.startDate,
    endDate: valid.endDate ?? null,
    note: valid.note || null,
    prescribedBy: actor.userId,
    overriddenWarnings: overridden,
    overrideReason: overridden.length ? overrideReason : null,
  });
  return { ...orderView(order, await staffNames(em, [actor.userId]), clinicalToday()), warnings };
}

/** Where a record page acts, it names its own patient: an order or dose of another patient is a 404 there. */
export interface PatientScope {
  patientId?: string;
}

async function findOrder(em: EntityManager, orderId: string, scope: PatientScope): Promise<MedicationOrder> {
  if (!isUuid(orderId)) throw AppError.notFound(orderNotFound);
  // Locked until the transaction ends: concurrent registrations on one order are counted one after the other.
  const order = await em.findOne(MedicationOrder, { id: orderId, ...scope }, forUpdate);
  if (!order) throw AppError.notFound(orderNotFound);
  return order;
}

/** Stops an order with a reason; it stays on the list as gestopt. */
export async function stopOrder(
  em: EntityManager,
  actor: AuditActor,
  orderId: string,
  input: unknown,
  scope: PatientScope = {},
): Promise<OrderView> {
  const order = await findOrder(em, orderId, scope);
  const { reason } = parseOrThrow(stopSchema, input);
  if (order.stoppedAt) throw new AppError('conflict', 'Dit voorschrift is al gestopt.');
  order.stoppedAt = new Date();
  order.stoppedBy = actor.userId;
  order.stopReason = reason;
  return orderView(order, await staffNames(em, [order.prescribedBy, actor.userId]), clinicalToday());
}

/**
 * Registers one dose. A fixed dose names its scheduled moment, which must be one of the order's
 * times on a day the order runs, not already registered and not hours ahead. A zo-nodig dose is
 * given with its reason, at most the order's maximum in any 24 hours: the order row is locked, so
 * two nurses at once cannot both give the last allowed dose.
 */
export async function administer(
  em: EntityManager,
  actor: AuditActor,
  orderId: string,
  input: unknown,
  scope: PatientScope = {},
): Promise<AdministrationView> {
  const order = await findOrder(em, orderId, scope);
  // The clock is read once the lock is held: a gift registered while this request waited is earlier
  // than this one, so the 24 hours before it count it (read before waiting, it could fall outside).
  const now = new Date();
  const base = {
    id: randomUUID(),
    organisationId: order.organisationId,
    patientId: order.patientId,
    orderId: order.id,
    recordedBy: personOf(actor),
    koppelingId: koppelingOf(actor),
  };
  let row: MedicationAdministration;
  if (order.kind === 'vast') {
    const { scheduledFor, status, reason, doubleCheckedBy } = parseOrThrow(scheduledDoseSchema, input);
    const day = isoDay(scheduledFor);
    const planned = dosesOn(order, day).some((dose) => dose.scheduledFor.getTime() === scheduledFor.getTime());
    if (!planned || !isActive(order, day) || (order.stoppedAt && order.stoppedAt <= scheduledFor))
      throw AppError.validation({ scheduledFor: 'Op dit tijdstip staat geen dosis van dit voorschrift gepland.' });
    if (scheduledFor.getTime() > now.getTime() + 2 * 3600_000)
      throw AppError.validation({ scheduledFor: 'Een dosis kan pas vanaf twee uur voor het tijdstip worden geregistreerd.' });
    if (await em.findOne(MedicationAdministration, { orderId: order.id, scheduledFor }))
      throw new AppError('conflict', 'Deze dosis is al geregistreerd.');
    row = em.create(MedicationAdministration, {
      ...base,
      scheduledFor,
      status,
      prn: false,
      reason: reason || null,
      administeredAt: now,
      doubleCheckedBy: status === 'gegeven' ? await secondNurse(em, actor, order, doubleCheckedBy) : null,
    });
  } else {
    const { reason, administeredAt = now, lateReason, doubleCheckedBy } = parseOrThrow(prnDoseSchema, input);
    const late = now.getTime() - administeredAt.getTime() > lateRegistrationMinutes * 60_000;
    if (late && (lateReason ?? '').length < 3)
      throw AppError.validation({
        lateReason: `Deze gift wordt meer dan ${lateRegistrationMinutes} minuten na het tijdstip vastgelegd: geef aan waarom (nagekomen registratie).`,
      });
    if (!isActive(order, isoDay(administeredAt))) throw new AppError('conflict', 'Dit voorschrift loopt niet (meer); overleg met de arts.');
    const crowded = await fullWindow(em, order, administeredAt);
    if (crowded)
      throw new AppError(
        'conflict',
        `Het maximum van ${order.maxPerDay} keer per 24 uur is bereikt (gift om ${formatTime(crowded)}). Overleg met de arts.`,
      );
    const near = await nearDose(em, order, administeredAt);
    if (near) {
      const minutes = order.minIntervalMinutes ?? defaultMinIntervalMinutes;
      const from = near < administeredAt ? ` De volgende gift kan vanaf ${formatTime(near.getTime() + minutes * 60_000)}.` : '';
      throw new AppError(
        'conflict',
        `Te kort op de gift van ${formatTime(near)}: tussen twee giften zit minimaal ${intervalText(minutes)}.${from} Overleg met de arts.`,
      );
    }
    const checkedBy = await secondNurse(em, actor, order, doubleCheckedBy);
    row = em.create(MedicationAdministration, {
      ...base,
      scheduledFor: null,
      status: 'gegeven',
      prn: true,
      reason,
      administeredAt,
      lateReason: late ? (lateReason ?? null) : null,
      doubleCheckedBy: checkedBy,
    });
  }
  return administrationView(row, order, await writerNames(em, [actor.userId, row.doubleCheckedBy]));
}

/**
 * The second nurse on a dose of high-risk medication (ADR 60): required for such a product, and a
 * colleague of the same organisation who can work with patients, not the one giving the dose.
 * Null for a product that needs no double check (a name sent along is then not stored).
 */
async function secondNurse(
  em: EntityManager,
  actor: AuditActor,
  order: MedicationOrder,
  userId: string | undefined,
): Promise<string | null> {
  const risk = highRiskOf(productByCode.get(order.productCode));
  if (!risk) return null;
  const ask = `${order.productName} is risicovolle medicatie (${risk.label}): een tweede verpleegkundige controleert de dosis.`;
  if (!userId) throw AppError.validation({ doubleCheckedBy: `${ask} Kies wie de dosis met je controleerde.` });
  if (userId === actor.userId) throw AppError.validation({ doubleCheckedBy: `${ask} Dat is een collega, niet jezelf.` });
  const colleague = await em.findOne(
    User,
    { id: userId, organisationId: actor.organisationId, disabledAt: null, role: { $in: [...clinicalRoles] } },
    { fields: ['id'] },
  );
  if (!colleague) throw AppError.validation({ doubleCheckedBy: `${ask} Kies een collega van je eigen organisatie.` });
  return colleague.id;
}

/** The zo-nodig dose nearest to `at` within the order's minimum interval, or null. Called with the order row locked. */
async function nearDose(em: EntityManager, order: MedicationOrder, at: Date): Promise<Date | null> {
  const minutes = order.minIntervalMinutes ?? defaultMinIntervalMinutes;
  if (minutes === 0) return null;
  const span = minutes * 60_000;
  const given = await em.find(
    MedicationAdministration,
    {
      orderId: order.id,
      prn: true,
      status: 'gegeven',
      administeredAt: { $gt: new Date(at.getTime() - span), $lt: new Date(at.getTime() + span) },
    },
    { fields: ['administeredAt'] },
  );
  return tooSoon(
    given.map((row) => row.administeredAt),
    at,
    minutes,
  );
}

/**
 * Whether a zo-nodig dose at `at` would put some 24 hours over the order's maximum: not only the
 * 24 hours before it, but every 24-hour window that contains it, so a dose registered back-dated
 * between earlier ones counts against them too. Returns the moment of a dose in the fullest window
 * (the newest one), or null when the dose fits. Called with the order row locked.
 */
async function fullWindow(em: EntityManager, order: MedicationOrder, at: Date): Promise<Date | null> {
  const day = 24 * 3600_000;
  const given = await em.find(
    MedicationAdministration,
    {
      orderId: order.id,
      prn: true,
      status: 'gegeven',
      administeredAt: { $gt: new Date(at.getTime() - day), $lt: new Date(at.getTime() + day) },
    },
    { orderBy: { administeredAt: 'asc' } },
  );
  const times = [...given.map((row) => row.administeredAt.getTime()), at.getTime()].sort((a, b) => a - b);
  const max = order.maxPerDay ?? 0;
  // The fullest window holding `at` starts at one of the doses at or before it: [start, start + 24 h).
  for (const start of times.filter((time) => time <= at.getTime())) {
    const inWindow = times.filter((time) => time >= start && time < start + day);
    if (inWindow.length > max) {
      const others = inWindow.filter((time) => time !== at.getTime());
      return new Date(others.at(-1) ?? at.getTime());
    }
  }
  return null;
}

/** The effect of a zo-nodig dose, written once afterwards. */
export async function recordEffect(
  em: EntityManager,
  actor: AuditActor,
  administrationId: string,
  input: unknown,
  scope: PatientScope = {},
): Promise<AdministrationView> {
  // Locked: of two effects written at once, the second finds the first and is a 409, not an overwrite.
  const row = isUuid(administrationId) ? await em.findOne(MedicationAdministration, { id: administrationId, ...scope }, forUpdate) : null;
  if (!row) throw AppError.notFound(administrationNotFound);
  const { effect } = parseOrThrow(effectSchema, input);
  if (!row.prn) throw new AppError('conflict', 'Alleen bij een zo-nodig-gift wordt het effect vastgelegd.');
  if (row.effect) throw new AppError('conflict', 'Het effect van deze gift is al vastgelegd.');
  row.effect = effect;
  row.effectAt = new Date();
  row.effectBy = personOf(actor);
  const [view] = await administrationViews(em, [row]);
  return view!;
}

/** The patient of an order of the organisation in `em`, for the access log of a request that names only the order. */
export async function orderPatients(em: EntityManager, orderId: string): Promise<string[]> {
  const order = isUuid(orderId) ? await em.findOne(MedicationOrder, { id: orderId }, { fields: ['patientId'] }) : null;
  return order ? [order.patientId] : [];
}

/** The patient of a registered dose of the organisation in `em`, for the access log of a request that names only the dose. */
export async function administrationPatients(em: EntityManager, administrationId: string): Promise<string[]> {
  const row = isUuid(administrationId)
    ? await em.findOne(MedicationAdministration, { id: administrationId }, { fields: ['patientId'] })
    : null;
  return row ? [row.patientId] : [];
}
