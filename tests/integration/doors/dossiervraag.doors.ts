import { askTheRecord } from '../../../domain/dossiervraag/dossiervraag.use-cases';
import { json, request } from '../../support/http';
import { newPatient } from './arrange';
import { doorCase, statusOf } from './doors';

const fresh = async ({ cookie }: { cookie: string }) => ({ patientId: await newPatient(cookie) });
const vraag = 'Wat was de laatste NEWS2?';

export const cases = [
  doorCase({
    useCase: askTheRecord,
    arrange: fresh,
    doors: {
      api: ({ cookie }, { patientId }) =>
        statusOf(json(`/api/patients/${patientId}/dossiervraag`, { method: 'POST', cookie, body: { vraag } })),
      page: ({ cookie }, { patientId }) =>
        statusOf(
          request(`/patients/${patientId}/dossiervraag?_data=routes/_app.patients.$id.dossiervraag`, {
            method: 'POST',
            cookie,
            body: new URLSearchParams({ vraag }),
          }),
        ),
    },
  }),
];
