import type { Appointment as FhirAppointment } from '@medplum/fhirtypes';
import type { AuditActor } from '../audit/audit.service';
import { runUseCaseWithin, type UseCase } from '../audit/use-case';
import type { EntityManager } from '../db/orm';
import {
  asResourceError,
  bodyOf,
  invalidAt,
  patientOfWrite,
  referencedId,
  requireSameId,
  requireVersion,
  unstoredOf,
  type FhirCreateInput,
  type FhirUpdateInput,
  type FhirWritten,
} from '../fhir/write';
import { AppError, dutchMessages } from '../shared/errors';
import { isUuid } from '../shared/ids';
import { appointmentTypes } from './agenda.schemas';
import { ownAppointmentView } from './agenda.service';
import { cancelAppointmentOf, moveAppointment, planAppointment, readAppointment, registerNoShow } from './agenda.use-cases';
import { Appointment } from './appointment.entity';
import { appointmentResource, appointmentStatusUrl, appointmentTypeSystem, appointmentVersion } from './appointment.fhir';
import { cancelReasonCodes } from './cancel-reasons';

/*
 * An appointment planned or changed by another system as a FHIR Appointment (ADR 0098), through
 * the agenda's own use cases: a create is the agenda's new appointment (not in the past, a
 * practitioner of the organisation), an update is what the agenda can do to one — move it, cancel
 * it with a reason, register a no-show — and only to an appointment that is the caller's own, as on
 * the page. What the agenda cannot change (the type, the patient, the practitioner) is a 400.
 */

const at = (path: string) => `Appointment.${path}`;
const kept = [
  'status',
  'appointmentType',
  'start',
  'end',
  'minutesDuration',
  'participant',
  'description',
  'extension',
  'cancelationReason',
];
const paths = {
  patientId: at('participant'),
  practitionerId: at('participant'),
  start: at('start'),
  end: at('end'),
  type: at('appointmentType'),
  location: at('description'),
  reason: at('cancelationReason'),
  reasonCode: at('cancelationReason'),
};
const locationPrefix = 'Locatie: ';

/** The patient and practitioner among the participants; anything else is a warning. */
function participantsOf(resource: FhirAppointment) {
  const participants = resource.participant ?? [];
  const patients = participants.filter((item) => item.actor?.reference?.startsWith('Patient/'));
  if (patients.length !== 1) throw invalidAt(at('participant'), 'Een afspraak heeft precies één patiënt als participant (Patient/<id>).');
  const practitioners = participants.filter((item) => item.actor?.reference?.startsWith('Practitioner/'));
  if (practitioners.length > 1) throw invalidAt(at('participant'), 'Een afspraak heeft hoogstens één behandelaar als participant.');
  const practitioner = practitioners[0];
  const practitionerId = practitioner ? referencedId(practitioner.actor?.reference, 'Practitioner') : undefined;
  if (practitioner && !practitionerId) throw invalidAt(at('participant'), 'Verwijs naar de behandelaar als "Practitioner/<id>".');
  const more: Record<string, string> = {};
  participants.forEach((item, index) => {
    if (item !== patients[0] && item !== practitioner)
      more[at(`participant[${index}]`)] = 'Alleen de patiënt en één behandelaar worden als deelnemer bewaard.';
  });
  return { patientReference: patients[0]!.actor!.reference, practitionerId: practitionerId ?? undefined, more };
}

function typeOf(resource: FhirAppointment): string {
  const code = (resource.appointmentType?.coding ?? []).find((coding) => coding.system === appointmentTypeSystem)?.code;
  if (!code)
    throw invalidAt(
      at('appointmentType'),
      `Geef het soort afspraak als appointmentType.coding van ${appointmentTypeSystem}: ${appointmentTypes.join(', ')}.`,
    );
  return code;
}

/** The end: `end`, or `start` + `minutesDuration`, or none (the agenda's default length). */
function endOf(resource: FhirAppointment): string | undefined {
  if (resource.end) return resource.end;
  if (resource.start && typeof resource.minutesDuration === 'number' && Date.parse(resource.start))
    return new Date(Date.parse(resource.start) + resource.minutesDuration * 60_000).toISOString();
  return undefined;
}

function locationOf(resource: FhirAppointment, more: Record<string, string>): string | undefined {
  if (resource.description === undefined) return undefined;
  if (resource.description.startsWith(locationPrefix)) return resource.description.slice(locationPrefix.length);
  more[at('description')] = `Alleen een locatie ("${locationPrefix}…") wordt uit description bewaard.`;
  return undefined;
}

function extensionWarnings(resource: FhirAppointment, more: Record<string, string>): void {
  (resource.extension ?? []).forEach((item, index) => {
    if (item.url !== appointmentStatusUrl)
      more[at(`extension[${index}]`)] = `De extensie ${String(item.url)} wordt niet bewaard in het dossier.`;
  });
}

async function stored(em: EntityManager, id: string): Promise<FhirAppointment> {
  await em.flush();
  const [found] = await appointmentResource.load(em, [id]);
  return found!.resource;
}

/** Create: a booked appointment of the patient among the participants; answers it as the agenda holds it. */
export async function createFhirAppointment(
  em: EntityManager,
  actor: AuditActor,
  { body, strict }: FhirCreateInput,
): Promise<FhirWritten<FhirAppointment>> {
  const resource = bodyOf<FhirAppointment>('Appointment', body);
  if (resource.status !== 'booked') throw invalidAt(at('status'), 'Een nieuwe afspraak wordt vastgelegd als geboekt (status booked).');
  const { patientReference, practitionerId, more } = participantsOf(resource);
  const patientId = await patientOfWrite(em, patientReference, at('participant'));
  const type = typeOf(resource);
  const location = locationOf(resource, more);
  extensionWarnings(resource, more);
  if (resource.cancelationReason)
    more[at('cancelationReason')] = 'Een nieuwe afspraak heeft geen reden van annuleren; die wordt niet bewaard.';
  const unstored = unstoredOf('Appointment', resource, kept, { strict, more });
  const input = { patientId, start: resource.start, end: endOf(resource), type, location, practitionerId };
  const appointment = await runUseCaseWithin(em, actor, planAppointment, input).catch((error: unknown) => {
    throw asResourceError(error, paths);
  });
  return { resource: await stored(em, appointment.id), created: true, unstored };
}

/** A changed element the agenda keeps but cannot change through an update. */
const unchangeable = (what: string) => `${what} van een afspraak verandert niet; annuleer haar en plan een nieuwe.`;

/**
 * Update: the agenda's change the body asks for — `cancelled` with `cancelationReason` cancels,
 * `noshow` registers a no-show, `booked` at another start or end moves it — on the caller's own
 * appointment (another's is a 403, as on the page); `If-Match` names the version changed.
 */
export async function updateFhirAppointment(
  em: EntityManager,
  actor: AuditActor,
  { id, body, version, strict }: FhirUpdateInput,
): Promise<FhirWritten<FhirAppointment>> {
  const resource = bodyOf<FhirAppointment>('Appointment', body);
  requireSameId('Appointment', id, resource);
  const row = isUuid(id) ? await em.findOne(Appointment, { id }) : null;
  if (!row) throw AppError.notFound(dutchMessages.appointmentNotFound);
  requireVersion('Appointment', appointmentVersion(row), version);
  const { patientReference, practitionerId, more } = participantsOf(resource);
  if (referencedId(patientReference, 'Patient') !== row.patientId) throw invalidAt(at('participant'), unchangeable('De patiënt'));
  if (practitionerId !== undefined && practitionerId !== (row.practitionerId ?? row.ownerId))
    throw invalidAt(at('participant'), unchangeable('De behandelaar'));
  if (typeOf(resource) !== row.type) throw invalidAt(at('appointmentType'), unchangeable('Het soort'));
  const location = locationOf(resource, more);
  if ((location ?? null) !== (row.location ?? null)) throw invalidAt(at('description'), unchangeable('De locatie'));
  extensionWarnings(resource, more);
  const unstored = unstoredOf('Appointment', resource, kept, { strict, more });
  const appointmentId = id;
  const run = <I, O>(useCase: UseCase<I, O>, input: I) =>
    runUseCaseWithin(em, actor, useCase, input).catch((error: unknown) => {
      throw asResourceError(error, paths);
    });
  if (resource.status === 'cancelled') {
    const reasonCode = (resource.cancelationReason?.coding ?? []).find((coding) =>
      (cancelReasonCodes as readonly string[]).includes(coding.code ?? ''),
    )?.code;
    await run(cancelAppointmentOf, { appointmentId, reasonCode, reason: resource.cancelationReason?.text });
  } else if (resource.status === 'noshow') {
    await run(registerNoShow, { appointmentId, at: new Date() });
  } else if (resource.status === 'booked') {
    if (row.status === 'geannuleerd' || row.status === 'niet-verschenen' || row.status === 'afgerond')
      throw new AppError('conflict', 'Deze afspraak is niet meer gepland; plan een nieuwe afspraak.');
    const end = endOf(resource);
    const moved =
      !resource.start ||
      Date.parse(resource.start) !== row.startAt.getTime() ||
      (end !== undefined && Date.parse(end) !== row.endAt.getTime());
    if (moved) await run(moveAppointment, { appointmentId, start: resource.start, end });
    // Nothing to change: still only the caller's own appointment, and its read is logged as one.
    else await run(readAppointment, { id: (await ownAppointmentView(em, actor, id)).id });
  } else {
    throw invalidAt(
      at('status'),
      'Een afspraak wordt via FHIR verplaatst (booked), geannuleerd (cancelled) of als niet verschenen (noshow) vastgelegd.',
    );
  }
  return { resource: await stored(em, id), created: false, unstored };
}
