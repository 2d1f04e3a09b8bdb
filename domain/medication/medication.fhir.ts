import type {
  MedicationAdministration as FhirAdministration,
  MedicationRequest as FhirRequest,
  Practitioner,
  Reference,
} from '@medplum/fhirtypes';
import type { EntityManager } from '../db/orm';
import { patientReference, practitionerReferences, withStaff, type ClinicalResource } from '../fhir/clinical';
import { dateParameter, idParameter, patientParameter } from '../fhir/search';
import { clinicalToday } from '../shared/clinical-time';
import { MedicationAdministration, MedicationOrder } from './medication.entity';
import { productByCode } from './products';
import { intervalText, prnIndication } from './safety';
import { defaultMinIntervalMinutes } from './safety-rules';

const atcSystem = 'http://www.whocc.no/atc';
/** The registration's own status (given, refused, not given) beside FHIR's, which folds the last two into not-done. */
export const administrationStatusSystem = 'https://ggz-epd.nl/fhir/CodeSystem/toedieningsstatus';
/** The planned moment a fixed dose belongs to (FHIR's MedicationAdministration has no element for it). */
export const scheduledForUrl = 'https://ggz-epd.nl/fhir/StructureDefinition/toediening-gepland-tijdstip';
/** Why a zo-nodig dose was registered well after it was given (nagekomen). */
export const lateReasonUrl = 'https://ggz-epd.nl/fhir/StructureDefinition/toediening-nagekomen-reden';

function medicationOf(order: Pick<MedicationOrder, 'productCode' | 'productName'>) {
  const product = productByCode.get(order.productCode);
  return {
    coding: product ? [{ system: atcSystem, code: product.atc, display: product.name }] : [],
    text: order.productName,
  };
}

export function toFhirMedicationRequest(order: MedicationOrder, prescriber: Reference<Practitioner> | undefined): FhirRequest {
  const today = clinicalToday();
  const status = order.stoppedAt ? 'stopped' : order.endDate && order.endDate < today ? 'completed' : 'active';
  const bounds = { start: order.startDate, ...(order.endDate ? { end: order.endDate } : {}) };
  return {
    resourceType: 'MedicationRequest',
    id: order.id,
    meta: { versionId: order.stoppedAt ? '2' : '1', lastUpdated: (order.stoppedAt ?? order.createdAt).toISOString() },
    status,
    ...(order.stopReason ? { statusReason: { text: order.stopReason } } : {}),
    intent: 'order',
    medicationCodeableConcept: medicationOf(order),
    subject: patientReference(order.patientId),
    authoredOn: order.createdAt.toISOString(),
    ...(prescriber ? { requester: prescriber } : {}),
    ...(order.note ? { note: [{ text: order.note }] } : {}),
    dosageInstruction: [
      order.kind === 'vast'
        ? {
            text: `${order.dose} om ${order.times.join(', ')}`,
            timing: { repeat: { boundsPeriod: bounds, timeOfDay: order.times.map((time) => `${time}:00`) } },
            route: { text: order.route },
          }
        : {
            text: `${order.dose} zo nodig ${prnIndication(order.indication)}, maximaal ${order.maxPerDay}× per 24 uur${prnInterval(order)}`,
            timing: { repeat: { boundsPeriod: bounds } },
            asNeededCodeableConcept: { text: order.indication ?? '' },
            maxDosePerPeriod: {
              numerator: { value: order.maxPerDay ?? 0, unit: 'keer' },
              denominator: { value: 24, unit: 'h', system: 'http://unitsofmeasure.org', code: 'h' },
            },
            route: { text: order.route },
          },
    ],
  };
}

export const medicationRequestResource: ClinicalResource<FhirRequest> = {
  documentation: 'Medicatievoorschriften (vaste tijden of zo nodig met indicatie en maximum per 24 uur), met ATC-code.',
  async load(em: EntityManager, ids) {
    return withStaff(em, await em.find(MedicationOrder, { id: { $in: [...ids] } }), (row) => row.prescribedBy, toFhirMedicationRequest);
  },
  search: {
    resourceType: 'MedicationRequest',
    from: 'medication_orders',
    parameters: {
      _id: idParameter,
      patient: patientParameter(),
      subject: patientParameter(),
      authoredon: dateParameter('authoredon', 'created_at', true, 'Moment van voorschrijven, met voorvoegsel eq, ne, ge, gt, le of lt.'),
    },
    sortOrders: { '-authoredon': 'created_at desc, id asc', authoredon: 'created_at asc, id asc' },
  },
};

const prnInterval = (order: MedicationOrder) => {
  const minutes = order.minIntervalMinutes ?? defaultMinIntervalMinutes;
  return minutes ? `, minimaal ${intervalText(minutes)} tussen twee giften` : '';
};

/** The second nurse of a high-risk dose (ADR 60) is its verifier (HL7 med-admin-perform-function). */
const verifier = (actor: Reference<Practitioner>) => ({
  function: {
    coding: [{ system: 'http://terminology.hl7.org/CodeSystem/med-admin-perform-function', code: 'verifier', display: 'Verifier' }],
  },
  actor,
});

/** "1 tablet", "2,5 mg" → a dose quantity (FHIR wants dose or rate in a dosage); a dose in words has no dosage element. */
function dosageOf(order: MedicationOrder | undefined): Pick<FhirAdministration, 'dosage'> {
  const match = order ? /^(\d+(?:[.,]\d+)?)\s*(.+)$/.exec(order.dose.trim()) : null;
  if (!order || !match) return {};
  return {
    dosage: {
      text: order.dose,
      route: { text: order.route },
      dose: { value: Number(match[1]!.replace(',', '.')), unit: match[2]!.trim() },
    },
  };
}

export function toFhirMedicationAdministration(
  row: MedicationAdministration,
  order: MedicationOrder | undefined,
  nurse: Reference<Practitioner> | undefined,
  checkedBy?: Reference<Practitioner>,
): FhirAdministration {
  return {
    resourceType: 'MedicationAdministration',
    id: row.id,
    meta: { versionId: row.effect ? '2' : '1', lastUpdated: (row.effectAt ?? row.createdAt).toISOString() },
    ...(row.scheduledFor || row.lateReason
      ? {
          extension: [
            ...(row.scheduledFor ? [{ url: scheduledForUrl, valueDateTime: row.scheduledFor.toISOString() }] : []),
            ...(row.lateReason ? [{ url: lateReasonUrl, valueString: row.lateReason }] : []),
          ],
        }
      : {}),
    status: row.status === 'gegeven' ? 'completed' : 'not-done',
    ...(row.status !== 'gegeven'
      ? {
          statusReason: [
            { coding: [{ system: administrationStatusSystem, code: row.status }], ...(row.reason ? { text: row.reason } : {}) },
          ],
        }
      : {}),
    ...(row.prn && row.reason ? { reasonCode: [{ text: row.reason }] } : {}),
    medicationCodeableConcept: order ? medicationOf(order) : { text: 'onbekend' },
    subject: patientReference(row.patientId),
    effectiveDateTime: row.administeredAt.toISOString(),
    ...(nurse || checkedBy ? { performer: [...(nurse ? [{ actor: nurse }] : []), ...(checkedBy ? [verifier(checkedBy)] : [])] } : {}),
    request: { reference: `MedicationRequest/${row.orderId}` },
    ...dosageOf(order),
    ...(row.effect ? { note: [{ text: `Effect: ${row.effect}` }] } : {}),
  };
}

/** Registered doses (as stored, or as first written: ADR 0104's first versions) as MedicationAdministrations. */
export async function loadAdministrations(em: EntityManager, rows: readonly MedicationAdministration[]) {
  const orders = rows.length ? await em.find(MedicationOrder, { id: { $in: [...new Set(rows.map((row) => row.orderId))] } }) : [];
  const byId = new Map(orders.map((order) => [order.id, order]));
  const checkers = await practitionerReferences(
    em,
    rows.map((row) => row.doubleCheckedBy),
  );
  return withStaff(
    em,
    rows.map((row) => ({ row, order: byId.get(row.orderId), patientId: row.patientId })),
    (item) => item.row.recordedBy ?? item.row.koppelingId,
    (item, nurse) =>
      toFhirMedicationAdministration(
        item.row,
        item.order,
        nurse,
        item.row.doubleCheckedBy ? checkers.get(item.row.doubleCheckedBy) : undefined,
      ),
  );
}

export const medicationAdministrationResource: ClinicalResource<FhirAdministration> = {
  documentation:
    'Toedieningen per dosis: gegeven (completed), geweigerd of niet gegeven (not-done, met reden); zo-nodig-giften met reden en effect.',
  async load(em: EntityManager, ids) {
    return loadAdministrations(em, await em.find(MedicationAdministration, { id: { $in: [...ids] } }));
  },
  search: {
    resourceType: 'MedicationAdministration',
    from: 'medication_administrations',
    parameters: {
      _id: idParameter,
      patient: patientParameter(),
      subject: patientParameter(),
      'effective-time': dateParameter(
        'effective-time',
        'administered_at',
        true,
        'Moment van toedienen, met voorvoegsel eq, ne, ge, gt, le of lt; een datum is een dag in Nederlandse tijd.',
      ),
    },
    sortOrders: { '-effective-time': 'administered_at desc, id asc', 'effective-time': 'administered_at asc, id asc' },
  },
};
