// Page routes import server-only use cases through this `.server` module, so the browser bundle
// never pulls in the ORM behind them.
export { viewAccessLog } from '../domain/audit/audit.use-cases';
export { runUseCaseWithin } from '../domain/audit/use-case';
export { assertPatientExists, patientNotFound } from '../domain/patient/patient.service';
export { changePatient, lookUpPatients, openRecord, readPatient, registerPatient, wardList } from '../domain/patient/patient.use-cases';
export { createReport, patientTimeline } from '../domain/report/report.service';
export { currentRisks, diagnosesOf, intakeStatus } from '../domain/intake/intake.service';
export { intakeEntry, intakeSectionHistory, saveIntakeSection } from '../domain/intake/intake-entry.service';
export { recordRisk, riskOverview } from '../domain/intake/risks.service';
export { addDiagnosis, diagnosisOverview, endDiagnosis, makePrimaryDiagnosis } from '../domain/intake/diagnoses.service';
export { correctVital, latestVitals, recordVitals, vitalRounds } from '../domain/vitals/vitals.service';
export { correctBvcScore, latestBvcOf, listBvc, recordBvcScore } from '../domain/scales/scales.use-cases';
export { administer, medicationOverview, prescribe, recordEffect, stopOrder } from '../domain/medication/medication.service';
export { addContactPerson, listContactPersons, removeContactPerson, updateContactPerson } from '../domain/patient/contact-persons';
export { appointmentsBetween } from '../domain/agenda/agenda.service';
export { bannerOf } from '../domain/legal/banner';
export { allergyOverview, lapseAllergy, recordAllergy } from '../domain/legal/allergies';
export { coerciveMeasures, endMeasure, evaluateMeasure, groundingStatus, registerMeasure } from '../domain/legal/coercive-care';
export { correctLegalStatus, legalStatusHistory, registerLegalStatus } from '../domain/legal/legal-status';
export { saveSignaleringsplan, signaleringsplan } from '../domain/legal/signaleringsplan';
