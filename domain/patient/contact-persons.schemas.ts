import { nullableText, z } from '../shared/validation';
import { emailMessage, isEmail, isPhone, phoneMessage } from './patient.schemas';

/** The relations a contact person can have; the FHIR code says what kind of contact it is. */
export const contactRelations = [
  'moeder',
  'vader',
  'partner',
  'echtgenoot',
  'echtgenote',
  'zoon',
  'dochter',
  'broer',
  'zus',
  'kind',
  'familielid',
  'vriend',
  'vriendin',
  'buurvrouw',
  'buurman',
  'mentor',
  'bewindvoerder',
  'curator',
  'wettelijk vertegenwoordiger',
  'huisarts',
  'advocaat',
  'overig',
] as const;
export type ContactRelation = (typeof contactRelations)[number];

export interface ContactPersonView {
  id: string;
  name: string;
  relation: ContactRelation;
  phone: string | null;
  email: string | null;
}

export const contactNotFound = 'De gevraagde contactpersoon is niet gevonden.';

export const contactPersonSchema = z.object({
  name: z.string({ error: 'Vul de naam in.' }).trim().min(1, 'Vul de naam in.').max(120, 'De naam is te lang.'),
  relation: z.enum(contactRelations, { error: 'Kies de relatie tot de patiënt.' }),
  phone: nullableText(20, 'Het telefoonnummer is te lang.').refine((value) => value === null || isPhone(value), phoneMessage),
  email: nullableText(254, 'Het e-mailadres is te lang.').refine((value) => value === null || isEmail(value), emailMessage),
});
export type ContactPersonInput = z.input<typeof contactPersonSchema>;
