// Page routes import server-only use cases through this `.server` module, so the browser bundle
// never pulls in the ORM behind them.
export { viewPatientAccessLog } from '../domain/audit/audit.service';
export { searchPatients } from '../domain/patient/patient.search';
export { wardPatientList } from '../domain/patient/ward-list';
export {
  assertPatientExists,
  createPatient,
  getPatient,
  listPatients,
  patientNotFound,
  updatePatient,
} from '../domain/patient/patient.service';
export { createReport, patientTimeline } from '../domain/report/report.service';
export { currentRisks, diagnosesOf, intakeStatus } from '../domain/intake/intake.service';
export { intakeEntry, intakeSectionHistory, saveIntakeSection } from '../domain/intake/intake-entry.service';
export { recordRisk, riskOverview } from '../domain/intake/risks.service';
export { addDiagnosis, diagnosisOverview, endDiagnosis, makePrimaryDiagnosis } from '../domain/intake/diagnoses.service';
export { correctVitalValue, latestVitalsOf, listVitalRounds, recordVitalRound } from '../domain/vitals/vitals.use-cases';
export { correctBvcScore, latestBvcOf, listBvc, recordBvcScore } from '../domain/scales/scales.use-cases';
export {
  administerDose,
  allergiesBeforePrescribing,
  medicationOf,
  prescribeMedication,
  recordDoseEffect,
  stopMedication,
} from '../domain/medication/medication.use-cases';
export { addContact, listContacts, removeContact, updateContact } from '../domain/patient/contact-persons.use-cases';
export { recordOverview } from '../domain/patient/record-overview.use-cases';
export { appointmentsBetween } from '../domain/agenda/agenda.service';
export { bannerOf, patientBanner } from '../domain/legal/banner';
export { allergyOverview, lapseAllergy, recordAllergy } from '../domain/legal/allergies';
export { coerciveMeasures, endMeasure, evaluateMeasure, groundingStatus, registerMeasure } from '../domain/legal/coercive-care';
export { correctLegalStatus, legalStatusHistory, registerLegalStatus } from '../domain/legal/legal-status';
export { saveSignaleringsplan, signaleringsplan } from '../domain/legal/signaleringsplan';
