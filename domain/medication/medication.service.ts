import { staffNames } from '../auth/staff-names';
import { randomUUID } from 'node:crypto';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import { forUpdate } from '../db/locks';
import type { EntityManager } from '../db/orm';
import { findPatient } from '../patient/patient.service';
import { clinicalToday, formatTime, isoDay, wallClockToIso } from '../shared/clinical-time';
import { AppError } from '../shared/errors';
import { isUuid } from '../shared/ids';
import { parseOrThrow } from '../shared/validation';
import { MedicationAdministration, MedicationOrder, type AdministrationStatus, type OrderKind } from './medication.entity';
import {
  effectSchema,
  lateRegistrationMinutes,
  prescribeSchema,
  prnDoseSchema,
  scheduledDoseSchema,
  stopSchema,
} from './medication.schemas';
import { productByCode, type Route } from './products';

export const orderNotFound = 'Het gevraagde voorschrift is niet gevonden.';
export const administrationNotFound = 'De gevraagde toediening is niet gevonden.';
const prescribersOnly = 'Alleen een arts kan medicatie voorschrijven of stoppen.';

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
}

export interface ScheduledDose {
  orderId: string;
  productName: string;
  dose: string;
  route: Route;
  scheduledFor: string;
  time: string;
  administration: AdministrationView | null;
}

export interface PrnStatus {
  order: OrderView;
  /** Zo-nodig doses given in the last 24 hours, and the newest one's moment. */
  givenLast24h: number;
  lastGivenAt: string | null;
}

export interface MedicationOverview {
  orders: OrderView[];
  today: ScheduledDose[];
  prn: PrnStatus[];
  /** The last 7 days' registrations, newest first. */
  administrations: AdministrationView[];
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
    recordedBy: names.get(row.recordedBy) ?? null,
  };
}

/** Registrations as the views show them, with their order's product and dose. */
export async function administrationViews(em: EntityManager, rows: MedicationAdministration[]): Promise<AdministrationView[]> {
  const orders = rows.length ? await em.find(MedicationOrder, { id: { $in: [...new Set(rows.map((row) => row.orderId))] } }) : [];
  const byId = new Map(orders.map((order) => [order.id, order]));
  const names = await staffNames(
    em,
    rows.map((row) => row.recordedBy),
  );
  return rows.map((row) => administrationView(row, byId.get(row.orderId), names));
}

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
  const [orders, rows] = await Promise.all([
    em.find(MedicationOrder, { patientId: patient.id }, { orderBy: { createdAt: 'desc' } }),
    em.find(
      MedicationAdministration,
      { patientId: patient.id, administeredAt: { $gte: since } },
      { orderBy: { administeredAt: 'desc', createdAt: 'desc' }, limit: 500 },
    ),
  ]);
  const names = await staffNames(em, [
    ...orders.flatMap((order) => [order.prescribedBy, order.stoppedBy]),
    ...rows.map((row) => row.recordedBy),
  ]);
  const byId = new Map(orders.map((order) => [order.id, order]));
  const administrations = rows.map((row) => administrationView(row, byId.get(row.orderId), names));
  const views = orders.map((order) => orderView(order, names, today)).sort((a, b) => Number(b.active) - Number(a.active));
  const registered = new Map(administrations.filter((row) => row.scheduledFor).map((row) => [`${row.orderId}|${row.scheduledFor}`, row]));
  const active = orders.filter((order) => isActive(order, today));
  const todayDoses = active
    .flatMap((order) =>
      dosesOn(order, today).map(({ scheduledFor, time }) => ({
        orderId: order.id,
        productName: order.productName,
        dose: order.dose,
        route: order.route,
        scheduledFor: scheduledFor.toISOString(),
        time,
        administration: registered.get(`${order.id}|${scheduledFor.toISOString()}`) ?? null,
      })),
    )
    .sort((a, b) => a.scheduledFor.localeCompare(b.scheduledFor) || a.productName.localeCompare(b.productName, 'nl'));
  const dayAgo = now.getTime() - 24 * 3600_000;
  const prn = active
    .filter((order) => order.kind === 'zo-nodig')
    .map((order) => {
      const given = administrations.filter(
        (row) => row.orderId === order.id && row.prn && row.status === 'gegeven' && Date.parse(row.administeredAt) > dayAgo,
      );
      return { order: orderView(order, names, today), givenLast24h: given.length, lastGivenAt: given[0]?.administeredAt ?? null };
    });
  recordAudit(em, actor, { action: 'read', resourceType: 'MedicationRequest', patientIds: [patient.id] });
  return { orders: views, today: todayDoses, prn, administrations };
}

function requirePrescriber(actor: AuditActor): void {
  if (actor.role !== 'psychiater') throw new AppError('forbidden', prescribersOnly);
}

/** A new line on the medication list, prescribed by the signed-in doctor. */
export async function prescribe(em: EntityManager, actor: AuditActor, patientId: string, input: unknown): Promise<OrderView> {
  const patient = await findPatient(em, patientId);
  requirePrescriber(actor);
  const valid = parseOrThrow(prescribeSchema, input);
  const product = productByCode.get(valid.productCode)!;
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
    startDate: valid.startDate,
    endDate: valid.endDate ?? null,
    note: valid.note || null,
    prescribedBy: actor.userId,
  });
  recordAudit(em, actor, { action: 'create', resourceType: 'MedicationRequest', resourceId: order.id, patientIds: [patient.id] });
  return orderView(order, await staffNames(em, [actor.userId]), clinicalToday());
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
  requirePrescriber(actor);
  const { reason } = parseOrThrow(stopSchema, input);
  if (order.stoppedAt) throw new AppError('conflict', 'Dit voorschrift is al gestopt.');
  order.stoppedAt = new Date();
  order.stoppedBy = actor.userId;
  order.stopReason = reason;
  recordAudit(em, actor, { action: 'update', resourceType: 'MedicationRequest', resourceId: order.id, patientIds: [order.patientId] });
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
    recordedBy: actor.userId,
  };
  let row: MedicationAdministration;
  if (order.kind === 'vast') {
    const { scheduledFor, status, reason } = parseOrThrow(scheduledDoseSchema, input);
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
    });
  } else {
    const { reason, administeredAt = now, lateReason } = parseOrThrow(prnDoseSchema, input);
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
    row = em.create(MedicationAdministration, {
      ...base,
      scheduledFor: null,
      status: 'gegeven',
      prn: true,
      reason,
      administeredAt,
      lateReason: late ? (lateReason ?? null) : null,
    });
  }
  recordAudit(em, actor, { action: 'create', resourceType: 'MedicationAdministration', resourceId: row.id, patientIds: [order.patientId] });
  return administrationView(row, order, await staffNames(em, [actor.userId]));
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
  row.effectBy = actor.userId;
  recordAudit(em, actor, { action: 'update', resourceType: 'MedicationAdministration', resourceId: row.id, patientIds: [row.patientId] });
  const [view] = await administrationViews(em, [row]);
  return view!;
}
