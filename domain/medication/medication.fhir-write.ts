import type { MedicationAdministration as FhirAdministration } from '@medplum/fhirtypes';
import type { AuditActor } from '../audit/audit.service';
import { runUseCaseWithin } from '../audit/use-case';
import type { EntityManager } from '../db/orm';
import {
  asResourceError,
  bodyOf,
  echoedOf,
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
import { AppError } from '../shared/errors';
import { isUuid } from '../shared/ids';
import { MedicationOrder, type AdministrationStatus } from './medication.entity';
import { administrationStatusSystem, medicationAdministrationResource, scheduledForUrl, lateReasonUrl } from './medication.fhir';
import { administrationNotFound, orderNotFound } from './medication.service';
import { administerDose, recordDoseEffect } from './medication.use-cases';

/*
 * A dose registered by a pharmacy's or ward's eMAR as a FHIR MedicationAdministration (ADR 0098):
 * mapped onto the nurse's registration (`administerDose`), so the same rules hold as on the
 * medication page: the order must be this patient's and running, a fixed dose is one of its
 * planned moments and is registered once, a zo-nodig dose keeps to the maximum and the interval,
 * high-risk medication names its second nurse, and the Dutch field messages are the page's.
 */

const at = (path: string) => `MedicationAdministration.${path}`;
const kept = [
  'status',
  'statusReason',
  'subject',
  'request',
  'effectiveDateTime',
  'medicationCodeableConcept',
  'medicationReference',
  'performer',
  'reasonCode',
  'extension',
];

/** FHIR's status (and our coding in statusReason) → the registration's: completed is given, not-done refused or not given. */
function statusOf(body: FhirAdministration): AdministrationStatus {
  if (body.status === 'completed') return 'gegeven';
  if (body.status === 'not-done') {
    const code = (body.statusReason ?? [])
      .flatMap((reason) => reason.coding ?? [])
      .find((coding) => coding.system === administrationStatusSystem)?.code;
    return code === 'geweigerd' ? 'geweigerd' : 'niet-gegeven';
  }
  throw invalidAt(
    at('status'),
    'Alleen een gegeven dosis (status completed) of een niet gegeven dosis (status not-done, met reden) wordt vastgelegd.',
  );
}

const textOf = (concepts: { text?: string; coding?: { display?: string }[] }[] | undefined): string | undefined =>
  concepts?.map((concept) => concept.text ?? concept.coding?.find((coding) => coding.display)?.display).find(Boolean);

const extensionValue = (body: FhirAdministration, url: string) => body.extension?.find((item) => item.url === url);

/** The second nurse of a high-risk dose: the performer whose function is verifier. */
function verifierOf(body: FhirAdministration): string | undefined {
  const performer = (body.performer ?? []).find((item) => (item.function?.coding ?? []).some((coding) => coding.code === 'verifier'));
  if (!performer) return undefined;
  const id = referencedId(performer.actor?.reference, 'Practitioner');
  if (!id) throw invalidAt(at('performer'), 'Geef de tweede verpleegkundige (verifier) als verwijzing "Practitioner/<id>".');
  return id;
}

/** Create: the dose on the order `request` names, of the patient `subject` names; answers the registration as stored. */
export async function createFhirMedicationAdministration(
  em: EntityManager,
  actor: AuditActor,
  { body, strict }: FhirCreateInput,
): Promise<FhirWritten<FhirAdministration>> {
  const resource = bodyOf<FhirAdministration>('MedicationAdministration', body);
  const status = statusOf(resource);
  const patientId = await patientOfWrite(em, resource.subject?.reference, at('subject'));
  const orderId = referencedId(resource.request?.reference, 'MedicationRequest');
  if (!orderId) throw invalidAt(at('request'), 'Geef het voorschrift als request.reference "MedicationRequest/<id>".');
  if (!resource.effectiveDateTime) throw invalidAt(at('effectiveDateTime'), 'Geef het tijdstip van de toediening (effectiveDateTime).');
  const order = await em.findOne(MedicationOrder, { id: orderId, patientId }, { fields: ['kind'] });
  if (order?.kind === 'zo-nodig' && status !== 'gegeven')
    throw invalidAt(at('status'), 'Een zo-nodig-gift wordt alleen vastgelegd als zij gegeven is (status completed), met haar reden.');
  const more: Record<string, string> = {};
  (resource.extension ?? []).forEach((item, index) => {
    if (item.url !== scheduledForUrl && item.url !== lateReasonUrl)
      more[at(`extension[${index}]`)] = `De extensie ${String(item.url)} wordt niet bewaard in het dossier.`;
  });
  (resource.performer ?? []).forEach((item, index) => {
    if (!(item.function?.coding ?? []).some((coding) => coding.code === 'verifier'))
      more[at(`performer[${index}]`)] = 'Wie de dosis gaf, is de koppeling die haar vastlegt; deze performer wordt niet bewaard.';
  });
  const unstored = unstoredOf('MedicationAdministration', resource, kept, { strict, more });
  const scheduled = extensionValue(resource, scheduledForUrl)?.valueDateTime ?? resource.effectiveDateTime;
  const reason = status === 'gegeven' ? textOf(resource.reasonCode) : textOf(resource.statusReason);
  // One shape for both kinds of order: the service reads the fields of the order's kind.
  const dose = {
    scheduledFor: scheduled,
    status,
    reason,
    administeredAt: resource.effectiveDateTime,
    lateReason: extensionValue(resource, lateReasonUrl)?.valueString,
    doubleCheckedBy: verifierOf(resource),
  };
  const paths = {
    scheduledFor: extensionValue(resource, scheduledForUrl) ? at(`extension`) : at('effectiveDateTime'),
    administeredAt: at('effectiveDateTime'),
    status: at('status'),
    reason: status === 'gegeven' ? at('reasonCode') : at('statusReason'),
    lateReason: at('extension'),
    doubleCheckedBy: at('performer'),
  };
  const registered = await runUseCaseWithin(em, actor, administerDose, { orderId, dose, patientId }).catch((error: unknown) => {
    // Another patient's order (or none): the reference is wrong, whether the order exists or not.
    if (error instanceof AppError && error.code === 'not_found' && error.message === orderNotFound)
      throw invalidAt(at('request'), 'Dit voorschrift is niet gevonden bij deze patiënt.');
    throw asResourceError(error, paths);
  });
  await em.flush();
  const [stored] = await medicationAdministrationResource.load(em, [registered.id]);
  return { resource: stored!.resource, created: true, unstored };
}

/** The effect a `note` states ("Effect: …", as a read writes it, or the text alone); null without one. */
const effectOf = (resource: FhirAdministration): string | null => {
  const text = resource.note?.find((note) => note.text?.trim())?.text;
  return text === undefined ? null : text.replace(/^\s*effect\s*:\s*/i, '');
};

/**
 * Update: the one change the medication page makes to a registered dose, the effect of a zo-nodig
 * dose written once afterwards (`recordDoseEffect`), as `note` on the dose as read. Every other
 * element sent must be as stored (a registration is not changed otherwise: 400 at its path); one
 * left out is not removed. A PUT with the effect already stored, or none, keeps the version.
 */
export async function updateFhirMedicationAdministration(
  em: EntityManager,
  actor: AuditActor,
  { id, body, version }: FhirUpdateInput,
): Promise<FhirWritten<FhirAdministration>> {
  const resource = bodyOf<FhirAdministration>('MedicationAdministration', body);
  requireSameId('MedicationAdministration', id, resource);
  const [current] = isUuid(id) ? await medicationAdministrationResource.load(em, [id]) : [];
  if (!current) throw AppError.notFound(administrationNotFound);
  requireVersion('MedicationAdministration', current.resource.meta?.versionId ?? '1', version);
  const echoed = new Set([...echoedOf(resource, current.resource), 'resourceType', 'id', 'meta', 'text', 'note']);
  const changed = Object.keys(resource).filter((key) => !echoed.has(key));
  if (changed.length) {
    const message = 'Van een geregistreerde gift wordt alleen het effect van een zo-nodig-gift vastgelegd (note); de rest verandert niet.';
    throw AppError.validation(Object.fromEntries(changed.map((key) => [at(key), message])), message);
  }
  const effect = effectOf(resource);
  if (effect !== null && effect !== effectOf(current.resource)) {
    await runUseCaseWithin(em, actor, recordDoseEffect, {
      administrationId: id,
      effect: { effect },
      patientId: current.patientId ?? undefined,
    }).catch((error: unknown) => {
      throw asResourceError(error, { effect: at('note[0].text') });
    });
    await em.flush();
  }
  const [stored] = await medicationAdministrationResource.load(em, [id]);
  return { resource: stored!.resource, created: false, unstored: {} };
}
