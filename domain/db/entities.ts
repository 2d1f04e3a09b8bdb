import { Appointment } from '../agenda/appointment.entity';
import { AiEvent } from '../ai/ai-event.entity';
import { ContactPerson } from '../patient/contact-person.entity';
import { AuditEvent } from '../audit/audit.entity';
import { Organisation, Session, User } from '../auth/auth.entities';
import { Patient } from '../patient/patient.entity';
import { Report } from '../report/report.entity';
import { Diagnosis, DiagnosisEvent } from '../diagnoses/diagnosis.entities';
import { IntakeSection, IntakeSectionVersion } from '../intake/intake.entities';
import { RiskAssessment } from '../risks/risk.entity';
import { VitalObservation, VitalSet } from '../measurements/vitals.entity';
import { TreatmentPlan } from '../treatment-plan/treatment-plan.entity';
import { GpLetter, GpLetterVersion } from '../gp-letter/gp-letter.entity';
import { Nudge } from '../nudge/nudge.entity';
import { ScaleScore } from '../measurements/scale.entity';
import { Koppeling } from '../koppeling/koppeling.entity';
import { MedicationAdministration, MedicationOrder } from '../medication/medication.entity';
import { Allergy } from '../allergies/allergy.entity';
import { CoerciveMeasure, CoerciveMeasureEvaluation, LegalStatus } from '../coercive-care/coercive-care.entities';
import { Signaleringsplan } from '../signaleringsplan/signaleringsplan.entity';

/** Every entity of the product, listed explicitly (no folder discovery, so bundlers see them). */
export const entities = [
  Organisation,
  User,
  Session,
  Koppeling,
  Patient,
  ContactPerson,
  AuditEvent,
  Report,
  VitalObservation,
  VitalSet,
  ScaleScore,
  MedicationOrder,
  MedicationAdministration,
  RiskAssessment,
  Diagnosis,
  DiagnosisEvent,
  IntakeSection,
  IntakeSectionVersion,
  Appointment,
  AiEvent,
  TreatmentPlan,
  GpLetter,
  GpLetterVersion,
  Nudge,
  LegalStatus,
  Allergy,
  Signaleringsplan,
  CoerciveMeasure,
  CoerciveMeasureEvaluation,
];
