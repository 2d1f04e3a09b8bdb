import { ownsAppointment } from '../shared/ownership';
import { koppelingOf, personOf, type AuditActor } from '../audit/audit.service';
import { User, clinicalRoles } from '../auth/auth.entities';
import type { EntityManager } from '../db/orm';
import { forUpdate } from '../db/locks';
import { Patient } from '../patient/patient.entity';
import { displayName } from '../patient/patient.service';
import { Report } from '../report/report.entity';
import { addClinicalDays } from '../shared/clinical-time';
import { AppError, dutchMessages } from '../shared/errors';
import { isUuid } from '../shared/ids';
import { Recent } from '../shared/recent';
import { parseOrThrow } from '../shared/validation';
import { dateLabels, rangeForLabel, type DateRange } from './agenda.dates';
import {
  agendaQuerySchema,
  cancelAppointmentSchema,
  cancelReasonText,
  cancelUndoMinutes,
  cancellationUndoableUntil,
  createAppointmentSchema,
  appointmentTargetSchema,
  restoreCancellationSchema,
  rescheduleAppointmentSchema,
  restoreScheduleSchema,
  type AppointmentStatus,
} from './agenda.schemas';
import { Appointment } from './appointment.entity';

export interface AppointmentView {
  id: string;
  patientId: string;
  patientName: string;
  start: string;
  end: string;
  type: string;
  practitionerId: string | null;
  ownerId: string;
  status: AppointmentStatus;
  location: string | null;
  /** Why it was cancelled, as the clinician said it; null when it was not. */
  cancelReason: string | null;
  /** When it was cancelled (ISO), and whether it was open then: what "Ongedaan maken" needs to know (ADR 0075). */
  cancelledAt: string | null;
  statusBeforeCancel: 'gepland' | 'verplaatst' | null;
  reportIds: readonly string[];
}

const defaultDurationMs = 45 * 60_000;

async function views(em: EntityManager, appointments: Appointment[]): Promise<AppointmentView[]> {
  if (appointments.length === 0) return [];
  const patients = await em.find(
    Patient,
    { id: { $in: [...new Set(appointments.map((a) => a.patientId))] } },
    { fields: ['id', 'nameGiven', 'namePrefix', 'familyName'] },
  );
  const names = new Map(patients.map((patient) => [patient.id, displayName(patient)]));
  const reports = await em.find(
    Report,
    { encounterId: { $in: appointments.map((a) => a.id) }, deletedAt: null },
    { fields: ['id', 'encounterId'] },
  );
  // Grouped once: a week of an organisation is thousands of appointments, filtering per appointment would be quadratic.
  const reportIds = new Map<string, string[]>();
  for (const report of reports) reportIds.set(report.encounterId!, [...(reportIds.get(report.encounterId!) ?? []), report.id]);
  return appointments.map((appointment) => ({
    id: appointment.id,
    patientId: appointment.patientId,
    patientName: names.get(appointment.patientId) ?? '',
    start: appointment.startAt.toISOString(),
    end: appointment.endAt.toISOString(),
    type: appointment.type,
    practitionerId: appointment.practitionerId ?? null,
    ownerId: appointment.ownerId ?? appointment.koppelingId ?? '',
    status: appointment.status,
    location: appointment.location ?? null,
    cancelReason: appointment.cancelReason ?? null,
    cancelledAt: appointment.cancelledAt?.toISOString() ?? null,
    statusBeforeCancel: appointment.statusBeforeCancel ?? null,
    reportIds: reportIds.get(appointment.id) ?? [],
  }));
}

/** The range an agenda request asks for: explicit start/end, a relative label, or today. */
export function requestedRange(
  query: { start?: Date; end?: Date; label?: string },
  now = new Date(),
): DateRange & { label: string | null } {
  if (query.label) {
    const range = rangeForLabel(query.label, now);
    if (!range)
      throw AppError.validation({
        label: `Onbekend datumlabel. Gebruik bijvoorbeeld ${dateLabels.slice(0, 5).join(', ')} of een weekdag.`,
      });
    return { ...range, label: query.label };
  }
  const today = rangeForLabel('vandaag', now)!;
  const start = query.start ?? today.start;
  // One calendar day on the ward's clock: a plain date ends at the next local midnight, 23 or 25 hours later on a DST day.
  const end = query.end ?? (query.start ? addClinicalDays(start, 1) : today.end);
  if (end <= start) throw AppError.validation({ end: 'Het einde moet na het begin liggen.' });
  if (end.getTime() - start.getTime() > 62 * 24 * 3600_000) throw AppError.validation({ end: 'Vraag maximaal twee maanden tegelijk op.' });
  return { start, end, label: null };
}

/** A timestamptz column as `toISOString()` writes it (UTC, milliseconds, Z). */
const isoUtc = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

interface AppointmentRow {
  id: string;
  patient_id: string;
  /** given_names_text: the given names joined by a space, as displayName joins them (a text[] per row cost the driver more to parse than the rest of the row). */
  given_names: string | null;
  name_prefix: string | null;
  family_name: string | null;
  /** ISO 8601 in UTC, formatted by PostgreSQL: thousands of rows need no Date parsing here. */
  start_at: string;
  end_at: string;
  type: string;
  practitioner_id: string | null;
  owner_id: string;
  status: AppointmentStatus;
  location: string | null;
  cancel_reason: string | null;
  cancelled_at: string | null;
  status_before_cancel: 'gepland' | 'verplaatst' | null;
  report_ids: string[];
}

/**
 * Recently read agenda ranges, by organisation, range and filter, each with the agenda version it
 * was read at (ADR 0023). During a shift change the same week is asked for again and again while
 * nothing in it changes; the database moves the version on with every change that shows in an
 * agenda, so an entry holds exactly as long as its version is the current one. Least recently
 * used out first, at most about 20 000 appointments in all (a few organisation weeks).
 */
export interface AgendaRead {
  version: string;
  appointments: readonly AppointmentView[];
  /** The patients the range shows, for the access log: computed once per read, not per request. */
  patientIds: readonly string[];
}
/** Weighed by appointments plus one, so ranges with none (any range a client asks for) are bounded too. */
const recentReads = new Recent<AgendaRead>(20_000, (read) => read.appointments.length + 1);
/** Reads under way: requests that miss the same range at the same version wait for one read, not each their own. */
const readsUnderWay = new Map<string, { version: string; read: Promise<AgendaRead> }>();

/**
 * Appointments overlapping a range, earliest first; optionally for one practitioner or patient.
 * One statement straight into views, no entities: an organisation's week is thousands of
 * appointments, and hydrating them (and their patients) into the unit of work cost ten times the
 * query (docs/performance.md). A range read before at the current agenda version is not read again.
 * The views are frozen: callers share them. The access log names the patients it shows
 * (`agenda.list` in agenda.use-cases.ts).
 */
export async function appointmentsBetween(
  em: EntityManager,
  actor: AuditActor,
  range: DateRange,
  filter: { practitionerId?: string; patientId?: string } = {},
): Promise<AgendaRead> {
  // As em.find would: the unit of work's own pending writes (a chain step's new appointment) count,
  // and move the version on (to one no other transaction can see until this one commits).
  await em.flush();
  const [current] = await em.execute<{ version: string }[]>('select version from agenda_versions');
  const key = [
    actor.organisationId,
    range.start.toISOString(),
    range.end.toISOString(),
    filter.practitionerId ?? '',
    filter.patientId ?? '',
  ].join(' ');
  const version = current?.version ?? '0';
  const recent = recentReads.get(key);
  return recent?.version === version ? recent : sharedRead(key, version, () => readAppointments(em, range, filter, version));
}

/**
 * One read per range and version at a time. Another transaction's read at the same version is as
 * good as this one's: both saw the same committed agenda (a transaction with writes of its own
 * sees a version no other can). If that read fails, this request reads for itself.
 */
async function sharedRead(key: string, version: string, read: () => Promise<AgendaRead>): Promise<AgendaRead> {
  const underWay = readsUnderWay.get(key);
  const joined = underWay?.version === version ? await underWay.read.catch(() => undefined) : undefined;
  if (joined) return joined;
  const reading = read();
  readsUnderWay.set(key, { version, read: reading });
  try {
    const result = await reading;
    recentReads.set(key, result);
    return result;
  } finally {
    if (readsUnderWay.get(key)?.read === reading) readsUnderWay.delete(key);
  }
}

async function readAppointments(
  em: EntityManager,
  range: DateRange,
  filter: { practitionerId?: string; patientId?: string },
  version: string,
): Promise<AgendaRead> {
  const rows = await em.execute<AppointmentRow[]>(
    `select a.id, a.patient_id, given_names_text(p.name_given) as given_names, p.name_prefix, p.family_name, ${isoUtc('a.start_at')} as start_at, ${isoUtc('a.end_at')} as end_at, a.type,
            a.practitioner_id, coalesce(a.owner_id, a.koppeling_id) as owner_id, a.status, a.location, a.cancel_reason, ${isoUtc('a.cancelled_at')} as cancelled_at, a.status_before_cancel,
            array(select r.id from reports r where r.encounter_id = a.id and r.deleted_at is null order by r.created_at, r.id) as report_ids
       from appointments a
       left join patients p on p.id = a.patient_id
      where a.start_at < ? and a.end_at > ?
        and (?::uuid is null or a.practitioner_id = ?::uuid)
        and (?::uuid is null or a.patient_id = ?::uuid)
      order by a.start_at, a.id`,
    [
      range.end,
      range.start,
      filter.practitionerId ?? null,
      filter.practitionerId ?? null,
      filter.patientId ?? null,
      filter.patientId ?? null,
    ],
  );
  const appointments = rows.map((row): AppointmentView =>
    Object.freeze({
      id: row.id,
      patientId: row.patient_id,
      patientName:
        row.family_name === null
          ? ''
          : displayName({ nameGiven: [row.given_names ?? ''], namePrefix: row.name_prefix, familyName: row.family_name }),
      start: row.start_at,
      end: row.end_at,
      type: row.type,
      practitionerId: row.practitioner_id,
      ownerId: row.owner_id,
      status: row.status,
      location: row.location,
      cancelReason: row.cancel_reason,
      cancelledAt: row.cancelled_at,
      statusBeforeCancel: row.status_before_cancel,
      reportIds: Object.freeze(row.report_ids),
    }),
  );
  return {
    version,
    appointments: Object.freeze(appointments),
    patientIds: Object.freeze([...new Set(appointments.map((a) => a.patientId))]),
  };
}

export async function agendaFor(em: EntityManager, actor: AuditActor, query: unknown, now = new Date()) {
  const parsed = parseOrThrow(agendaQuerySchema, query);
  const range = requestedRange(parsed, now);
  const { appointments, patientIds } = await appointmentsBetween(em, actor, range, {
    patientId: parsed.patientId,
    practitionerId: parsed.van === 'mij' ? actor.userId : undefined,
  });
  return { appointments, patientIds, range: { start: range.start.toISOString(), end: range.end.toISOString(), label: range.label } };
}

export async function createAppointment(em: EntityManager, actor: AuditActor, input: unknown, now = new Date()): Promise<AppointmentView> {
  const valid = parseOrThrow(createAppointmentSchema, input);
  if (valid.start < now) throw AppError.validation({ start: 'Een nieuwe afspraak kan niet in het verleden liggen.' });
  if (!(await em.findOne(Patient, { id: valid.patientId }, { fields: ['id'] })))
    throw AppError.validation({ patientId: 'Deze patiënt bestaat niet (meer).' });
  if (valid.practitionerId) await assertPractitioner(em, valid.practitionerId);
  const appointment = em.create(Appointment, {
    organisationId: actor.organisationId,
    patientId: valid.patientId,
    startAt: valid.start,
    endAt: valid.end ?? new Date(valid.start.getTime() + defaultDurationMs),
    type: valid.type,
    // A koppeling is no practitioner: what it plans without naming one has none.
    practitionerId: valid.practitionerId ?? (actor.role === 'koppeling' ? null : actor.userId),
    ownerId: personOf(actor),
    koppelingId: koppelingOf(actor),
    location: valid.location ?? null,
  });
  await em.flush();
  return (await views(em, [appointment]))[0]!;
}

/**
 * A practitioner is an active clinician of the actor's own organisation (row-level security hides
 * every other organisation's users): an unknown id, another organisation's or a beheerder is a 400.
 */
async function assertPractitioner(em: EntityManager, practitionerId: string): Promise<void> {
  const practitioner = await em.findOne(
    User,
    { id: practitionerId, disabledAt: null, role: { $in: [...clinicalRoles] } },
    { fields: ['id'] },
  );
  if (!practitioner) throw AppError.validation({ practitionerId: 'Kies een behandelaar van je eigen instelling.' });
}

/** The user's own appointment (owner or practitioner): 404 when it does not exist, 403 when it is someone else's. */
async function ownAppointment(em: EntityManager, actor: AuditActor, id: string, { locked = false } = {}): Promise<Appointment> {
  const appointment = isUuid(id) ? await em.findOne(Appointment, { id }, locked ? forUpdate : {}) : null;
  if (!appointment) throw AppError.notFound(dutchMessages.appointmentNotFound);
  if (!ownsAppointment(actor, appointment)) throw AppError.forbidden();
  return appointment;
}

/** A change to an appointment: it as it is now, and the status it had before (for "Ongedaan maken"). */
export interface AppointmentChange {
  appointment: AppointmentView;
  previousStatus: AppointmentStatus;
}

/**
 * Idempotent: cancelling a cancelled appointment (a retried request, a confirmed chain) changes
 * nothing and keeps the first reason (`previousStatus` says it was cancelled already).
 */
export async function cancelAppointment(
  em: EntityManager,
  actor: AuditActor,
  input: unknown,
  now = new Date(),
): Promise<AppointmentChange> {
  // Which appointment first: someone else's is a 403 and an unknown one a 404, whatever the reason says.
  const { appointmentId } = parseOrThrow(appointmentTargetSchema, input);
  const appointment = await ownAppointment(em, actor, appointmentId);
  const previousStatus = appointment.status;
  if (appointment.status !== 'geannuleerd') {
    const { reasonCode, reason } = parseOrThrow(cancelAppointmentSchema, input);
    appointment.status = 'geannuleerd';
    appointment.cancelReason = cancelReasonText(reasonCode, reason);
    appointment.cancelReasonCode = reasonCode ?? null;
    appointment.cancelledAt = now;
    // Only an open appointment can be given back; a finished one cancelled afterwards stays cancelled.
    appointment.statusBeforeCancel = previousStatus === 'gepland' || previousStatus === 'verplaatst' ? previousStatus : null;
  }
  return { appointment: (await views(em, [appointment]))[0]!, previousStatus };
}

/**
 * Undoes a cancellation made a moment ago (the page's "Ongedaan maken"): the status it had before,
 * kept with the cancellation, and no reason. Only the clinician's own appointment, only while it is
 * still that cancellation, and only within `cancelUndoMinutes` of it; after that it is planned
 * again, not undone. The row is locked: of two undos at once the second finds it undone (409).
 */
export async function restoreCancellation(
  em: EntityManager,
  actor: AuditActor,
  input: unknown,
  now = new Date(),
): Promise<{ appointment: AppointmentView }> {
  const { appointmentId } = parseOrThrow(restoreCancellationSchema, input);
  const appointment = await ownAppointment(em, actor, appointmentId, { locked: true });
  if (appointment.status !== 'geannuleerd' || !appointment.cancelledAt || !appointment.statusBeforeCancel)
    throw new AppError('conflict', 'Deze afspraak is intussen gewijzigd; de annulering kan niet meer ongedaan worden gemaakt.');
  if (!cancellationUndoableUntil(appointment, now))
    throw new AppError(
      'conflict',
      `De annulering is meer dan ${cancelUndoMinutes} minuten geleden en kan niet meer ongedaan worden gemaakt. Plan de afspraak opnieuw in.`,
    );
  appointment.status = appointment.statusBeforeCancel;
  appointment.cancelReason = null;
  appointment.cancelReasonCode = null;
  appointment.cancelledAt = null;
  appointment.statusBeforeCancel = null;
  return { appointment: (await views(em, [appointment]))[0]! };
}

/** Any appointment of the organisation, for reading: 404 when it does not exist (or is another organisation's). */
export async function getAppointment(em: EntityManager, id: string): Promise<AppointmentView> {
  const appointment = isUuid(id) ? await em.findOne(Appointment, { id }) : null;
  if (!appointment) throw AppError.notFound(dutchMessages.appointmentNotFound);
  return (await views(em, [appointment]))[0]!;
}

/** The user's own appointment as a view; 404 / 403 as for any change to it. */
export async function ownAppointmentView(em: EntityManager, actor: AuditActor, id: string): Promise<AppointmentView> {
  return (await views(em, [await ownAppointment(em, actor, id)]))[0]!;
}

/** Why an appointment cannot be registered as a no-show, or null when it can (or already is). */
export function noShowRefusal(appointment: Pick<AppointmentView, 'status' | 'start'>, now: Date): string | null {
  if (appointment.status === 'niet-verschenen') return null;
  if (appointment.status === 'geannuleerd') return 'Deze afspraak is geannuleerd; ‘niet verschenen’ kan niet meer worden geregistreerd.';
  if (appointment.status === 'afgerond') return 'Deze afspraak is afgerond; de patiënt is dus verschenen.';
  if (new Date(appointment.start) > now)
    return 'Deze afspraak is nog niet begonnen; ‘niet verschenen’ kan pas na de begintijd worden geregistreerd.';
  return null;
}

/**
 * Registers that the patient did not come. `niet-verschenen`, not `geannuleerd`: a no-show is a
 * clinical fact (it counts for follow-up and the GP letter), a cancellation is an agreement made
 * beforehand. Idempotent, and it reports the status it found so a withdrawal can restore it.
 */
export async function markNoShow(
  em: EntityManager,
  actor: AuditActor,
  appointmentId: string,
  now = new Date(),
): Promise<{ appointment: AppointmentView; previousStatus: AppointmentStatus }> {
  const appointment = await ownAppointment(em, actor, appointmentId);
  const previousStatus = appointment.status;
  const refusal = noShowRefusal({ status: appointment.status, start: appointment.startAt.toISOString() }, now);
  if (refusal) throw new AppError('conflict', refusal);
  if (appointment.status !== 'niet-verschenen') {
    appointment.status = 'niet-verschenen';
    appointment.cancelReason = 'Niet verschenen';
  }
  return { appointment: (await views(em, [appointment]))[0]!, previousStatus };
}

/**
 * Undoes `markNoShow` when the clinician withdraws it, unless someone changed the appointment since
 * (`restored` says whether it did).
 */
export async function restoreAfterNoShow(
  em: EntityManager,
  actor: AuditActor,
  appointmentId: string,
  previousStatus: AppointmentStatus,
): Promise<{ appointment: AppointmentView; restored: boolean }> {
  const appointment = await ownAppointment(em, actor, appointmentId);
  const restored = appointment.status === 'niet-verschenen' && previousStatus !== 'niet-verschenen';
  if (restored) {
    appointment.status = previousStatus;
    appointment.cancelReason = null;
  }
  return { appointment: (await views(em, [appointment]))[0]!, restored };
}

/** Moves an appointment; without a new end it keeps its length. */
export async function rescheduleAppointment(
  em: EntityManager,
  actor: AuditActor,
  input: unknown,
  now = new Date(),
): Promise<{ appointment: AppointmentView; before: Pick<AppointmentView, 'start' | 'end' | 'status'> }> {
  const { appointmentId, start, end } = parseOrThrow(rescheduleAppointmentSchema, input);
  const appointment = await ownAppointment(em, actor, appointmentId);
  if (appointment.status === 'geannuleerd') throw new AppError('conflict', 'Een geannuleerde afspraak kan niet worden verplaatst.');
  if (start < now) throw AppError.validation({ start: 'Een afspraak kan niet naar het verleden worden verplaatst.' });
  // Where it was, for the page's "Ongedaan maken".
  const before = { start: appointment.startAt.toISOString(), end: appointment.endAt.toISOString(), status: appointment.status };
  const duration = appointment.endAt.getTime() - appointment.startAt.getTime();
  appointment.startAt = start;
  appointment.endAt = end ?? new Date(start.getTime() + duration);
  appointment.status = 'verplaatst';
  return { appointment: (await views(em, [appointment]))[0]!, before };
}

/**
 * Undoes a move made a moment ago: the start, end and status it had. Only the clinician's own
 * appointment, and not once it is cancelled or marked as a no-show since.
 */
export async function restoreSchedule(em: EntityManager, actor: AuditActor, input: unknown): Promise<{ appointment: AppointmentView }> {
  const { appointmentId, start, end, status } = parseOrThrow(restoreScheduleSchema, input);
  const appointment = await ownAppointment(em, actor, appointmentId);
  if (appointment.status !== 'verplaatst')
    throw new AppError('conflict', 'Deze afspraak is intussen gewijzigd; de verplaatsing kan niet meer ongedaan worden gemaakt.');
  appointment.startAt = start;
  appointment.endAt = end;
  appointment.status = status;
  return { appointment: (await views(em, [appointment]))[0]! };
}

/** The clinicians an appointment can be planned with: active users of the actor's organisation (row-level security). */
export async function clinicians(em: EntityManager): Promise<{ id: string; name: string }[]> {
  const users = await em.find(
    User,
    { disabledAt: null, role: { $in: [...clinicalRoles] } },
    { fields: ['id', 'displayName'], orderBy: { displayName: 'asc' } },
  );
  return users.map((user) => ({ id: user.id, name: user.displayName }));
}

/** The patient of an appointment of the organisation, for the access log; an unknown id (or another organisation's) names nobody. */
export async function appointmentPatients(em: EntityManager, appointmentId: unknown): Promise<string[]> {
  if (!isUuid(appointmentId)) return [];
  const appointment = await em.findOne(Appointment, { id: appointmentId }, { fields: ['patientId'] });
  return appointment ? [appointment.patientId] : [];
}

/** The patient an input names, if the organisation has one by that id: a write's refused attempt names them. */
export async function namedPatients(em: EntityManager, patientId: unknown): Promise<string[]> {
  if (!isUuid(patientId)) return [];
  return (await em.findOne(Patient, { id: patientId }, { fields: ['id'] })) ? [patientId] : [];
}
