// Page routes import server-only use cases through this `.server` module, so the browser bundle
// never pulls in the ORM behind them.
export { viewAccessLog } from '../domain/audit/audit.use-cases';
export { patientNotFound } from '../domain/patient/patient.service';
export { changePatient, lookUpPatients, openRecord, readPatient, registerPatient, wardList } from '../domain/patient/patient.use-cases';
export { reportTimeline, writeReport } from '../domain/report/report.use-cases';
export { intakeTab } from '../domain/intake/intake.use-cases';
export { readIntakeSection, saveIntakeSectionText } from '../domain/intake/intake-entry.use-cases';
export { listRisks, recordRiskAssessment } from '../domain/risks/risks.use-cases';
export { addDiagnosisEntry, endDiagnosisEntry, listDiagnoses, makeDiagnosisPrimary } from '../domain/diagnoses/diagnoses.use-cases';
export { correctVitalValue, listVitalRounds, recordVitalRound } from '../domain/measurements/vitals.use-cases';
export { correctBvcScore, listBvc, recordBvcScore } from '../domain/measurements/scales.use-cases';
export {
  administerDose,
  medicationOf,
  prescribeMedication,
  recordDoseEffect,
  stopMedication,
} from '../domain/medication/medication.use-cases';
export { addContact, removeContact, updateContact } from '../domain/patient/contact-persons.use-cases';
export { dischargeEpisode } from '../domain/discharge/discharge.use-cases';
export { recordOverview } from '../domain/patient/record-overview.use-cases';
export { listAgenda } from '../domain/agenda/agenda.use-cases';
export { lapseAllergyEntry, listAllergies, recordAllergyEntry } from '../domain/allergies/allergies.use-cases';
export {
  compulsoryCareTab,
  endCoerciveMeasure,
  evaluateCoerciveMeasure,
  registerCoerciveMeasure,
} from '../domain/coercive-care/coercive-care.use-cases';
export { correctLegalStatusEntry, registerLegalStatusEntry } from '../domain/coercive-care/legal-status.use-cases';
export { saveSignaleringsplanVersion, showSignaleringsplan } from '../domain/signaleringsplan/signaleringsplan.use-cases';
export { askTheRecord } from '../domain/dossiervraag/dossiervraag.use-cases';
export { answerQuestion } from '../domain/dossiervraag/dossiervraag.model';
