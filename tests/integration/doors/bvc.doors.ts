import { correctBvcScore, latestBvcOf, listBvc, recordBvcScore } from '../../../domain/measurements/scales.use-cases';
import { wallClockOf } from '../../../domain/shared/clinical-time';
import { json, request } from '../../support/http';
import { newPatient } from './arrange';
import { doorCase, statusOf } from './doors';

const none = {
  verward: false,
  prikkelbaar: false,
  luidruchtig: false,
  'verbaal-dreigend': false,
  'fysiek-dreigend': false,
  'voorwerpen-aanvallen': false,
};

const withScore = async (cookie: string) => {
  const patientId = await newPatient(cookie);
  const response = await json(`/api/patients/${patientId}/bvc`, {
    method: 'POST',
    cookie,
    body: { observedAt: new Date().toISOString(), items: none },
  });
  return { patientId, scoreId: ((await response.json()) as { id: string }).id };
};

export const cases = [
  doorCase({
    useCase: listBvc,
    arrange: async ({ cookie }) => ({ patientId: await newPatient(cookie) }),
    doors: {
      api: ({ cookie }, { patientId }) => statusOf(request(`/api/patients/${patientId}/bvc`, { cookie })),
      page: ({ cookie }, { patientId }) =>
        statusOf(request(`/patients/${patientId}/metingen/bvc?_data=routes/_app.patients.$id.metingen_.bvc`, { cookie })),
    },
  }),
  doorCase({
    useCase: latestBvcOf,
    arrange: async ({ cookie }) => ({ patientId: await newPatient(cookie) }),
    doors: {
      page: ({ cookie }, { patientId }) => statusOf(request(`/patients/${patientId}?_data=routes/_app.patients.$id._index`, { cookie })),
    },
  }),
  doorCase({
    useCase: recordBvcScore,
    arrange: async ({ cookie }) => ({ patientId: await newPatient(cookie) }),
    doors: {
      api: ({ cookie }, { patientId }) =>
        statusOf(
          json(`/api/patients/${patientId}/bvc`, {
            method: 'POST',
            cookie,
            body: { observedAt: new Date().toISOString(), items: { ...none, verward: true } },
          }),
        ),
      page: ({ cookie }, { patientId }) => {
        const [datum, tijd] = wallClockOf(new Date(Date.now() - 5 * 60_000)).split('T') as [string, string];
        return statusOf(
          request(`/patients/${patientId}/metingen/bvc`, {
            method: 'POST',
            cookie,
            body: new URLSearchParams({ intent: 'scoren', datum, tijd: tijd.slice(0, 5), verward: 'on' }),
          }),
        );
      },
    },
  }),
  doorCase({
    useCase: correctBvcScore,
    arrange: ({ cookie }) => withScore(cookie),
    doors: {
      api: ({ cookie }, { scoreId }) =>
        statusOf(
          json(`/api/bvc/${scoreId}/correct`, {
            method: 'POST',
            cookie,
            body: { items: { ...none, luidruchtig: true }, reason: 'Verkeerd aangevinkt' },
          }),
        ),
      page: ({ cookie }, { patientId, scoreId }) =>
        statusOf(
          request(`/patients/${patientId}/metingen/bvc`, {
            method: 'POST',
            cookie,
            body: new URLSearchParams({ intent: 'corrigeren', id: scoreId, luidruchtig: 'on', reason: 'Verkeerd aangevinkt' }),
          }),
        ),
    },
  }),
];
