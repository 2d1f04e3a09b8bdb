import type { AuditActor } from '../domain/audit/audit.service';
import { tenantOf, withTenant } from '../domain/db/tenant';
import { startWardHandover, wardHandoverProgress } from '../temporal/handover';
import { wardParallelism } from '../workflows/handover/messages';
import { log, percentile, sized, smoke, time } from './harness';
import { startWorkflowBench, warmUp } from './workflow-bench';

/*
 * The ward handover for a ward of 30 (issue 26): from "Voor alle patiënten maken" until the last
 * summary is stored, through Temporal, the worker and the database, with the model mocked — once
 * answering at once, once taking a second per call as a hosted model does. Target: ≤ 10 s for 30
 * patients on this machine's two cores.
 */
const wardSize = sized('WARD', 30, 3);
const rounds = sized('ROUNDS', 3, 1);
const { stack, model, orm, temporal, stop } = await startWorkflowBench('ward-handover', 54336);

try {
  const actor: AuditActor = { organisationId: stack.organisationId, userId: stack.userId, role: 'verpleegkundige', channel: 'web' };
  await stack.ownerOrm.em.fork().transactional(async (em) => {
    await em.execute("select set_config('app.organisation_id', ?, true)", [stack.organisationId]);
    for (let i = 0; i < wardSize; i++) {
      const [patient] = await em.execute<{ id: string }[]>(
        "insert into patients (organisation_id, name_given, family_name, search_name, birth_date, episode_status, john_doe) values (?, '{Bench}', ?, 'bench patient', '1980-01-01', 'active', true) returning id",
        [stack.organisationId, `Patiënt${i}`],
      );
      for (let r = 0; r < 8; r++)
        await em.execute(
          "insert into reports (organisation_id, patient_id, type, category, content, include_in_handover, created_by, created_at, shift_date, shift) values (?, ?, ?, ?, ?, true, ?, now() - make_interval(hours => ?), current_date, 'dag')",
          [
            stack.organisationId,
            patient!.id,
            r % 4 === 0 ? 'incident' : 'dagnotitie',
            r % 4 === 0 ? 'incident' : 'medicatie',
            `Weigerde medicatie, onrustig op de afdeling (${r}).`,
            stack.userId,
            r * 2,
          ],
        );
      await em.execute(
        "insert into vital_observations (organisation_id, patient_id, code, label, value, unit, interpretation, observed_at) values (?, ?, '8480-6', 'Bloeddruk systolisch', 190, 'mmHg', 'HH', now() - interval '2 hours')",
        [stack.organisationId, patient!.id],
      );
    }
  });

  const request = { period: '1d', filterForRole: 'verpleegkundige' } as const;
  const wholeWard = async () => {
    await startWardHandover(temporal, actor, request);
    for (;;) {
      const progress = await wardHandoverProgress(temporal, actor, request);
      if (progress.status === 'klaar') {
        if (progress.done !== wardSize || progress.failed !== 0) throw new Error(`unexpected result ${JSON.stringify(progress)}`);
        return;
      }
      if (progress.status === 'mislukt') throw new Error('the ward handover failed');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stored = async () => {
    const [row] = await withTenant(orm, tenantOf(actor), (em) =>
      em.execute<{ n: string }[]>('select count(*) as n from handover_summaries'),
    );
    return Number(row!.n);
  };

  for (const delayMs of [0, smoke ? 100 : 1000]) {
    model.answer((call) => {
      const refs = [...call.messages[1]!.content.matchAll(/^\[([RVKMG]\d+)\]/gm)].map((match) => match[1]!);
      return {
        content: JSON.stringify({
          ernst: 'let op',
          situatie: 'Bench.',
          aandachtspunten: refs.slice(0, 3).map((ref) => ({ tekst: ref, bron: ref })),
          actiepunten: [],
        }),
        delayMs,
      };
    });
    await warmUp(wholeWard);
    const before = await stored();
    const times: number[] = [];
    for (let round = 0; round < rounds; round++) times.push(await time(wholeWard));
    const made = (await stored()) - before;
    if (made !== rounds * wardSize) throw new Error(`expected ${rounds * wardSize} stored summaries, found ${made}`);
    const p50 = percentile(times, 50);
    log(
      `ward of ${wardSize}, model ${delayMs === 0 ? 'answering at once' : `taking ${delayMs} ms per call`}, ${wardParallelism} at a time: ` +
        `p50 ${(p50 / 1000).toFixed(2)} s, max ${(Math.max(...times) / 1000).toFixed(2)} s over ${rounds} rounds (target ≤ 10 s); ` +
        `${(p50 / wardSize).toFixed(0)} ms per patient; ${made} summaries stored` +
        (delayMs > 0 ? `; one at a time the model alone would take ${((wardSize * delayMs) / 1000).toFixed(0)} s` : ''),
    );
  }
} finally {
  await stop();
}
