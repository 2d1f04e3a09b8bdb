import type { AuditActor } from '../audit/audit.service';
import { staffNames } from '../auth/staff-names';
import type { EntityManager } from '../db/orm';
import { isoDay, startOfClinicalDay } from '../shared/clinical-time';
import { AppError } from '../shared/errors';
import { isUuid } from '../shared/ids';
import { foldAccents } from '../shared/text';
import { parseOrThrow, z } from '../shared/validation';
import type { Actiepunt, HandoverPeriod, HandoverRole } from './handover.schemas';

/*
 * Ticking off an action item of a stored handover summary (issue 26, point 3). Every tick and untick
 * is a row with who and when; each clinician has their own checklist (the newest row per item and
 * user), and sees who else ticked an item off. A regeneration keeps the ticks of the items that come
 * back (issue 41, point 5; ADR 0056).
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
  /** This clinician's name as the tick shows it; null when not done. */
  by: string | null;
  others: { name: string; at: string }[];
}

/** Per summary id, the state of each action item by its index; items nobody ticked are absent. */
export type ActionStates = Record<string, Record<number, ActionItemState>>;

/** The tick as the clinician sees it, and the summary's patient, whom the access concerns. */
export interface TickResult {
  tick: ActionTickView;
  patientId: string;
}

/** The patient a stored summary is about (none for another organisation's summary or an id that is no uuid). */
export async function summaryPatients(em: EntityManager, summaryId: string): Promise<string[]> {
  if (!isUuid(summaryId)) return [];
  const rows = await em.execute<{ patient_id: string }[]>('select patient_id from handover_summaries where id = ?', [summaryId]);
  return rows.map((row) => row.patient_id);
}

/** Ticks (or unticks) action item `item` of the summary for the actor; 404 for another organisation's summary or an item it does not have. */
export async function tickAction(
  em: EntityManager,
  actor: AuditActor,
  summaryId: string,
  item: string | number,
  body: unknown,
): Promise<TickResult> {
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
  const names = await staffNames(em, [actor.userId]);
  return {
    tick: { summaryId, item: index, done, by: names.get(actor.userId) ?? 'onbekend', at: new Date(row!.at).toISOString() },
    patientId: summary.patient_id,
  };
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
    const state = (items[row.item] ??= { done: false, at: null, by: null, others: [] });
    const at = new Date(row.at).toISOString();
    if (row.user_id === userId)
      Object.assign(state, { done: row.done, at: row.done ? at : null, by: row.done ? (names.get(row.user_id) ?? 'onbekend') : null });
    else if (row.done) state.others.push({ name: names.get(row.user_id) ?? 'onbekend', at });
  }
  return states;
}

/**
 * "The same action item" across two summaries of one patient (ADR 0056): the same source cited (or
 * none), and the same text once case, accents, spacing and punctuation are set aside. A number is
 * part of the text: a changed value or deadline is another action.
 */
export function actionItemKey(item: Pick<Actiepunt, 'tekst' | 'bron'>): string {
  const text = foldAccents(item.tekst)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  return `${item.bron?.id ?? '-'} ${text}`;
}

/**
 * For the predecessor's action items, the index each has in `items`, or nothing when it did not come
 * back; an item the predecessor holds twice is matched once.
 */
export function matchActionItems(
  previous: readonly Pick<Actiepunt, 'tekst' | 'bron'>[],
  items: readonly Pick<Actiepunt, 'tekst' | 'bron'>[],
) {
  const open = items.map(actionItemKey);
  const matches = new Map<number, number>();
  previous.forEach((item, index) => {
    const at = open.indexOf(actionItemKey(item));
    if (at < 0) return;
    matches.set(index, at);
    open[at] = '';
  });
  return matches;
}

export interface NewSummary {
  id: string;
  patientId: string;
  period: HandoverPeriod;
  role: HandoverRole;
  generatedAt: Date;
  actiepunten: readonly Pick<Actiepunt, 'tekst' | 'bron'>[];
}

/**
 * A regeneration keeps the ticks: the summary it replaces is the newest of the same clinical day for
 * the same patient, period and role (the one the page showed). Each clinician's tick that still
 * stands on an item that comes back is carried to the new summary, with its own who and when and
 * the tick it carries on. Items that did not come back leave their ticks behind. Returns how many
 * ticks were carried.
 */
export async function carryTicks(em: EntityManager, summary: NewSummary): Promise<number> {
  if (summary.actiepunten.length === 0) return 0;
  const [previous] = await em.execute<{ id: string; items: Pick<Actiepunt, 'tekst' | 'bron'>[] }[]>(
    `select id, summary->'actiepunten' as items from handover_summaries
      where patient_id = ? and period = ? and role = ? and id <> ? and generated_at >= ?
        and generated_at <= (select generated_at from handover_summaries where id = ?)
      order by generated_at desc limit 1`,
    [summary.patientId, summary.period, summary.role, summary.id, startOfClinicalDay(isoDay(summary.generatedAt)), summary.id],
  );
  if (!previous) return 0;
  const matches = matchActionItems(previous.items ?? [], summary.actiepunten);
  if (matches.size === 0) return 0;
  const standing = await em.execute<{ id: string; item: number; done: boolean }[]>(
    `select distinct on (item, user_id) id, item, done
       from handover_action_ticks where summary_id = ?
      order by item, user_id, at desc`,
    [previous.id],
  );
  const carried = standing.filter((tick) => tick.done && matches.has(tick.item));
  if (carried.length === 0) return 0;
  // Who and the moment are copied in the database, to the microsecond, from the tick carried on.
  await em.execute(
    `insert into handover_action_ticks (organisation_id, summary_id, item, done, user_id, at, carried_from)
     select organisation_id, ?::uuid, carried.item, true, user_id, at, coalesce(carried_from, id)
       from handover_action_ticks tick
       join (values ${carried.map(() => '(?::uuid, ?::int)').join(', ')}) as carried (tick_id, item) on carried.tick_id = tick.id`,
    [summary.id, ...carried.flatMap((tick) => [tick.id, matches.get(tick.item)!])],
  );
  return carried.length;
}
