import { addDiagnosisEntry, endDiagnosisEntry, listDiagnoses, makeDiagnosisPrimary } from '../../../domain/diagnoses/diagnoses.use-cases';
import { readIntake, readIntakeSection, saveIntakeSectionText } from '../../../domain/intake/intake-entry.use-cases';
import { currentRisksOf, diagnosesOfQuery, intakeStatusOf, intakeTab } from '../../../domain/intake/intake.use-cases';
import { listRisks, recordRiskAssessment } from '../../../domain/risks/risks.use-cases';
import { addDaysToIsoDate, clinicalToday } from '../../../domain/shared/clinical-time';
import { json, request } from '../../support/http';
import { newPatient } from './arrange';
import { doorCase, statusOf } from './doors';

/**
 * The intake, risks and diagnoses use cases, through every door. The assistant's reads of the
 * intake, risks and diagnoses run the same declarations, but its chain also logs the chain it
 * read (an IntentChain row), so its rows are not compared with the API's here.
 */

const page = (cookie: string, path: string, form: Record<string, string>) =>
  statusOf(request(path, { method: 'POST', cookie, body: new URLSearchParams(form) }));

const pageData = (cookie: string, path: string, routeId: string) => statusOf(request(`${path}?_data=routes/${routeId}`, { cookie }));

const freshPatient = async ({ cookie }: { cookie: string }) => ({ patientId: await newPatient(cookie) });

const addDiagnosis = async (cookie: string, patientId: string, code: string, rank: 'primary' | 'secondary') =>
  (
    (await (await json(`/api/patients/${patientId}/diagnoses`, { method: 'POST', cookie, body: { code, rank } })).json()) as {
      id: string;
    }
  ).id;

/** A patient with a primary and a secondary diagnosis (the secondary's id), and a risk assessed. */
const withRecord = async ({ cookie }: { cookie: string }) => {
  const patientId = await newPatient(cookie);
  await addDiagnosis(cookie, patientId, 'F20.0', 'primary');
  const diagnosisId = await addDiagnosis(cookie, patientId, 'F32.2', 'secondary');
  await json(`/api/patients/${patientId}/risks`, {
    method: 'POST',
    cookie,
    body: { riskType: 'suïcide', riskLevel: 'hoog', rationale: 'Doodsgedachten', reviewDate: addDaysToIsoDate(clinicalToday(), 7) },
  });
  await json(`/api/patients/${patientId}/intake/anamnese`, { method: 'PUT', cookie, body: { content: 'Eerste opname', complete: true } });
  return { patientId, diagnosisId };
};

const risk = {
  riskType: 'agressie',
  riskLevel: 'gemiddeld',
  rationale: 'Verbaal dreigend',
  reviewDate: addDaysToIsoDate(clinicalToday(), 14),
};

export const cases = [
  doorCase({
    useCase: listDiagnoses,
    arrange: withRecord,
    doors: {
      api: ({ cookie }, { patientId }) => statusOf(request(`/api/patients/${patientId}/diagnoses`, { cookie })),
      page: ({ cookie }, { patientId }) => pageData(cookie, `/patients/${patientId}/diagnoses`, '_app.patients.$id.diagnoses'),
    },
  }),
  doorCase({
    useCase: addDiagnosisEntry,
    arrange: freshPatient,
    doors: {
      api: ({ cookie }, { patientId }) =>
        statusOf(json(`/api/patients/${patientId}/diagnoses`, { method: 'POST', cookie, body: { code: 'F32.2', rank: 'secondary' } })),
      page: ({ cookie }, { patientId }) =>
        page(cookie, `/patients/${patientId}/diagnoses`, { intent: 'toevoegen', code: 'F32.2', rank: 'secondary', diagnosedAt: '' }),
    },
  }),
  doorCase({
    useCase: makeDiagnosisPrimary,
    arrange: withRecord,
    doors: {
      api: ({ cookie }, { diagnosisId }) => statusOf(json(`/api/diagnoses/${diagnosisId}/primary`, { method: 'POST', cookie })),
      page: ({ cookie }, { patientId, diagnosisId }) =>
        page(cookie, `/patients/${patientId}/diagnoses`, { intent: 'hoofddiagnose', id: diagnosisId }),
    },
  }),
  doorCase({
    useCase: endDiagnosisEntry,
    arrange: withRecord,
    doors: {
      api: ({ cookie }, { diagnosisId }) =>
        statusOf(json(`/api/diagnoses/${diagnosisId}/end`, { method: 'POST', cookie, body: { reason: 'In remissie' } })),
      page: ({ cookie }, { patientId, diagnosisId }) =>
        page(cookie, `/patients/${patientId}/diagnoses`, { intent: 'beeindigen', id: diagnosisId, endedAt: '', reason: 'In remissie' }),
    },
  }),
  doorCase({
    useCase: listRisks,
    arrange: withRecord,
    doors: {
      api: ({ cookie }, { patientId }) => statusOf(request(`/api/patients/${patientId}/risks`, { cookie })),
      page: ({ cookie }, { patientId }) => pageData(cookie, `/patients/${patientId}/risicos`, '_app.patients.$id.risicos'),
    },
  }),
  doorCase({
    useCase: recordRiskAssessment,
    arrange: freshPatient,
    doors: {
      api: ({ cookie }, { patientId }) => statusOf(json(`/api/patients/${patientId}/risks`, { method: 'POST', cookie, body: risk })),
      page: ({ cookie }, { patientId }) => page(cookie, `/patients/${patientId}/risicos`, risk),
    },
  }),
  doorCase({
    useCase: readIntake,
    arrange: withRecord,
    doors: {
      api: ({ cookie }, { patientId }) => statusOf(request(`/api/patients/${patientId}/intake`, { cookie })),
    },
  }),
  doorCase({
    useCase: readIntakeSection,
    arrange: withRecord,
    doors: {
      api: ({ cookie }, { patientId }) => statusOf(request(`/api/patients/${patientId}/intake/anamnese`, { cookie })),
      page: ({ cookie }, { patientId }) => pageData(cookie, `/patients/${patientId}/intake/anamnese`, '_app.patients.$id.intake_.$section'),
    },
  }),
  doorCase({
    useCase: saveIntakeSectionText,
    arrange: freshPatient,
    doors: {
      api: ({ cookie }, { patientId }) =>
        statusOf(
          json(`/api/patients/${patientId}/intake/anamnese`, { method: 'PUT', cookie, body: { content: 'Opname', complete: false } }),
        ),
      page: ({ cookie }, { patientId }) => page(cookie, `/patients/${patientId}/intake/anamnese`, { content: 'Opname', basedOn: '' }),
    },
  }),
  doorCase({
    useCase: intakeTab,
    arrange: withRecord,
    doors: {
      page: ({ cookie }, { patientId }) => pageData(cookie, `/patients/${patientId}/intake`, '_app.patients.$id.intake'),
    },
  }),
  doorCase({
    useCase: intakeStatusOf,
    arrange: withRecord,
    doors: {
      api: ({ cookie }, { patientId }) => statusOf(request(`/api/core/intake/status?patientId=${patientId}`, { cookie })),
    },
  }),
  doorCase({
    useCase: currentRisksOf,
    arrange: withRecord,
    doors: {
      api: ({ cookie }, { patientId }) => statusOf(request(`/api/core/intake/risico?patientId=${patientId}`, { cookie })),
    },
  }),
  doorCase({
    useCase: diagnosesOfQuery,
    arrange: withRecord,
    doors: {
      api: ({ cookie }, { patientId }) => statusOf(request(`/api/core/intake/diagnose?patientId=${patientId}`, { cookie })),
    },
  }),
];
