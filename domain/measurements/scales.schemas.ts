import { instant, z } from '../shared/validation';
import { bvcItems, type BvcItem } from './bvc';

const observedAt = instant('Geef een geldig tijdstip van de observatie.').refine(
  (value) => value.getTime() <= Date.now() + 5 * 60_000,
  'Een observatie kan niet in de toekomst liggen.',
);

/** Every behaviour answered, present (true) or absent (false): an API client says both; the form sends unticked as absent. */
const bvcAnswers = z.object(
  Object.fromEntries(
    bvcItems.map((item) => [item.key, z.boolean({ error: `Geef aan of "${item.label.toLowerCase()}" aanwezig is (true of false).` })]),
  ) as Record<BvcItem, z.ZodBoolean>,
  { error: 'Geef per gedrag aan of het aanwezig is.' },
);

export const recordBvcSchema = z.object({ observedAt, items: bvcAnswers });

export const correctBvcSchema = z.object({
  items: bvcAnswers,
  reason: z
    .string({ error: 'Geef aan waarom de score wordt gecorrigeerd.' })
    .trim()
    .min(3, 'Geef aan waarom de score wordt gecorrigeerd.')
    .max(300, 'De reden mag maximaal 300 tekens lang zijn.'),
});
