import { recordAudit, type AuditActor } from '../audit/audit.service';
import { staffNames } from '../auth/staff-names';
import type { EntityManager } from '../db/orm';
import { AppError } from '../shared/errors';
import { isUuid } from '../shared/ids';
import { parseOrThrow, z } from '../shared/validation';

/*
 * Ticking off an action item of a stored handover summary (issue 26, point 3). Every tick and untick
 * is a row with who and when; each clinician has their own checklist (the newest row per item and
 * user), and sees who else ticked an item off.
 */

const summaryNotFound = 'Deze overdracht is niet gevonden.';
const itemNotFound = 'Dit actiepunt staat niet in deze overdracht.';

export const tickSchema = z.object({
  done: z.boolean({ error: 'Geef aan of het actiepunt gedaan is (done: true of false).' }),
});

export interface ActionTickView {
  summaryId: string;
  item: number;
  done: boolean;
  by: string;
  at: string;
}

/** One action item for the clinician who looks: their own tick, and the others who ticked it off. */
export interface ActionItemState {
  done: boolean;
  /** When this clinician ticked it off; null when not done. */
  at: string | null;
  others: { name: string; at: string }[];
}

/** Per summary id, the state of each action item by its index; items nobody ticked are absent. */
export type ActionStates = Record<string, Record<number, ActionItemState>>;

/** Ticks (or unticks) action item `item` of the summary for the actor; 404 for another organisation's summary or an item it does not have. */
export async function tickAction(
  em: EntityManager,
  actor: AuditActor,
  summaryId: string,
  item: string | number,
  body: unknown,
): Promise<ActionTickView> {
  const [summary] = isUuid(summaryId)
    ? await em.execute<{ patient_id: string; items: number }[]>(
        "select patient_id, jsonb_array_length(summary->'actiepunten') as items from handover_summaries where id = ?",
        [summaryId],
      )
    : [];
  if (!summary) throw AppError.notFound(summaryNotFound);
  const index = Number(item);
  if (!Number.isInteger(index) || index < 0 || index >= summary.items || String(item).trim() !== String(index))
    throw AppError.notFound(itemNotFound);
  const { done } = parseOrThrow(tickSchema, body);
  const [row] = await em.execute<{ at: Date }[]>(
    `insert into handover_action_ticks (organisation_id, summary_id, item, done, user_id)
     values (?, ?, ?, ?, ?) returning at`,
    [actor.organisationId, summaryId, index, done, actor.userId],
  );
  recordAudit(em, actor, {
    action: 'update',
    resourceType: 'HandoverSummary',
    resourceId: summaryId,
    patientIds: [summary.patient_id],
    details: { actiepunt: index, done },
  });
  const names = await staffNames(em, [actor.userId]);
  return { summaryId, item: index, done, by: names.get(actor.userId) ?? 'onbekend', at: new Date(row!.at).toISOString() };
}

/** The action items' state for `userId` in these summaries, in one query over the newest row per item and user. */
export async function actionStates(em: EntityManager, summaryIds: readonly string[], userId: string): Promise<ActionStates> {
  const ids = summaryIds.filter(isUuid);
  if (ids.length === 0) return {};
  const rows = await em.execute<{ summary_id: string; item: number; user_id: string; done: boolean; at: Date }[]>(
    `select distinct on (summary_id, item, user_id) summary_id, item, user_id, done, at
       from handover_action_ticks where summary_id in (${ids.map(() => '?').join(', ')})
      order by summary_id, item, user_id, at desc`,
    ids,
  );
  const names = await staffNames(
    em,
    rows.filter((row) => row.done).map((row) => row.user_id),
  );
  const states: ActionStates = {};
  for (const row of rows) {
    const items = (states[row.summary_id] ??= {});
    const state = (items[row.item] ??= { done: false, at: null, others: [] });
    const at = new Date(row.at).toISOString();
    if (row.user_id === userId) Object.assign(state, { done: row.done, at: row.done ? at : null });
    else if (row.done) state.others.push({ name: names.get(row.user_id) ?? 'onbekend', at });
  }
  return states;
}
