import {
  administerDose,
  medicationOf,
  prescribeMedication,
  recordDoseEffect,
  stopMedication,
} from '../../../domain/medication/medication.use-cases';
import { addDaysToIsoDate, clinicalToday } from '../../../domain/shared/clinical-time';
import { json, request } from '../../support/http';
import { newPatient } from './arrange';
import { doorCase, statusOf } from './doors';

/** A zo-nodig order that may be given at once again (no interval, three a day), started yesterday. */
const prnOrder = () => ({
  productCode: 'lorazepam-1',
  dose: '1 tablet',
  kind: 'zo-nodig',
  indication: 'onrust',
  maxPerDay: 3,
  minIntervalMinutes: 0,
  startDate: addDaysToIsoDate(clinicalToday(), -1),
});

/** A patient with a zo-nodig order, prescribed through the API by the signed-in doctor. */
const withOrder = async (cookie: string) => {
  const patientId = await newPatient(cookie);
  const prescribed = await json(`/api/patients/${patientId}/medication`, { method: 'POST', cookie, body: prnOrder() });
  return { patientId, orderId: ((await prescribed.json()) as { id: string }).id };
};

/** As `withOrder`, and one dose of it given. */
const withDose = async (cookie: string) => {
  const { patientId, orderId } = await withOrder(cookie);
  const given = await json(`/api/medication/${orderId}/administrations`, { method: 'POST', cookie, body: { reason: 'Onrustig' } });
  return { patientId, orderId, administrationId: ((await given.json()) as { id: string }).id };
};

const fresh = async ({ cookie }: { cookie: string }) => ({ patientId: await newPatient(cookie) });
const page = (cookie: string, path: string, fields: Record<string, string | number>) =>
  statusOf(
    request(path, {
      method: 'POST',
      cookie,
      body: new URLSearchParams(Object.entries(fields).map(([name, value]) => [name, String(value)])),
    }),
  );

// A doctor throughout: prescribing and stopping are theirs, and anyone clinical registers a dose.
const role = 'psychiater' as const;

export const cases = [
  doorCase({
    useCase: medicationOf,
    role,
    arrange: fresh,
    doors: {
      api: ({ cookie }, { patientId }) => statusOf(request(`/api/patients/${patientId}/medication`, { cookie })),
      page: ({ cookie }, { patientId }) =>
        statusOf(request(`/patients/${patientId}/medicatie?_data=routes/_app.patients.$id.medicatie`, { cookie })),
    },
  }),
  doorCase({
    useCase: prescribeMedication,
    role,
    arrange: fresh,
    doors: {
      api: ({ cookie }, { patientId }) =>
        statusOf(json(`/api/patients/${patientId}/medication`, { method: 'POST', cookie, body: prnOrder() })),
      page: ({ cookie }, { patientId }) => page(cookie, `/patients/${patientId}/medicatie/nieuw`, prnOrder()),
    },
  }),
  doorCase({
    useCase: stopMedication,
    role,
    arrange: ({ cookie }) => withOrder(cookie),
    doors: {
      api: ({ cookie }, { orderId }) =>
        statusOf(json(`/api/medication/${orderId}/stop`, { method: 'POST', cookie, body: { reason: 'Niet meer nodig' } })),
      page: ({ cookie }, { patientId, orderId }) =>
        page(cookie, `/patients/${patientId}/medicatie`, { intent: 'stoppen', orderId, reason: 'Niet meer nodig' }),
    },
  }),
  doorCase({
    useCase: administerDose,
    role,
    arrange: ({ cookie }) => withOrder(cookie),
    doors: {
      api: ({ cookie }, { orderId }) =>
        statusOf(json(`/api/medication/${orderId}/administrations`, { method: 'POST', cookie, body: { reason: 'Onrustig' } })),
      page: ({ cookie }, { patientId, orderId }) =>
        page(cookie, `/patients/${patientId}/medicatie`, { intent: 'zo-nodig', orderId, reason: 'Onrustig' }),
    },
  }),
  doorCase({
    useCase: recordDoseEffect,
    role,
    arrange: ({ cookie }) => withDose(cookie),
    doors: {
      api: ({ cookie }, { administrationId }) =>
        statusOf(
          json(`/api/medication/administrations/${administrationId}/effect`, { method: 'POST', cookie, body: { effect: 'Rustiger' } }),
        ),
      page: ({ cookie }, { patientId, administrationId }) =>
        page(cookie, `/patients/${patientId}/medicatie`, { intent: 'effect', administrationId, effect: 'Rustiger' }),
    },
  }),
];
