import { addDaysToIsoDate, clinicalToday } from '../../../domain/shared/clinical-time';
import type { TreatmentPlanContent, TreatmentPlanView } from '../../../domain/treatment-plan/treatment-plan.schemas';
import {
  approvePlan,
  editTreatmentPlan,
  saveAndApprovePlan,
  storePlanDraft,
  treatmentPlanOverview,
} from '../../../domain/treatment-plan/treatment-plan.use-cases';
import { json, request } from '../../support/http';
import { newPatient } from './arrange';
import { doorCase, statusOf } from './doors';

/** A complete plan a psychiatrist can approve; the same for every door, so each changes the same sections. */
const complete = (): TreatmentPlanContent => {
  const later = addDaysToIsoDate(clinicalToday(), 60);
  return {
    hulpvraag: 'Ik wil weer rust in mijn hoofd.',
    probleemanalyse: 'Somberheid na verlies van werk.',
    classificatie: [{ code: '6A70', omschrijving: 'Depressieve stoornis', soort: 'hoofd' }],
    doelen: [{ omschrijving: 'Stemming verbeterd', evaluatiedatum: later }],
    interventies: ['Cognitieve gedragstherapie'],
    medicatie: [],
    frequentie: 'Wekelijks',
    duur: '3 maanden',
    behandelaren: [{ naam: 'Dr. A. Arts', rol: 'Regiebehandelaar' }],
    crisisplan: { signalen: ['Terugtrekken'], acties: ['Bellen met de afdeling'], contact: 'Afdeling' },
    evaluatiemomenten: [{ datum: later, omschrijving: 'Evaluatie' }],
    toestemming: { status: 'ingestemd', toelichting: 'Besproken.' },
  };
};

/** The plan as the tab's form posts it (`doelen.0.omschrijving`, lists one per line). */
function planForm(plan: TreatmentPlanContent, fields: Record<string, string>): URLSearchParams {
  const form = new URLSearchParams(fields);
  const rows = (prefix: string, list: readonly Record<string, string>[]) =>
    list.forEach((row, index) => Object.entries(row).forEach(([key, value]) => form.set(`${prefix}.${index}.${key}`, value)));
  form.set('hulpvraag', plan.hulpvraag);
  form.set('probleemanalyse', plan.probleemanalyse);
  rows('classificatie', plan.classificatie);
  rows('doelen', plan.doelen);
  form.set('interventies', plan.interventies.join('\n'));
  form.set('medicatie', plan.medicatie.join('\n'));
  form.set('frequentie', plan.frequentie);
  form.set('duur', plan.duur);
  rows('behandelaren', plan.behandelaren);
  form.set('crisisplan.signalen', plan.crisisplan.signalen.join('\n'));
  form.set('crisisplan.acties', plan.crisisplan.acties.join('\n'));
  form.set('crisisplan.contact', plan.crisisplan.contact);
  rows('evaluatiemomenten', plan.evaluatiemomenten);
  form.set('toestemming.status', plan.toestemming.status);
  form.set('toestemming.toelichting', plan.toestemming.toelichting);
  return form;
}

/** A patient with a generated draft (the workflow, no model: the local draft). */
async function withDraft(cookie: string) {
  const patientId = await newPatient(cookie);
  const generated = await json('/api/behandelplan/generate', { method: 'POST', cookie, body: { patientId } });
  if (generated.status !== 200) throw new Error(`generate answered ${generated.status}`);
  return { patientId, planId: ((await generated.json()) as TreatmentPlanView).id };
}

const tab = (patientId: string) => `/patients/${patientId}/behandelplan`;
/** The tab's loader or action alone, as a browser with JavaScript asks (a plain form post renders the page again after it). */
const tabData = (patientId: string) => `${tab(patientId)}?_data=routes/_app.patients.$id.behandelplan`;

export const cases = [
  doorCase({
    useCase: treatmentPlanOverview,
    role: 'psychiater',
    arrange: async ({ cookie }) => ({ patientId: await newPatient(cookie) }),
    doors: {
      api: ({ cookie }, { patientId }) => statusOf(json(`/api/behandelplan/${patientId}`, { cookie })),
      page: ({ cookie }, { patientId }) => statusOf(request(tabData(patientId), { cookie })),
    },
  }),
  doorCase({
    useCase: editTreatmentPlan,
    role: 'psychiater',
    arrange: ({ cookie }) => withDraft(cookie),
    doors: {
      api: ({ cookie }, { planId }) => statusOf(json(`/api/behandelplan/${planId}`, { method: 'PUT', cookie, body: complete() })),
      page: ({ cookie }, { patientId, planId }) =>
        statusOf(request(tabData(patientId), { method: 'POST', cookie, body: planForm(complete(), { planId, intent: 'opslaan' }) })),
    },
  }),
  doorCase({
    useCase: approvePlan,
    role: 'psychiater',
    arrange: async ({ cookie }) => {
      const arranged = await withDraft(cookie);
      const saved = await json(`/api/behandelplan/${arranged.planId}`, { method: 'PUT', cookie, body: complete() });
      if (saved.status !== 200) throw new Error(`save answered ${saved.status}`);
      return arranged;
    },
    doors: {
      api: ({ cookie }, { planId }) => statusOf(json(`/api/behandelplan/${planId}/approve`, { method: 'POST', cookie, body: {} })),
    },
  }),
  doorCase({
    useCase: saveAndApprovePlan,
    role: 'psychiater',
    arrange: ({ cookie }) => withDraft(cookie),
    doors: {
      page: ({ cookie }, { patientId, planId }) =>
        statusOf(request(tabData(patientId), { method: 'POST', cookie, body: planForm(complete(), { planId, intent: 'goedkeuren' }) })),
    },
  }),
  doorCase({
    useCase: storePlanDraft,
    role: 'psychiater',
    arrange: async ({ cookie }) => ({ patientId: await newPatient(cookie) }),
    doors: {
      api: ({ cookie }, { patientId }) => statusOf(json('/api/behandelplan/generate', { method: 'POST', cookie, body: { patientId } })),
      page: ({ cookie }, { patientId }) =>
        statusOf(request(tab(patientId), { method: 'POST', cookie, body: new URLSearchParams({ intent: 'genereren' }) })),
    },
  }),
];
