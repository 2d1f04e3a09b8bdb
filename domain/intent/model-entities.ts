import { formatTime } from '../shared/clinical-time';
import type { ChainAction, Entities } from './intent.schemas';

/** What the local reflex read from the sentence's own words; where it read them, the model's reading is not used. */
const readLocally = ['datetime', 'assumedTime', 'dateRange', 'identifier'] as const;

/**
 * The model's actions with the days, times and appointment kind the reflex read from the words.
 * A language model reckons days and clock times badly ("volgende week dinsdag" on a Saturday as
 * Monday, "om 7:30" as 19:30), and the reflex's reading is deterministic, so the local reading
 * wins wherever it has one. A time only the model supplied is marked as a guess, like a bare
 * hour, so the plan asks the clinician to check it (ADR 64).
 */
export function withLocalDates(actions: ChainAction[], local: ChainAction[]): ChainAction[] {
  return actions.map((action, index) => {
    const mine = local[index]?.intent === action.intent ? local[index] : local.find((candidate) => candidate.intent === action.intent);
    const keep: Partial<Entities> = {};
    for (const key of readLocally) {
      const value = mine?.entities[key];
      if (value !== undefined) Object.assign(keep, { [key]: value });
    }
    const entities: Entities = { ...action.entities, ...keep };
    if (mine?.entities.datetime === undefined) delete entities.assumedTime;
    if (entities.datetime && mine?.entities.datetime === undefined)
      entities.assumedTime = `door het taalmodel ingevuld als ${formatTime(entities.datetime)}`;
    return { ...action, entities };
  });
}
