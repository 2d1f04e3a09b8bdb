import { clinicalToday } from '../shared/clinical-time';
import { Appointment } from '../agenda/appointment.entity';
import { knownPeople } from '../ai/known-people';
import type { KnownPerson } from '../ai/pseudonymise';
import type { AuditActor } from '../audit/audit.service';
import { runUseCaseWithin } from '../audit/use-case';
import { User } from '../auth/auth.entities';
import { clinicalRoles, type ClinicalRole } from '../auth/auth.schemas';
import type { EntityManager } from '../db/orm';
import type { RiskLevel } from '../risks/risk-types';
import { currentRisksOf, diagnosesOfQuery, intakeStatusOf } from '../intake/intake.use-cases';
import { ageOn } from '../patient/patient.format';
import type { EpisodeStatus } from '../patient/patient.schemas';
import { displayName, findPatient, knownPerson } from '../patient/patient.service';
import { reportTimeline } from '../report/report.use-cases';
import type { ClassificationKind } from './treatment-plan.schemas';

/** What a treatment plan is drafted from. It travels through the workflow's history: kept small. */
export interface PlanSources {
  patient: { id: string; name: string; person: KnownPerson; age: number | null; status: EpisodeStatus };
  intake: { completionPercentage: number; open: string[] };
  diagnoses: { code: string; label: string; kind: ClassificationKind; diagnosedAt: string }[];
  risks: { riskType: string; riskLevel: RiskLevel; rationale: string; assessedAt: string }[];
  /** The newest reports, newest first, each cut to what a prompt line can hold. */
  reports: { type: string; category: string | null; content: string; createdAt: string }[];
  /** The requesting clinician first, then the practitioners of the patient's appointments. */
  practitioners: { name: string; role: ClinicalRole }[];
  /** The Amsterdam calendar date the plan was asked for; evaluation dates count from it. */
  today: string;
  /** Everyone the record knows who could be named in these sources: hidden from the model. */
  people: KnownPerson[];
}

const reportLimit = 15;
const reportChars = 600;

async function practitionersOf(em: EntityManager, actor: AuditActor, patientId: string): Promise<PlanSources['practitioners']> {
  const appointments = await em.find(
    Appointment,
    { patientId, practitionerId: { $ne: null }, status: { $ne: 'geannuleerd' } },
    { fields: ['practitionerId'], orderBy: { startAt: 'desc' }, limit: 50 },
  );
  const ids = [...new Set([actor.userId, ...appointments.map((appointment) => appointment.practitionerId!)])];
  const users = await em.find(User, { id: { $in: ids }, disabledAt: null }, { fields: ['id', 'displayName', 'role'] });
  const byId = new Map(users.map((user) => [user.id, user]));
  const clinical = (role: string): role is ClinicalRole => (clinicalRoles as readonly string[]).includes(role);
  // Only clinicians treat: an administrator never appears on a plan, even as the one who asked.
  return ids.flatMap((id) => {
    const user = byId.get(id);
    return user && clinical(user.role) ? [{ name: user.displayName, role: user.role }] : [];
  });
}

/**
 * Step 1: intake status, diagnoses, current risks, recent reports and the practitioners involved,
 * read through the record's own services (each writes its access-log row).
 */
export async function gatherPlanSources(em: EntityManager, actor: AuditActor, patientId: string, requestedAt: Date): Promise<PlanSources> {
  const patient = await findPatient(em, patientId);
  const today = clinicalToday(requestedAt);
  // One after the other: they share the transaction's connection.
  const { status: intake } = await runUseCaseWithin(em, actor, intakeStatusOf, { patientId });
  const diagnoses = await runUseCaseWithin(em, actor, diagnosesOfQuery, { patientId });
  const risks = await runUseCaseWithin(em, actor, currentRisksOf, { patientId });
  const timeline = await runUseCaseWithin(em, actor, reportTimeline, { patientId, limit: reportLimit });
  const practitioners = await practitionersOf(em, actor, patientId);
  const reports = timeline
    .flatMap((day) => day.reports)
    .map((report) => ({
      type: report.type,
      category: report.category,
      content: report.content.replace(/\s+/g, ' ').trim().slice(0, reportChars),
      createdAt: report.createdAt,
    }));
  const people = await knownPeople(em, {
    patientIds: [patientId],
    texts: [...reports.map((report) => report.content), ...risks.risks.map((risk) => risk.rationale)],
  });
  return {
    patient: {
      id: patient.id,
      name: displayName(patient),
      person: knownPerson(patient),
      age: ageOn(patient.birthDate ?? null, today),
      status: patient.episodeStatus,
    },
    intake: {
      completionPercentage: intake.completionPercentage,
      open: intake.sections.filter((section) => !section.complete).map((section) => section.label),
    },
    diagnoses: [
      ...diagnoses.primary.map((row) => ({ code: row.code, label: row.label, kind: 'hoofd' as const, diagnosedAt: row.diagnosedAt })),
      ...diagnoses.secondary.map((row) => ({ code: row.code, label: row.label, kind: 'neven' as const, diagnosedAt: row.diagnosedAt })),
    ],
    risks: risks.risks.map((risk) => ({
      riskType: risk.riskType,
      riskLevel: risk.riskLevel,
      rationale: risk.rationale,
      assessedAt: risk.assessedAt,
    })),
    reports,
    practitioners,
    today,
    people,
  };
}
