import { lapseAllergyEntry, listAllergies, recordAllergyEntry } from '../../../domain/allergies/allergies.use-cases';
import {
  compulsoryCareTab,
  endCoerciveMeasure,
  evaluateCoerciveMeasure,
  listCoerciveMeasures,
  registerCoerciveMeasure,
} from '../../../domain/coercive-care/coercive-care.use-cases';
import { correctLegalStatusEntry, listLegalStatus, registerLegalStatusEntry } from '../../../domain/coercive-care/legal-status.use-cases';
import { saveSignaleringsplanVersion, showSignaleringsplan } from '../../../domain/signaleringsplan/signaleringsplan.use-cases';
import { addDaysToIsoDate, clinicalToday, wallClockOf } from '../../../domain/shared/clinical-time';
import { json, request } from '../../support/http';
import { newPatient } from './arrange';
import { doorCase, statusOf } from './doors';

/** The allergies, Wvggz (legal status, compulsory care) and signaleringsplan use cases, through every door. */

const page = (cookie: string, path: string, form: Record<string, string>) =>
  statusOf(request(path, { method: 'POST', cookie, body: new URLSearchParams(form) }));

const pageData = (cookie: string, path: string, routeId: string) => statusOf(request(`${path}?_data=routes/${routeId}`, { cookie }));

/** The date and time fields of a form, a few minutes ago. */
const moments = () => {
  const [datum, tijd] = wallClockOf(new Date(Date.now() - 5 * 60_000)).split('T') as [string, string];
  return { datum, tijd: tijd.slice(0, 5) };
};

const created = async (response: Promise<Response>) => ((await (await response).json()) as { id: string }).id;

const withAllergy = async (cookie: string) => {
  const patientId = await newPatient(cookie);
  const allergyId = await created(
    json(`/api/patients/${patientId}/allergies`, { method: 'POST', cookie, body: { substance: 'Penicilline', severity: 'ernstig' } }),
  );
  return { patientId, allergyId };
};

const withMeasure = async (cookie: string) => {
  const patientId = await newPatient(cookie);
  const measureId = await created(
    json(`/api/patients/${patientId}/coercive-measures`, {
      method: 'POST',
      cookie,
      body: {
        kind: 'separatie',
        startedAt: new Date(Date.now() - 60 * 60_000).toISOString(),
        legalBasis: 'noodsituatie',
        decidedBy: 'Dr. Jansen',
      },
    }),
  );
  return { patientId, measureId };
};

const withLegalStatus = async (cookie: string) => {
  const patientId = await newPatient(cookie);
  const statusId = await created(
    json(`/api/patients/${patientId}/legal-status`, {
      method: 'POST',
      cookie,
      body: { kind: 'wvggz-crisismaatregel', startsOn: addDaysToIsoDate(clinicalToday(), -2) },
    }),
  );
  return { patientId, statusId };
};

const freshPatient = async ({ cookie }: { cookie: string }) => ({ patientId: await newPatient(cookie) });

const plan = {
  groen: { signals: 'Slaapt goed', teamActions: 'Dagstructuur' },
  oranje: { signals: 'Trekt zich terug', teamActions: 'Gesprek aanbieden' },
  rood: { signals: 'Dreigt', teamActions: 'Time-out' },
};
const planForm = Object.fromEntries(
  Object.entries(plan).flatMap(([phase, parts]) => Object.entries(parts).map(([part, text]) => [`${phase}.${part}`, text])),
);

export const cases = [
  doorCase({
    useCase: listAllergies,
    // The prescriber's form shows the allergies too: only a doctor opens it.
    role: 'psychiater',
    arrange: freshPatient,
    doors: {
      api: ({ cookie }, { patientId }) => statusOf(request(`/api/patients/${patientId}/allergies`, { cookie })),
      page: ({ cookie }, { patientId }) => pageData(cookie, `/patients/${patientId}/allergieen`, '_app.patients.$id.allergieen'),
      prescription: ({ cookie }, { patientId }) =>
        pageData(cookie, `/patients/${patientId}/medicatie/nieuw`, '_app.patients.$id.medicatie_.nieuw'),
    },
  }),
  doorCase({
    useCase: recordAllergyEntry,
    arrange: freshPatient,
    doors: {
      api: ({ cookie }, { patientId }) =>
        statusOf(json(`/api/patients/${patientId}/allergies`, { method: 'POST', cookie, body: { substance: 'Pinda', severity: 'matig' } })),
      page: ({ cookie }, { patientId }) =>
        page(cookie, `/patients/${patientId}/allergieen`, { intent: 'allergie', substance: 'Pinda', severity: 'matig' }),
      'page, no known allergies': ({ cookie }, { patientId }) =>
        page(cookie, `/patients/${patientId}/allergieen`, { intent: 'geen-bekende' }),
      'api, no known allergies': ({ cookie }, { patientId }) =>
        statusOf(json(`/api/patients/${patientId}/allergies`, { method: 'POST', cookie, body: { noKnownAllergies: true } })),
    },
  }),
  doorCase({
    useCase: lapseAllergyEntry,
    arrange: ({ cookie }) => withAllergy(cookie),
    doors: {
      api: ({ cookie }, { allergyId }) =>
        statusOf(json(`/api/allergies/${allergyId}/lapse`, { method: 'POST', cookie, body: { reason: 'Onjuist vastgelegd' } })),
      page: ({ cookie }, { patientId, allergyId }) =>
        page(cookie, `/patients/${patientId}/allergieen`, { intent: 'vervallen', id: allergyId, reason: 'Onjuist vastgelegd' }),
    },
  }),
  doorCase({
    useCase: listCoerciveMeasures,
    arrange: freshPatient,
    doors: {
      api: ({ cookie }, { patientId }) => statusOf(request(`/api/patients/${patientId}/coercive-measures`, { cookie })),
    },
  }),
  doorCase({
    useCase: compulsoryCareTab,
    arrange: freshPatient,
    doors: {
      page: ({ cookie }, { patientId }) => pageData(cookie, `/patients/${patientId}/verplichte-zorg`, '_app.patients.$id.verplichte-zorg'),
    },
  }),
  doorCase({
    useCase: registerCoerciveMeasure,
    arrange: freshPatient,
    doors: {
      api: ({ cookie }, { patientId }) =>
        statusOf(
          json(`/api/patients/${patientId}/coercive-measures`, {
            method: 'POST',
            cookie,
            body: {
              kind: 'separatie',
              startedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
              legalBasis: 'noodsituatie',
              decidedBy: 'Dr. Jansen',
            },
          }),
        ),
      page: ({ cookie }, { patientId }) =>
        page(cookie, `/patients/${patientId}/verplichte-zorg`, {
          intent: 'maatregel',
          kind: 'separatie',
          ...moments(),
          legalBasis: 'noodsituatie',
          decidedBy: 'Dr. Jansen',
        }),
    },
  }),
  doorCase({
    useCase: endCoerciveMeasure,
    arrange: ({ cookie }) => withMeasure(cookie),
    doors: {
      api: ({ cookie }, { measureId }) =>
        statusOf(
          json(`/api/coercive-measures/${measureId}/end`, {
            method: 'POST',
            cookie,
            body: { endedAt: new Date(Date.now() - 5 * 60_000).toISOString() },
          }),
        ),
      page: ({ cookie }, { patientId, measureId }) =>
        page(cookie, `/patients/${patientId}/verplichte-zorg`, { intent: 'beeindigen', id: measureId, ...moments() }),
    },
  }),
  doorCase({
    useCase: evaluateCoerciveMeasure,
    arrange: ({ cookie }) => withMeasure(cookie),
    doors: {
      api: ({ cookie }, { measureId }) =>
        statusOf(
          json(`/api/coercive-measures/${measureId}/evaluations`, {
            method: 'POST',
            cookie,
            body: { evaluatedAt: new Date(Date.now() - 5 * 60_000).toISOString(), text: 'Rustig, separatie voortzetten' },
          }),
        ),
      page: ({ cookie }, { patientId, measureId }) =>
        page(cookie, `/patients/${patientId}/verplichte-zorg`, {
          intent: 'evalueren',
          id: measureId,
          ...moments(),
          text: 'Rustig, separatie voortzetten',
        }),
    },
  }),
  doorCase({
    useCase: listLegalStatus,
    arrange: freshPatient,
    doors: {
      api: ({ cookie }, { patientId }) => statusOf(request(`/api/patients/${patientId}/legal-status`, { cookie })),
    },
  }),
  doorCase({
    useCase: registerLegalStatusEntry,
    arrange: freshPatient,
    doors: {
      api: ({ cookie }, { patientId }) =>
        statusOf(
          json(`/api/patients/${patientId}/legal-status`, {
            method: 'POST',
            cookie,
            body: { kind: 'wvggz-zorgmachtiging', startsOn: clinicalToday() },
          }),
        ),
      page: ({ cookie }, { patientId }) =>
        page(cookie, `/patients/${patientId}/verplichte-zorg`, {
          intent: 'rechtspositie',
          kind: 'wvggz-zorgmachtiging',
          startsOn: clinicalToday(),
          endsOn: '',
          note: '',
        }),
    },
  }),
  doorCase({
    useCase: correctLegalStatusEntry,
    arrange: ({ cookie }) => withLegalStatus(cookie),
    doors: {
      api: ({ cookie }, { statusId }) =>
        statusOf(
          json(`/api/legal-status/${statusId}/correct`, {
            method: 'POST',
            cookie,
            body: { kind: 'wvggz-crisismaatregel', startsOn: addDaysToIsoDate(clinicalToday(), -1), reason: 'Verkeerde ingangsdatum' },
          }),
        ),
      page: ({ cookie }, { patientId, statusId }) =>
        page(cookie, `/patients/${patientId}/verplichte-zorg`, {
          intent: 'rechtspositie-corrigeren',
          id: statusId,
          kind: 'wvggz-crisismaatregel',
          startsOn: addDaysToIsoDate(clinicalToday(), -1),
          endsOn: '',
          note: '',
          reason: 'Verkeerde ingangsdatum',
        }),
    },
  }),
  doorCase({
    useCase: showSignaleringsplan,
    arrange: async ({ cookie }) => {
      const patientId = await newPatient(cookie);
      await json(`/api/patients/${patientId}/signaleringsplan`, { method: 'POST', cookie, body: { phases: plan } });
      return { patientId };
    },
    doors: {
      api: ({ cookie }, { patientId }) => statusOf(request(`/api/patients/${patientId}/signaleringsplan?version=1`, { cookie })),
      page: ({ cookie }, { patientId }) =>
        statusOf(request(`/patients/${patientId}/signaleringsplan?versie=1&_data=routes/_app.patients.$id.signaleringsplan`, { cookie })),
    },
  }),
  doorCase({
    useCase: saveSignaleringsplanVersion,
    arrange: freshPatient,
    doors: {
      api: ({ cookie }, { patientId }) =>
        statusOf(json(`/api/patients/${patientId}/signaleringsplan`, { method: 'POST', cookie, body: { phases: plan } })),
      page: ({ cookie }, { patientId }) => page(cookie, `/patients/${patientId}/signaleringsplan`, planForm),
    },
  }),
];
