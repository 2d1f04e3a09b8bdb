import type { AuditActor } from '../domain/audit/audit.service';
import { generateBsn, random } from '../domain/demo/patient-generator';
import { tenantOf, withTenant } from '../domain/db/tenant';
import { runUseCaseWithin } from '../domain/audit/use-case';
import { readGpLetter } from '../domain/gp-letter/gp-letter.use-cases';
import { approveNoShowLetter, dispatchNoShow, rescriptNoShow, startNoShow, type NoShowDeps } from '../temporal/noshow';
import { log, percentile, sized, smoke, time } from './harness';
import { startWorkflowBench, warmUp } from './workflow-bench';

/**
 * The no-show process end to end, the model mocked with zero delay: the commands (`cancel`
 * registers the no-show; since ADR 0030 it no longer waits for the rewrite, `rescript` does: the
 * draft rewritten through the pseudonymised model call and offered for review), the
 * approval Update until the letter is approved, and the dispatch Update until it is `verzendklaar`.
 * Each sample is its own patient, appointment and draft letter, as on a ward.
 */
const samples = sized('SAMPLES', 30, 2);
const warmup = smoke ? 1 : 5;
const { stack, model, orm, temporal, stop } = await startWorkflowBench('noshow', 54335);

try {
  const actor: AuditActor = { organisationId: stack.organisationId, userId: stack.userId, role: 'psychiater', channel: 'assistant' };
  const appointments: string[] = [];
  const rnd = random(20261122);
  const bsns = new Set<string>();
  while (bsns.size < samples + warmup) bsns.add(generateBsn(rnd));
  const bsnList = [...bsns];
  await stack.ownerOrm.em.fork().transactional(async (em) => {
    await em.execute("select set_config('app.organisation_id', ?, true)", [stack.organisationId]);
    for (let i = 0; i < samples + warmup; i++) {
      const patientId = crypto.randomUUID();
      await em.execute(
        "insert into patients (id, organisation_id, name_given, name_prefix, family_name, search_name, bsn, birth_date, episode_status) values (?, ?, '{Jan}', 'de', ?, ?, ?, '1971-04-12', 'active')",
        [patientId, stack.organisationId, `Bench${i}`, `jan de bench${i}`, bsnList[i]],
      );
      const text = `Geachte collega Jansen,\n\nHierbij informeren wij u over uw patiënt Jan de Bench${i}, geboren 12-04-1971 (BSN ${bsnList[i]}).\n\n${'De behandeling verloopt volgens plan; de medicatie is ongewijzigd. '.repeat(6)}\n\nMet collegiale groet,\n\nBench`;
      const [letter] = await em.execute<{ id: string }[]>(
        "insert into gp_letters (organisation_id, patient_id, gp_name, gp_practice, subject, original_text, created_by) values (?, ?, 'Dr. H. Jansen', 'Praktijk Jansen', 'Voortgang', ?, ?) returning id",
        [stack.organisationId, patientId, text, stack.userId],
      );
      await em.execute(
        "insert into gp_letter_versions (organisation_id, letter_id, version, event, status, text, created_by) values (?, ?, 1, 'concept', 'concept', ?, ?)",
        [stack.organisationId, letter!.id, text, stack.userId],
      );
      const [appointment] = await em.execute<{ id: string }[]>(
        "insert into appointments (organisation_id, patient_id, start_at, end_at, type, practitioner_id, owner_id) values (?, ?, now() - interval '1 hour', now() - interval '15 minutes', 'behandelgesprek', ?, ?) returning id",
        [stack.organisationId, patientId, stack.userId, stack.userId],
      );
      appointments.push(appointment!.id);
    }
  });
  model.answer((request) => {
    const user = request.messages[1]!.content;
    const draft = user.slice(user.indexOf('Conceptbrief:\n') + 'Conceptbrief:\n'.length);
    return { content: JSON.stringify({ brief: `${draft}\n\nDe patiënt is niet verschenen; wij plannen een nieuwe afspraak.` }) };
  });

  const deps: NoShowDeps = { orm, ...temporal };
  const times = { rescript: [] as number[], approve: [] as number[], dispatch: [] as number[], total: [] as number[] };
  for (const [index, appointmentId] of appointments.entries()) {
    let letterId = '';
    const rescript = await time(async () => {
      // Since ADR 0030 `cancel` answers once the no-show is registered; the rewrite is asked for apart.
      const register = () => startNoShow(deps, actor, appointmentId, {});
      await (index < warmup ? warmUp(register) : register());
      const context = await rescriptNoShow(deps, actor, appointmentId);
      if (context.workflow?.status !== 'ter_beoordeling') throw new Error(`rescript ended at ${context.workflow?.status}`);
      letterId = context.letter!.id;
    });
    const letter = await withTenant(orm, tenantOf(actor), (em) => runUseCaseWithin(em, actor, readGpLetter, { letterId }));
    const approve = await time(() => approveNoShowLetter(deps, actor, letterId, { finalText: letter.rewrittenText! }));
    const dispatch = await time(() => dispatchNoShow(deps, actor, appointmentId));
    if (index < warmup) continue;
    times.rescript.push(rescript);
    times.approve.push(approve);
    times.dispatch.push(dispatch);
    times.total.push(rescript + approve + dispatch);
  }
  const p = (values: number[], q: number) => percentile(values, q * 100).toFixed(1);
  log(`no-show → GP letter, ${samples} samples, model mocked with zero delay, in-process worker`);
  for (const [step, values] of Object.entries(times))
    log(`${step.padEnd(9)} p50 ${p(values, 0.5).padStart(6)} ms · p95 ${p(values, 0.95).padStart(6)} ms`);
  log(`model calls: ${model.requests.length} (one per process)`);
} finally {
  await stop();
}
