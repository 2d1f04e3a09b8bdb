import type { AuditActor } from '../domain/audit/audit.service';
import { tenantOf, withTenant } from '../domain/db/tenant';
import { plusDays } from '../domain/treatment-plan/draft';
import { collectTreatmentPlanSources, draftTreatmentPlan, type TreatmentPlanJob } from '../domain/treatment-plan/generate';
import { storePlanDraft } from '../domain/treatment-plan/treatment-plan.use-cases';
import { runUseCaseWithin } from '../domain/audit/use-case';
import { generateTreatmentPlan } from '../temporal/treatment-plan';
import { sized } from './harness';
import { compareWithWorkflow, startWorkflowBench } from './workflow-bench';

/**
 * What the workflow costs on top of its work: the same three steps (gather the record, draft with
 * a model that answers at once, store the version) called directly, and through
 * `generateTreatmentPlan` → Temporal → worker → activities. Target: p50 overhead ≤ 150 ms, and the
 * whole request far inside the 8 s the clinician may wait.
 */
const samples = sized('SAMPLES', 30, 2);
const { stack, model, orm, ai, temporal, stop } = await startWorkflowBench('treatment_plan', 54334);

try {
  const actor: AuditActor = { organisationId: stack.organisationId, userId: stack.userId, role: 'psychiater', channel: 'web' };
  const patientId = crypto.randomUUID();
  await stack.ownerOrm.em.fork().transactional(async (em) => {
    await em.execute("select set_config('app.organisation_id', ?, true)", [stack.organisationId]);
    await em.execute(
      "insert into patients (id, organisation_id, name_given, family_name, search_name, birth_date, episode_status, john_doe) values (?, ?, '{Bench}', 'Patiënt', 'bench patient', '1980-01-01', 'active', true)",
      [patientId, stack.organisationId],
    );
    await em.execute(
      "insert into diagnoses (organisation_id, patient_id, rank, code, label, diagnosed_at) values (?, ?, 'primary', 'F32.2', 'Depressieve stemmingsstoornis, eenmalige episode, ernstig', '2026-09-02')",
      [stack.organisationId, patientId],
    );
    await em.execute(
      "insert into risk_assessments (organisation_id, patient_id, risk_type, risk_level, rationale, assessed_at) values (?, ?, 'suïcide', 'hoog', 'Doodsgedachten zonder plan.', now())",
      [stack.organisationId, patientId],
    );
    for (let i = 0; i < 15; i++) {
      await em.execute(
        "insert into reports (organisation_id, patient_id, type, category, content, created_by, created_at, shift_date, shift) values (?, ?, 'dagnotitie', 'observatie', ?, ?, now() - make_interval(hours => ?), current_date, 'dag')",
        [stack.organisationId, patientId, `Somber, weinig initiatief, at de helft van de maaltijd (${i}).`, stack.userId, i * 5],
      );
    }
  });
  model.answer((request) => {
    const today = /^Datum: (\d{4}-\d{2}-\d{2})$/m.exec(request.messages[1]!.content)![1]!;
    const later = plusDays(today, 42);
    return {
      content: JSON.stringify({
        hulpvraag: 'Weer zin hebben in de dag.',
        probleemanalyse: 'Ernstige depressieve episode.',
        classificatie: [{ code: 'F32.2' }],
        doelen: [{ omschrijving: 'PHQ-9 gehalveerd.', evaluatiedatum: later }],
        interventies: ['CGT'],
        medicatie: [],
        frequentie: 'Wekelijks',
        duur: '3 maanden',
        crisisplan: { signalen: ['Doodsgedachten'], acties: ['Melden'], contact: 'Afdeling' },
        evaluatiemomenten: [{ datum: later, omschrijving: 'Evaluatie' }],
      }),
    };
  });

  const day = 24 * 3600_000;
  const tenant = tenantOf(actor);
  const direct = async (i: number) => {
    const job: TreatmentPlanJob = {
      actor,
      patientId,
      workflowId: `direct-${i}-${crypto.randomUUID()}`,
      requestedAt: new Date().toISOString(),
    };
    const sources = await withTenant(orm, tenant, (em) => collectTreatmentPlanSources(em, job));
    const drafted = await draftTreatmentPlan(ai, job, sources);
    if (!drafted.ok) throw new Error(drafted.error);
    await withTenant(orm, tenant, (em) =>
      runUseCaseWithin(em, actor, storePlanDraft, { job, drafted: drafted.drafted, runId: crypto.randomUUID() }),
    );
  };
  // Each sample is another day, so each starts its own workflow instead of joining the last.
  const viaWorkflow = (i: number) =>
    generateTreatmentPlan({ orm, ...temporal }, actor, { patientId }, new Date(Date.now() + (i + 1) * day));

  await compareWithWorkflow('treatment-plan generation', samples, direct, viaWorkflow, ' (target < 8000 ms with a responsive model)');
} finally {
  await stop();
}
