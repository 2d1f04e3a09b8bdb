import { randomUUID } from 'node:crypto';
import type { AnyUseCase } from '../../../domain/audit/use-case';
import {
  createAppointment as createFhirAppointment,
  createDocumentReference,
  createMedicationAdministration,
  createObservation,
  updateAppointment,
  updateMedicationAdministration,
  updateObservation,
  updateDocumentReference,
} from '../../../domain/fhir/fhir-writes.use-cases';
import { fhirBatchEntry, fhirTransaction } from '../../../domain/fhir/bundle.use-cases';
import {
  patientEverythingOf,
  readAllergyIntolerance,
  readAppointment,
  readCondition,
  readCoverage,
  readDocumentReference,
  readEpisodeOfCare,
  readMedicationAdministration,
  readMedicationRequest,
  readObservation,
  readOrganization,
  readPractitioner,
  readRiskAssessment,
  searchAllergyIntolerances,
  searchAppointments,
  searchConditions,
  searchCoverages,
  searchDocumentReferences,
  searchEpisodesOfCare,
  searchMedicationAdministrations,
  searchMedicationRequests,
  searchObservations,
  searchOrganizations,
  searchPractitioners,
  searchRiskAssessments,
} from '../../../domain/fhir/fhir.use-cases';
import { addDaysToIsoDate, clinicalToday } from '../../../domain/shared/clinical-time';
import {
  createAppointment,
  createDiagnosis,
  createReport,
  createRisk,
  createUser,
  createVital,
  type SignedIn,
} from '../../support/factories';
import { json, login, request } from '../../support/http';
import { newPatient } from './arrange';
import { doorCase, statusOf } from './doors';

const fhirJson = { 'Content-Type': 'application/fhir+json' };

/** A medication order of the patient, prescribed by the (psychiater) clinician. */
async function prescribed(cookie: string, patientId: string): Promise<string> {
  const order = await json(`/api/patients/${patientId}/medication`, {
    method: 'POST',
    cookie,
    body: {
      productCode: 'lorazepam-1',
      dose: '1 tablet',
      kind: 'zo-nodig',
      indication: 'onrust',
      maxPerDay: 3,
      minIntervalMinutes: 0,
      startDate: addDaysToIsoDate(clinicalToday(), -1),
    },
  });
  if (order.status !== 201) throw new Error(`prescribing answered ${order.status}: ${await order.text()}`);
  return ((await order.json()) as { id: string }).id;
}

/** A dose of that order given by a nurse of the same organisation. */
async function administered(clinician: SignedIn, orderId: string): Promise<string> {
  const nurse = await createUser(clinician.organisationId, { role: 'verpleegkundige' });
  const { cookie } = await login(nurse.email, nurse.password);
  const given = await json(`/api/medication/${orderId}/administrations`, { method: 'POST', cookie: cookie!, body: { reason: 'Onrustig' } });
  if (given.status !== 201) throw new Error(`giving answered ${given.status}: ${await given.text()}`);
  return ((await given.json()) as { id: string }).id;
}

/** One resource of each clinical type for a fresh patient, as the record holds it. */
const makers: Record<string, (clinician: SignedIn, patientId: string) => Promise<string>> = {
  Observation: ({ organisationId, user }, patientId) =>
    createVital(organisationId, {
      patientId,
      code: 'hartfrequentie',
      label: 'Hartfrequentie',
      value: 80,
      unit: '/min',
      interpretation: 'N',
      recordedBy: user.id,
    }),
  Condition: ({ organisationId }, patientId) => createDiagnosis(organisationId, { patientId, code: 'F32.2', label: 'Depressie' }),
  RiskAssessment: ({ organisationId }, patientId) =>
    createRisk(organisationId, { patientId, riskType: 'agressie', riskLevel: 'hoog', rationale: 'Dreigend op de afdeling' }),
  Appointment: ({ organisationId, user }, patientId) =>
    createAppointment(organisationId, { patientId, practitionerId: user.id, startAt: new Date(Date.now() + 86_400_000) }),
  DocumentReference: ({ organisationId, user }, patientId) =>
    createReport(organisationId, { patientId, createdBy: user.id, content: 'Rustige dienst.' }),
  MedicationRequest: ({ cookie }, patientId) => prescribed(cookie, patientId),
  MedicationAdministration: async (clinician, patientId) => administered(clinician, await prescribed(clinician.cookie, patientId)),
  AllergyIntolerance: async ({ cookie }, patientId) => {
    const recorded = await json(`/api/patients/${patientId}/allergies`, {
      method: 'POST',
      cookie,
      body: { substance: 'Penicilline', reaction: 'Huiduitslag', severity: 'matig' },
    });
    if (recorded.status !== 201) throw new Error(`recording the allergy answered ${recorded.status}: ${await recorded.text()}`);
    return ((await recorded.json()) as { id: string }).id;
  },
  // The care episode is the patient's own: it has the patient's id.
  EpisodeOfCare: async (_clinician, patientId) => patientId,
  // So is the insurance (every test patient is registered with one).
  Coverage: async (_clinician, patientId) => patientId,
};

const clinical: [string, AnyUseCase, AnyUseCase][] = [
  ['Observation', readObservation, searchObservations],
  ['Condition', readCondition, searchConditions],
  ['AllergyIntolerance', readAllergyIntolerance, searchAllergyIntolerances],
  ['RiskAssessment', readRiskAssessment, searchRiskAssessments],
  ['Appointment', readAppointment, searchAppointments],
  ['DocumentReference', readDocumentReference, searchDocumentReferences],
  ['MedicationRequest', readMedicationRequest, searchMedicationRequests],
  ['MedicationAdministration', readMedicationAdministration, searchMedicationAdministrations],
  ['EpisodeOfCare', readEpisodeOfCare, searchEpisodesOfCare],
  ['Coverage', readCoverage, searchCoverages],
];

const arrangeOf = (type: string) => async (clinician: SignedIn) => {
  const patientId = await newPatient(clinician.cookie);
  return { patientId, id: await makers[type]!(clinician, patientId) };
};
// Prescribing is the psychiater's; everyone reads.
const roleOf = (type: string) => (type.startsWith('Medication') ? ('psychiater' as const) : undefined);

const glucose = (patientId: string) => ({
  resourceType: 'Observation',
  status: 'final',
  code: { coding: [{ system: 'http://loinc.org', code: '15074-8' }] },
  subject: { reference: `Patient/${patientId}` },
  effectiveDateTime: new Date(Date.now() - 60_000).toISOString(),
  valueQuantity: { value: 5.2, unit: 'mmol/L', system: 'http://unitsofmeasure.org', code: 'mmol/L' },
});

const bundle = (type: 'transaction' | 'batch', patientId: string) =>
  JSON.stringify({
    resourceType: 'Bundle',
    type,
    entry: [{ fullUrl: `urn:uuid:${randomUUID()}`, request: { method: 'POST', url: 'Observation' }, resource: glucose(patientId) }],
  });

const fresh = async ({ cookie }: { cookie: string }) => ({ patientId: await newPatient(cookie) });

/** Staff and the organisation are about no patient: the clinician reads themself and their own organisation. */
const directory: [string, AnyUseCase, AnyUseCase, (clinician: SignedIn) => string][] = [
  ['Practitioner', readPractitioner, searchPractitioners, (clinician) => clinician.user.id],
  ['Organization', readOrganization, searchOrganizations, (clinician) => clinician.organisationId],
];

export const cases = [
  ...directory.flatMap(([type, read, search, idOf]) => [
    doorCase({
      useCase: read,
      arrange: async (clinician) => ({ patientId: '', id: idOf(clinician) }),
      doors: { fhir: ({ cookie }, { id }) => statusOf(request(`/api/fhir/${type}/${id}`, { cookie })) },
    }),
    doorCase({
      useCase: search,
      arrange: async (clinician) => ({ patientId: '', id: idOf(clinician) }),
      doors: {
        fhir: ({ cookie }, { id }) => statusOf(request(`/api/fhir/${type}?_id=${id}`, { cookie })),
        'fhir _search': ({ cookie }, { id }) =>
          statusOf(
            request(`/api/fhir/${type}/_search`, {
              method: 'POST',
              cookie,
              headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
              body: new URLSearchParams({ _id: id }),
            }),
          ),
      },
    }),
  ]),
  ...clinical.flatMap(([type, read, search]) => [
    doorCase({
      useCase: read,
      role: roleOf(type),
      arrange: arrangeOf(type),
      doors: {
        fhir: ({ cookie }, { id }) => statusOf(request(`/api/fhir/${type}/${id}`, { cookie })),
      },
    }),
    doorCase({
      useCase: search,
      role: roleOf(type),
      arrange: arrangeOf(type),
      doors: {
        fhir: ({ cookie }, { patientId }) => statusOf(request(`/api/fhir/${type}?patient=${patientId}`, { cookie })),
        'fhir _search': ({ cookie }, { patientId }) =>
          statusOf(
            request(`/api/fhir/${type}/_search`, {
              method: 'POST',
              cookie,
              headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
              body: new URLSearchParams({ patient: patientId }),
            }),
          ),
      },
    }),
  ]),
  doorCase({
    useCase: createObservation,
    arrange: fresh,
    doors: {
      fhir: ({ cookie }, { patientId }) =>
        statusOf(request('/api/fhir/Observation', { method: 'POST', cookie, headers: fhirJson, body: JSON.stringify(glucose(patientId)) })),
    },
  }),
  doorCase({
    useCase: updateObservation,
    arrange: async (clinician: SignedIn) => {
      const patientId = await newPatient(clinician.cookie);
      const created = await request('/api/fhir/Observation', {
        method: 'POST',
        cookie: clinician.cookie,
        headers: fhirJson,
        body: JSON.stringify(glucose(patientId)),
      });
      return { patientId, observation: (await created.json()) as Record<string, unknown> };
    },
    doors: {
      fhir: ({ cookie }, { observation }) =>
        statusOf(
          request(`/api/fhir/Observation/${String(observation.id)}`, {
            method: 'PUT',
            cookie,
            headers: fhirJson,
            body: JSON.stringify({
              ...observation,
              status: 'corrected',
              valueQuantity: { value: 2.5, code: 'mmol/L' },
              note: [{ text: 'Tikfout' }],
            }),
          }),
        ),
    },
  }),
  doorCase({
    useCase: fhirTransaction,
    arrange: fresh,
    doors: {
      fhir: ({ cookie }, { patientId }) =>
        statusOf(request('/api/fhir', { method: 'POST', cookie, headers: fhirJson, body: bundle('transaction', patientId) })),
    },
  }),
  doorCase({
    useCase: patientEverythingOf,
    arrange: async (clinician: SignedIn) => {
      const patientId = await newPatient(clinician.cookie);
      return { patientId, id: await makers.Observation!(clinician, patientId) };
    },
    doors: {
      fhir: ({ cookie }, { patientId }) => statusOf(request(`/api/fhir/Patient/${patientId}/$everything`, { cookie })),
      'fhir escaped': ({ cookie }, { patientId }) => statusOf(request(`/api/fhir/Patient/${patientId}/%24everything`, { cookie })),
    },
  }),
  doorCase({
    useCase: fhirBatchEntry,
    arrange: fresh,
    doors: {
      fhir: ({ cookie }, { patientId }) =>
        statusOf(request('/api/fhir', { method: 'POST', cookie, headers: fhirJson, body: bundle('batch', patientId) })),
    },
  }),
  // The record's writes as FHIR (ADR 0098): each logged by the record's own use case, as from its page.
  doorCase({
    useCase: createMedicationAdministration,
    role: 'psychiater',
    arrange: async (clinician: SignedIn) => {
      const patientId = await newPatient(clinician.cookie);
      return { patientId, orderId: await prescribed(clinician.cookie, patientId) };
    },
    doors: {
      fhir: ({ cookie }, { patientId, orderId }) =>
        statusOf(
          request('/api/fhir/MedicationAdministration', {
            method: 'POST',
            cookie,
            headers: fhirJson,
            body: JSON.stringify({
              resourceType: 'MedicationAdministration',
              status: 'completed',
              medicationCodeableConcept: { text: 'lorazepam 1 mg' },
              subject: { reference: `Patient/${patientId}` },
              request: { reference: `MedicationRequest/${orderId}` },
              reasonCode: [{ text: 'Onrustig' }],
              effectiveDateTime: new Date().toISOString(),
            }),
          }),
        ),
    },
  }),
  doorCase({
    useCase: updateMedicationAdministration,
    role: 'psychiater',
    arrange: async (clinician: SignedIn) => {
      const patientId = await newPatient(clinician.cookie);
      const orderId = await prescribed(clinician.cookie, patientId);
      const given = await request('/api/fhir/MedicationAdministration', {
        method: 'POST',
        cookie: clinician.cookie,
        headers: fhirJson,
        body: JSON.stringify({
          resourceType: 'MedicationAdministration',
          status: 'completed',
          medicationCodeableConcept: { text: 'lorazepam 1 mg' },
          subject: { reference: `Patient/${patientId}` },
          request: { reference: `MedicationRequest/${orderId}` },
          reasonCode: [{ text: 'Onrustig' }],
          effectiveDateTime: new Date(Date.now() - 60_000).toISOString(),
        }),
      });
      return { patientId, dose: (await given.json()) as Record<string, unknown> };
    },
    doors: {
      fhir: ({ cookie }, { dose }) =>
        statusOf(
          request(`/api/fhir/MedicationAdministration/${String(dose.id)}`, {
            method: 'PUT',
            cookie,
            headers: fhirJson,
            body: JSON.stringify({ ...dose, note: [{ text: 'Effect: rustiger' }] }),
          }),
        ),
    },
  }),
  doorCase({
    useCase: createDocumentReference,
    arrange: fresh,
    doors: {
      fhir: ({ cookie }, { patientId }) =>
        statusOf(request('/api/fhir/DocumentReference', { method: 'POST', cookie, headers: fhirJson, body: letter(patientId) })),
    },
  }),
  doorCase({
    useCase: updateDocumentReference,
    arrange: async (clinician: SignedIn) => {
      const patientId = await newPatient(clinician.cookie);
      return {
        patientId,
        id: await createReport(clinician.organisationId, {
          patientId,
          createdBy: clinician.user.id,
          type: 'behandeling',
          category: null,
          content: 'Eerste versie.',
        }),
      };
    },
    doors: {
      fhir: ({ cookie }, { patientId, id }) =>
        statusOf(request(`/api/fhir/DocumentReference/${id}`, { method: 'PUT', cookie, headers: fhirJson, body: letter(patientId, id) })),
    },
  }),
  doorCase({
    useCase: createFhirAppointment,
    arrange: fresh,
    doors: {
      fhir: ({ cookie }, { patientId }) =>
        statusOf(request('/api/fhir/Appointment', { method: 'POST', cookie, headers: fhirJson, body: booking(patientId, 1) })),
    },
  }),
  doorCase({
    useCase: updateAppointment,
    arrange: async (clinician: SignedIn) => {
      const patientId = await newPatient(clinician.cookie);
      const created = await request('/api/fhir/Appointment', {
        method: 'POST',
        cookie: clinician.cookie,
        headers: fhirJson,
        body: booking(patientId, 1),
      });
      return { patientId, id: ((await created.json()) as { id: string }).id };
    },
    doors: {
      fhir: ({ cookie }, { patientId, id }) =>
        statusOf(request(`/api/fhir/Appointment/${id}`, { method: 'PUT', cookie, headers: fhirJson, body: booking(patientId, 2, id) })),
    },
  }),
];

function letter(patientId: string, id?: string): string {
  return JSON.stringify({
    resourceType: 'DocumentReference',
    ...(id ? { id } : {}),
    status: 'current',
    type: { coding: [{ system: 'https://ggz-epd.nl/fhir/CodeSystem/rapportagetype', code: 'behandeling' }] },
    subject: { reference: `Patient/${patientId}` },
    content: [
      { attachment: { contentType: 'text/plain', data: Buffer.from(id ? 'Gecorrigeerd.' : 'Brief van elders.').toString('base64') } },
    ],
  });
}

/** An appointment `days` days from now, for the patient. */
function booking(patientId: string, days: number, id?: string): string {
  const start = new Date(Date.now() + days * 86_400_000);
  return JSON.stringify({
    resourceType: 'Appointment',
    ...(id ? { id } : {}),
    status: 'booked',
    appointmentType: { coding: [{ system: 'https://ggz-epd.nl/fhir/CodeSystem/afspraaktype', code: 'behandelgesprek' }] },
    start: start.toISOString(),
    end: new Date(start.getTime() + 30 * 60_000).toISOString(),
    participant: [{ actor: { reference: `Patient/${patientId}` }, status: 'accepted' }],
  });
}
