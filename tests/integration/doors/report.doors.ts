import {
  changeReport,
  readReport,
  removeReport,
  reportTimeline,
  searchReports,
  writeReport,
} from '../../../domain/report/report.use-cases';
import type { SignedIn } from '../../support/factories';
import { json, request } from '../../support/http';
import { confirm, form, preparedChain } from './agenda.doors';
import { newPatient } from './arrange';
import { doorCase, statusOf } from './doors';

/** A report of the clinician's for a new patient, written through the API. */
async function withReport({ cookie }: SignedIn) {
  const patientId = await newPatient(cookie);
  const response = await json('/api/reports', {
    method: 'POST',
    cookie,
    body: { patientId, type: 'verpleegkundig', category: 'observatie', content: 'Rustige nacht.' },
  });
  return { patientId, reportId: ((await response.json()) as { id: string }).id };
}

export const cases = [
  doorCase({
    useCase: writeReport,
    arrange: async ({ cookie }) => ({ patientId: await newPatient(cookie) }),
    doors: {
      api: ({ cookie }, { patientId }) =>
        statusOf(
          json('/api/reports', {
            method: 'POST',
            cookie,
            body: { patientId, type: 'dagnotitie', category: 'observatie', content: 'Rustig op de afdeling.' },
          }),
        ),
      page: ({ cookie }, { patientId }) =>
        statusOf(
          request(`/patients/${patientId}/rapportages?_data=routes/_app.patients.$id.rapportages`, {
            method: 'POST',
            cookie,
            body: form({ type: 'dagnotitie', category: 'observatie', content: 'Rustig op de afdeling.' }),
          }),
        ),
      assistant: async ({ cookie }, { patientId }) =>
        confirm(
          cookie,
          await preparedChain(cookie, {
            intent: 'dagnotitie',
            entities: { patientId, category: 'observatie', content: 'Rustig op de afdeling.' },
          }),
        ),
    },
  }),
  doorCase({
    useCase: readReport,
    arrange: withReport,
    doors: { api: ({ cookie }, { reportId }) => statusOf(request(`/api/reports/${reportId}`, { cookie })) },
  }),
  doorCase({
    useCase: changeReport,
    arrange: withReport,
    doors: {
      api: ({ cookie }, { reportId }) =>
        statusOf(json(`/api/reports/${reportId}`, { method: 'PATCH', cookie, body: { content: 'Rustige nacht, goed geslapen.' } })),
    },
  }),
  doorCase({
    useCase: removeReport,
    arrange: withReport,
    doors: { api: ({ cookie }, { reportId }) => statusOf(json(`/api/reports/${reportId}`, { method: 'DELETE', cookie })) },
  }),
  doorCase({
    useCase: searchReports,
    arrange: withReport,
    doors: { api: ({ cookie }, { patientId }) => statusOf(request(`/api/reports?patientId=${patientId}`, { cookie })) },
  }),
  doorCase({
    useCase: reportTimeline,
    arrange: withReport,
    doors: {
      page: ({ cookie }, { patientId }) =>
        statusOf(request(`/patients/${patientId}/rapportages?_data=routes/_app.patients.$id.rapportages`, { cookie })),
    },
  }),
];
