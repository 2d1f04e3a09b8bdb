import { generateBsn } from '../../../domain/demo/patient-generator';
import {
  collectHandover,
  handoverDetailOf,
  handoverOverviewOf,
  handoverPageOf,
  recordHandoverOf,
  storeHandoverSummary,
  tickHandoverAction,
  wardHandoverOf,
} from '../../../domain/handover/handover.use-cases';
import { asOwner, createReport, registerPatient, type SignedIn } from '../../support/factories';
import { json, request } from '../../support/http';
import { newPatient } from './arrange';
import { doorCase, statusOf } from './doors';

/** The patients this file put on the ward list, each with an incident in the period. */
const onTheWard: string[] = [];

/**
 * A new patient on the ward list, at its top among patients as urgent (an incident in the period, a
 * name first in order), and the ward otherwise as the previous door found it: the patient an earlier
 * door put on the list leaves it again (its incident withdrawn), so each door's list names the same
 * other patients and counts the same total.
 */
async function aloneOnTheWard({ cookie, organisationId, user }: SignedIn): Promise<{ patientId: string }> {
  if (onTheWard.length > 0)
    await asOwner(organisationId, (db) =>
      db.query('update reports set deleted_at = now(), deleted_by = $2 where patient_id = any($1) and deleted_at is null', [
        onTheWard,
        user.id,
      ]),
    );
  const patientId = await registerPatient(cookie, {
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: generateBsn(Math.random) }],
    name: [{ family: 'Aaldering', given: ['Door'] }],
  });
  await createReport(organisationId, {
    patientId,
    createdBy: user.id,
    type: 'verpleegkundig',
    category: 'incident',
    content: 'Sloeg tegen de deur van de huiskamer.',
    createdAt: new Date(Date.now() - 60 * 60_000),
  });
  onTheWard.push(patientId);
  return { patientId };
}

/** A patient with a summary stored today, with one action item to tick off. */
async function withSummary({ cookie, organisationId, user }: SignedIn): Promise<{ patientId: string; summaryId: string }> {
  const patientId = await newPatient(cookie);
  const summary = {
    aandachtspunten: [],
    actiepunten: [{ tekst: 'Bel de huisarts over de medicatie.', eigenaar: 'team' }],
    meta: { patientId, period: '1d', role: 'verpleegkundige', bron: 'lokaal', model: null, generatedAt: new Date().toISOString() },
  };
  const summaryId = await asOwner(organisationId, async (db) => {
    const { rows } = await db.query<{ id: string }>(
      `insert into handover_summaries (organisation_id, patient_id, workflow_id, period, role, source, model, summary, generated_by)
       values ($1, $2, $3, '1d', 'verpleegkundige', 'lokaal', null, $4, $5) returning id`,
      [organisationId, patientId, `doors-${crypto.randomUUID()}`, JSON.stringify(summary), user.id],
    );
    return rows[0]!.id;
  });
  return { patientId, summaryId };
}

const generate = {
  api: ({ cookie }: SignedIn, { patientId }: { patientId: string }) =>
    statusOf(json('/api/overdracht/generate', { method: 'POST', cookie, body: { patientId } })),
  page: ({ cookie }: SignedIn, { patientId }: { patientId: string }) =>
    statusOf(
      request('/overdracht', { method: 'POST', cookie, body: new URLSearchParams({ patientId, periode: '1d', rol: 'verpleegkundige' }) }),
    ),
};

const tick =
  (path: string) =>
  ({ cookie }: SignedIn, { summaryId }: { summaryId: string }) =>
    statusOf(
      request(path, {
        method: 'POST',
        cookie,
        body: new URLSearchParams({ intent: 'actiepunt', summaryId, actiepunt: '0', gedaan: 'true' }),
      }),
    );

export const cases = [
  doorCase({
    useCase: handoverOverviewOf,
    arrange: aloneOnTheWard,
    doors: {
      api: ({ cookie }) => statusOf(request('/api/overdracht/patients?period=1d&limit=100', { cookie })),
    },
  }),
  doorCase({
    useCase: handoverDetailOf,
    arrange: async ({ cookie }) => ({ patientId: await newPatient(cookie) }),
    doors: {
      api: ({ cookie }, { patientId }) => statusOf(request(`/api/overdracht/${patientId}?period=3d`, { cookie })),
    },
  }),
  doorCase({
    useCase: recordHandoverOf,
    arrange: withSummary,
    doors: {
      page: ({ cookie }, { patientId }) =>
        statusOf(request(`/patients/${patientId}/overdracht?rol=verpleegkundige&_data=routes/_app.patients.$id.overdracht`, { cookie })),
    },
  }),
  doorCase({
    useCase: handoverPageOf,
    arrange: aloneOnTheWard,
    doors: {
      page: ({ cookie }, { patientId }) =>
        statusOf(request(`/overdracht?patient=${patientId}&rol=verpleegkundige&_data=routes/_app.overdracht`, { cookie })),
    },
  }),
  doorCase({
    useCase: wardHandoverOf,
    arrange: aloneOnTheWard,
    doors: {
      api: ({ cookie }) => statusOf(request('/api/overdracht/ward?period=1d&filterForRole=verpleegkundige', { cookie })),
      page: ({ cookie }) =>
        statusOf(request('/overdracht/afdeling?rol=verpleegkundige&_data=routes/_app.overdracht_.afdeling', { cookie })),
      print: ({ cookie }) =>
        statusOf(request('/overdracht/afdeling/afdrukken?rol=verpleegkundige&_data=routes/overdracht.afdeling.afdrukken', { cookie })),
      pdf: ({ cookie }) => statusOf(request('/overdracht/afdeling/pdf?rol=verpleegkundige', { cookie })),
    },
  }),
  doorCase({
    useCase: tickHandoverAction,
    arrange: withSummary,
    doors: {
      api: ({ cookie }, { summaryId }) =>
        statusOf(json(`/api/overdracht/summaries/${summaryId}/actions/0`, { method: 'POST', cookie, body: { done: true } })),
      page: tick('/overdracht'),
      ward: tick('/overdracht/afdeling'),
    },
  }),
  doorCase({
    useCase: collectHandover,
    arrange: async ({ cookie }) => ({ patientId: await newPatient(cookie) }),
    doors: generate,
  }),
  doorCase({
    useCase: storeHandoverSummary,
    arrange: async ({ cookie }) => ({ patientId: await newPatient(cookie) }),
    doors: generate,
  }),
];
