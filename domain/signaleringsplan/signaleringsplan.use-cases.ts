import { defineUseCase, thePatient } from '../audit/use-case';
import { saveSignaleringsplan, signaleringsplan } from './signaleringsplan';

/** The plan: the newest version, or an earlier one when asked (the log names the version shown). */
export const showSignaleringsplan = defineUseCase({
  name: 'signaleringsplan.show',
  action: 'read',
  resourceType: 'Signaleringsplan',
  patients: (_em, input: { patientId: string; version?: number | null }) => thePatient(input),
  run: (em, _actor, { patientId, version }) => signaleringsplan(em, patientId, version),
  logged: (plan, { version }) => ({ resourceId: plan.shown?.id ?? null, ...(version ? { details: { versie: version } } : {}) }),
});

/** Each save is a new version; earlier versions stay readable. */
export const saveSignaleringsplanVersion = defineUseCase({
  name: 'signaleringsplan.save',
  action: 'create',
  resourceType: 'Signaleringsplan',
  patients: (_em, input: { patientId: string; plan: unknown }) => thePatient(input),
  run: (em, actor, { patientId, plan }) => saveSignaleringsplan(em, actor, patientId, plan),
  logged: (saved) => ({ resourceId: saved.id, details: { versie: saved.version } }),
});
