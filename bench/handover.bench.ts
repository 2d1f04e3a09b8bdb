import type { AuditActor } from '../domain/audit/audit.service';
import { tenantOf, withTenant } from '../domain/db/tenant';
import { collectHandoverSources, storeHandover, summariseHandover, type HandoverJob } from '../domain/handover/generate';
import { generateHandover } from '../temporal/handover';
import { sized } from './harness';
import { compareWithWorkflow, startWorkflowBench } from './workflow-bench';

/**
 * What the workflow costs on top of its work: the same three steps (collect and filter,
 * summarise with a model that answers at once, verify and store) called directly, and through
 * `generateHandover` → Temporal → worker → activities. Target: p50 overhead ≤ 150 ms.
 */
const samples = sized('SAMPLES', 30, 2);
const { stack, model, orm, ai, temporal, stop } = await startWorkflowBench('handover', 54332);

try {
  const actor: AuditActor = { organisationId: stack.organisationId, userId: stack.userId, role: 'psychiater', channel: 'web' };
  const patientId = crypto.randomUUID();
  await stack.ownerOrm.em.fork().transactional(async (em) => {
    await em.execute("select set_config('app.organisation_id', ?, true)", [stack.organisationId]);
    await em.execute(
      "insert into patients (id, organisation_id, name_given, family_name, search_name, birth_date, episode_status, john_doe) values (?, ?, '{Bench}', 'Patiënt', 'bench patient', '1980-01-01', 'active', true)",
      [patientId, stack.organisationId],
    );
    for (let i = 0; i < 12; i++) {
      await em.execute(
        "insert into reports (organisation_id, patient_id, type, category, content, include_in_handover, created_by, created_at, shift_date, shift) values (?, ?, ?, ?, ?, true, ?, now() - make_interval(hours => ?), current_date, 'dag')",
        [
          stack.organisationId,
          patientId,
          i % 4 === 0 ? 'incident' : 'dagnotitie',
          i % 4 === 0 ? 'incident' : 'medicatie',
          `Weigerde medicatie, onrustig op de afdeling (${i}).`,
          stack.userId,
          i * 3,
        ],
      );
    }
    await em.execute(
      "insert into vital_observations (organisation_id, patient_id, code, label, value, unit, interpretation, observed_at) values (?, ?, '8480-6', 'Bloeddruk systolisch', 190, 'mmHg', 'HH', now() - interval '2 hours')",
      [stack.organisationId, patientId],
    );
  });
  model.answer((request) => {
    const refs = [...request.messages[1]!.content.matchAll(/^\[([RVK]\d+)\]/gm)].map((match) => match[1]!);
    return {
      content: JSON.stringify({
        ernst: 'let op',
        situatie: 'Bench.',
        aandachtspunten: refs.slice(0, 3).map((ref) => ({ tekst: ref, bron: ref })),
        actiepunten: [],
      }),
    };
  });

  const day = 24 * 3600_000;
  const direct = async (i: number) => {
    const job: HandoverJob = {
      actor,
      patientId,
      period: '3d',
      role: 'psychiater',
      workflowId: `direct-${i}-${crypto.randomUUID()}`,
      requestedAt: new Date().toISOString(),
    };
    const collected = await withTenant(orm, tenantOf(actor), (em) => collectHandoverSources(em, job));
    const summarised = await summariseHandover(ai, job, collected);
    if (!summarised.ok) throw new Error(summarised.error);
    await withTenant(orm, tenantOf(actor), (em) => storeHandover(em, job, collected, summarised.prepared));
  };
  // Each sample is another day, so each starts its own workflow instead of joining the last.
  const viaWorkflow = (i: number) =>
    generateHandover(
      { orm, ...temporal },
      actor,
      { patientId, period: '3d', filterForRole: 'psychiater' },
      new Date(Date.now() + (i + 1) * day),
    );

  await compareWithWorkflow('handover generation', samples, direct, viaWorkflow);
} finally {
  await stop();
}
