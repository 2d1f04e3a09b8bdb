import { viewAccessLog } from '../../../domain/audit/audit.use-cases';
import { generateBsn } from '../../../domain/demo/patient-generator';
import { readBanner } from '../../../domain/patient/banner.use-cases';
import {
  changePatient,
  changeRoom,
  checkPatient,
  createFhirPatientOf,
  lookUpPatients,
  openRecord,
  readFhirPatient,
  readPatient,
  registerPatient,
  searchFhirPatientsOf,
  updateFhirPatientOf,
  wardList,
} from '../../../domain/patient/patient.use-cases';
import { fhirPatientBody, registerPatient as registerFhirPatient } from '../../support/factories';
import { json, request } from '../../support/http';
import { newPatient } from './arrange';
import { doorCase, statusOf } from './doors';

const bsnSystem = 'http://fhir.nl/fhir/NamingSystem/bsn';
const fhirJson = { 'Content-Type': 'application/fhir+json' };

// Letters only, long and random: no other patient of the organisation is a near match.
const randomName = () => `Deur${Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

/** A patient whose BSN and family name the door knows (a search finds them, a PUT keeps them). */
const knownPatient = async (cookie: string, familyName = randomName()) => {
  const bsn = generateBsn(Math.random);
  const patientId = await registerFhirPatient(cookie, {
    identifier: [{ system: bsnSystem, value: bsn }],
    name: [{ family: familyName, given: ['Jan'] }],
  });
  return { patientId, bsn, familyName };
};

const renamed = (cookie: string, { patientId, bsn }: { patientId: string; bsn: string }) =>
  request(`/api/fhir/Patient/${patientId}`, {
    method: 'PUT',
    cookie,
    headers: fhirJson,
    body: JSON.stringify(
      fhirPatientBody({ id: patientId, identifier: [{ system: bsnSystem, value: bsn }], name: [{ family: randomName(), given: ['Jan'] }] }),
    ),
  });

/**
 * The search's term is in its log row, so every door searches the same name, and finds only its
 * own fresh patient: the one before it has been renamed.
 */
let lastSearched: { patientId: string; bsn: string; familyName: string } | undefined;
const searchedPatient = async (cookie: string) => {
  if (lastSearched) {
    const response = await renamed(cookie, lastSearched);
    if (response.status !== 200) throw new Error(`renaming answered ${response.status}: ${await response.text()}`);
  }
  lastSearched = await knownPatient(cookie, 'Zoekdeurproef');
  return lastSearched;
};

const pageData = (path: string, routeId: string, cookie: string) =>
  statusOf(request(`${path}${path.includes('?') ? '&' : '?'}_data=routes/${routeId}`, { cookie }));

const formPost = (path: string, cookie: string, fields: Record<string, string>) =>
  statusOf(request(path, { method: 'POST', cookie, body: new URLSearchParams(fields) }));

const patientForm = (bsn: string) => ({
  nameGiven: 'Jan',
  familyName: 'Vries',
  namePrefix: 'de',
  bsn,
  gender: 'male',
  birthDate: '1971-04-12',
  episodeStatus: 'planned',
  'address.city': 'Utrecht',
});

const fresh = async ({ cookie }: { cookie: string }) => ({ patientId: await newPatient(cookie) });
/** A registration names a patient that does not exist yet: its rows are those its clinician left. */
const nobodyYet = async () => ({ patientId: '' });

export const cases = [
  doorCase({
    useCase: openRecord,
    arrange: fresh,
    doors: {
      page: ({ cookie }, { patientId }) => pageData(`/patients/${patientId}`, '_app.patients.$id', cookie),
    },
  }),
  doorCase({
    useCase: checkPatient,
    arrange: fresh,
    doors: {
      // A tab loaded on its own (a client-side switch of tab) checks its patient first.
      tab: ({ cookie }, { patientId }) => pageData(`/patients/${patientId}/toegang`, '_app.patients.$id.toegang', cookie),
    },
  }),
  doorCase({
    useCase: readPatient,
    arrange: fresh,
    doors: {
      api: ({ cookie }, { patientId }) => statusOf(request(`/api/patients/${patientId}`, { cookie })),
      page: ({ cookie }, { patientId }) => pageData(`/patients/${patientId}/edit`, '_app.patients.$id.edit', cookie),
    },
  }),
  doorCase({
    useCase: registerPatient,
    arrange: nobodyYet,
    rowsBy: ({ user }) => user.id,
    doors: {
      page: ({ cookie }) => formPost('/patients/new', cookie, patientForm(generateBsn(Math.random))),
    },
  }),
  doorCase({
    useCase: changePatient,
    arrange: ({ cookie }) => knownPatient(cookie),
    doors: {
      page: ({ cookie }, { patientId, bsn }) => formPost(`/patients/${patientId}/edit`, cookie, patientForm(bsn)),
    },
  }),
  doorCase({
    useCase: changeRoom,
    arrange: fresh,
    doors: {
      api: ({ cookie }, { patientId }) => statusOf(json(`/api/patients/${patientId}`, { method: 'PATCH', cookie, body: { room: 'K12' } })),
    },
  }),
  doorCase({
    useCase: lookUpPatients,
    arrange: ({ cookie }) => searchedPatient(cookie),
    doors: {
      page: ({ cookie }, { familyName }) => pageData(`/patients?q=${familyName}`, '_app.patients._index', cookie),
      api: ({ cookie }, { familyName }) => statusOf(request(`/api/patients/search?q=${familyName}`, { cookie })),
      core: ({ cookie }, { familyName }) => statusOf(request(`/api/core/patients/search?q=${familyName}`, { cookie })),
      assistant: ({ cookie }, { familyName }) => statusOf(request(`/api/assistant/patients/search?q=${familyName}`, { cookie })),
    },
  }),
  doorCase({
    useCase: wardList,
    arrange: fresh,
    doors: {
      // The newest change first: the patient just registered is on the first page.
      page: ({ cookie }) => pageData('/patients', '_app.patients._index', cookie),
    },
  }),
  doorCase({
    useCase: readFhirPatient,
    arrange: fresh,
    doors: {
      fhir: ({ cookie }, { patientId }) => statusOf(request(`/api/fhir/Patient/${patientId}`, { cookie })),
    },
  }),
  doorCase({
    useCase: searchFhirPatientsOf,
    arrange: ({ cookie }) => knownPatient(cookie),
    doors: {
      fhir: ({ cookie }, { bsn }) =>
        statusOf(request(`/api/fhir/Patient?identifier=${encodeURIComponent(`${bsnSystem}|${bsn}`)}`, { cookie })),
      'fhir _search': ({ cookie }, { bsn }) =>
        statusOf(
          request('/api/fhir/Patient/_search', {
            method: 'POST',
            cookie,
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ identifier: `${bsnSystem}|${bsn}` }),
          }),
        ),
    },
  }),
  doorCase({
    useCase: createFhirPatientOf,
    arrange: nobodyYet,
    rowsBy: ({ user }) => user.id,
    doors: {
      fhir: ({ cookie }) =>
        statusOf(
          request('/api/fhir/Patient', {
            method: 'POST',
            cookie,
            headers: fhirJson,
            body: JSON.stringify(fhirPatientBody({ identifier: [{ system: bsnSystem, value: generateBsn(Math.random) }] })),
          }),
        ),
    },
  }),
  doorCase({
    useCase: updateFhirPatientOf,
    arrange: ({ cookie }) => knownPatient(cookie),
    doors: {
      fhir: ({ cookie }, { patientId, bsn, familyName }) =>
        statusOf(
          request(`/api/fhir/Patient/${patientId}`, {
            method: 'PUT',
            cookie,
            headers: fhirJson,
            body: JSON.stringify(
              fhirPatientBody({
                id: patientId,
                identifier: [{ system: bsnSystem, value: bsn }],
                name: [{ family: familyName, given: ['Jan', 'Pieter'] }],
              }),
            ),
          }),
        ),
    },
  }),
  doorCase({
    useCase: readBanner,
    arrange: fresh,
    doors: {
      api: ({ cookie }, { patientId }) => statusOf(request(`/api/patients/${patientId}/banner`, { cookie })),
    },
  }),
  doorCase({
    useCase: viewAccessLog,
    arrange: fresh,
    doors: {
      page: ({ cookie }, { patientId }) => pageData(`/patients/${patientId}/toegang`, '_app.patients.$id.toegang', cookie),
    },
  }),
];
