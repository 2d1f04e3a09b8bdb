import { defineUseCase, thePatient } from '../audit/use-case';
import { recordRisk, riskOverview } from './risks.service';

/** The patient's current risk per type and every assessment before it. */
export const listRisks = defineUseCase({
  name: 'risks.list',
  action: 'read',
  resourceType: 'RiskAssessment',
  patients: (_em, input: { patientId: string }) => thePatient(input),
  run: (em, _actor, { patientId }) => riskOverview(em, patientId),
});

/** A new assessment of one risk type, now the current one of its type. */
export const recordRiskAssessment = defineUseCase({
  name: 'risks.record',
  action: 'create',
  resourceType: 'RiskAssessment',
  patients: (_em, input: { patientId: string; risk: unknown }) => thePatient(input),
  run: (em, actor, { patientId, risk }) => recordRisk(em, actor, patientId, risk),
  logged: (recorded) => ({ resourceId: recorded.id }),
});
