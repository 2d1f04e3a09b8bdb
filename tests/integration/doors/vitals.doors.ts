import { wallClockOf } from '../../../domain/shared/clinical-time';
import { correctVitalValue, latestVitalsOf, listVitalRounds, recordVitalRound } from '../../../domain/measurements/vitals.use-cases';
import { json, request } from '../../support/http';
import { newPatient } from './arrange';
import { doorCase, statusOf } from './doors';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** A patient with one round of one value (a heart rate), recorded through the API. */
const withValue = async (cookie: string) => {
  const patientId = await newPatient(cookie);
  const response = await json(`/api/patients/${patientId}/vitals`, {
    method: 'POST',
    cookie,
    body: { observedAt: minutesAgo(10).toISOString(), measures: { hartfrequentie: 80 } },
  });
  const round = (await response.json()) as { values: { id: string }[] };
  return { patientId, valueId: round.values[0]!.id };
};

const fresh = async ({ cookie }: { cookie: string }) => ({ patientId: await newPatient(cookie) });

export const cases = [
  doorCase({
    useCase: listVitalRounds,
    arrange: fresh,
    doors: {
      api: ({ cookie }, { patientId }) => statusOf(request(`/api/patients/${patientId}/vitals`, { cookie })),
      page: ({ cookie }, { patientId }) =>
        statusOf(request(`/patients/${patientId}/metingen?_data=routes/_app.patients.$id.metingen`, { cookie })),
    },
  }),
  doorCase({
    useCase: latestVitalsOf,
    arrange: fresh,
    doors: {
      page: ({ cookie }, { patientId }) => statusOf(request(`/patients/${patientId}?_data=routes/_app.patients.$id._index`, { cookie })),
    },
  }),
  doorCase({
    useCase: recordVitalRound,
    arrange: fresh,
    doors: {
      api: ({ cookie }, { patientId }) =>
        statusOf(
          json(`/api/patients/${patientId}/vitals`, {
            method: 'POST',
            cookie,
            body: { observedAt: minutesAgo(5).toISOString(), measures: { hartfrequentie: 72 } },
          }),
        ),
      page: ({ cookie }, { patientId }) => {
        const [datum, tijd] = wallClockOf(minutesAgo(5)).split('T') as [string, string];
        return statusOf(
          request(`/patients/${patientId}/metingen`, {
            method: 'POST',
            cookie,
            body: new URLSearchParams({ datum, tijd: tijd.slice(0, 5), hartfrequentie: '72' }),
          }),
        );
      },
      fhir: ({ cookie }, { patientId }) =>
        statusOf(
          request('/api/fhir/Observation', {
            method: 'POST',
            cookie,
            headers: { 'Content-Type': 'application/fhir+json' },
            body: JSON.stringify({
              resourceType: 'Observation',
              status: 'final',
              code: { coding: [{ system: 'http://loinc.org', code: '8867-4' }] },
              subject: { reference: `Patient/${patientId}` },
              effectiveDateTime: minutesAgo(5).toISOString(),
              valueQuantity: { value: 72, unit: '/min', system: 'http://unitsofmeasure.org', code: '/min' },
            }),
          }),
        ),
    },
  }),
  doorCase({
    useCase: correctVitalValue,
    arrange: ({ cookie }) => withValue(cookie),
    doors: {
      api: ({ cookie }, { valueId }) =>
        statusOf(json(`/api/vitals/${valueId}/correct`, { method: 'POST', cookie, body: { value: 82, reason: 'Verkeerd overgenomen' } })),
      page: ({ cookie }, { patientId, valueId }) =>
        statusOf(
          request(`/patients/${patientId}/metingen`, {
            method: 'POST',
            cookie,
            body: new URLSearchParams({ intent: 'corrigeren', id: valueId, value: '82', reason: 'Verkeerd overgenomen' }),
          }),
        ),
    },
  }),
];
