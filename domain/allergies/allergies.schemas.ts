import { nullableText, reasonText, z } from '../shared/validation';
import { allergySeverities } from './allergies.vocabulary';

/** The allergy forms and API share these; every message is Dutch and names the field. */

export const allergySchema = z.object({
  substance: z
    .string({ error: 'Vul de stof of het middel in.' })
    .trim()
    .min(2, 'Vul de stof of het middel in.')
    .max(120, 'De stof mag maximaal 120 tekens lang zijn.'),
  reaction: nullableText(300, 'De reactie mag maximaal 300 tekens lang zijn.'),
  severity: z.enum(allergySeverities, { error: 'Kies de ernst: licht, matig of ernstig.' }),
});

export const lapseAllergySchema = z.object({ reason: reasonText('Geef aan waarom de allergie vervalt.') });
