import { z } from 'zod';
import { genders } from '../patient/patient.schemas';
import { Pseudonymiser } from './pseudonymise';

/**
 * The privacy officer's check: per JSON line `{"text", "patient", "people"}`, exactly what would
 * leave the server for that text. When the last gate would refuse the call, nothing leaves:
 * `{"text": null, "geweigerd": "<which kinds>"}`. A line that is not valid input gets `{"fout": "…"}`.
 */
const person = z.object({
  name: z.string({ error: 'Naam ontbreekt.' }).trim().min(1, 'Naam ontbreekt.'),
  given: z.array(z.string()).optional(),
  prefix: z.string().nullish(),
  family: z.string().nullish(),
  bsn: z.string().nullish(),
  birthDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Geboortedatum als JJJJ-MM-DD.')
    .nullish(),
  street: z.string().nullish(),
  postalCode: z.string().nullish(),
  city: z.string().nullish(),
  phone: z.string().nullish(),
  email: z.string().nullish(),
  // How someone of `people` relates to the patient ("moeder", "huisarts"); `role` is read as the same.
  relation: z.string().nullish(),
  role: z.string().nullish(),
  // The patient's gender as the record holds it: a title of the other gender before their surname is a relative (ADR 0107, round five).
  gender: z.enum(genders, { error: `Geslacht: ${genders.join(', ')}.` }).nullish(),
});
const input = z.object({
  text: z.string({ error: 'Tekst ontbreekt.' }),
  patient: person.optional(),
  people: z.array(person).default([]),
});

export function pseudonymiseLine(line: string): string {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return JSON.stringify({ fout: 'Geen geldige JSON op deze regel.' });
  }
  const parsed = input.safeParse(json);
  if (!parsed.success)
    return JSON.stringify({ fout: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'regel'}: ${issue.message}`).join('; ') });
  const { text, patient, people } = parsed.data;
  // Only `patient` is the patient: everyone in `people` is someone else the record knows, never
  // labelled as a patient (issue 42: "Moeder [PATIENT_2]" was the README's own example).
  const others = people.map(({ role, ...known }) => ({ ...known, relation: known.relation ?? role ?? 'bekende' }));
  const pseudonymiser = new Pseudonymiser([...(patient ? [patient] : []), ...others]);
  const sent = pseudonymiser.pseudonymise(text);
  const left = pseudonymiser.leftovers(sent);
  return JSON.stringify(left.length ? { text: null, geweigerd: left.join(', ') } : { text: sent });
}
