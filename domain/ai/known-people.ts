import type { EntityManager } from '../db/orm';
import { arrayLiteral } from '../db/sql';
import { contactPersonsByPatient } from '../patient/contact-persons';
import { phoneticKey, tokens } from '../patient/name-matching';
import { Patient } from '../patient/patient.entity';
import { displayName, knownPerson } from '../patient/patient.service';
import { KnownGroup, type KnownPerson } from './pseudonymise';

/**
 * Everyone the record knows for one AI call, so the pseudonymiser recognises them in any case and
 * in part: the patients concerned with their contact persons and GPs, the organisation's staff,
 * and other patients of the organisation whose name appears in the texts (found through the
 * patients' phonetic name keys, the GIN index patient search uses). Names of other patients are
 * read only to hide them: they are neither shown nor sent, so they are not an access-log read.
 */

/** Capitalised words in the texts: how another patient would be written. Lower-case words are too many to look up. */
function capitalisedWords(texts: readonly string[]): string[] {
  const found = texts.flatMap((text) => text.match(/(?<![\p{L}\p{M}])\p{Lu}[\p{L}\p{M}'’-]{2,}/gu) ?? []);
  return [...new Set(found.flatMap((word) => tokens(word)).filter((token) => token.length >= 3))];
}

const maxOtherPatients = 200;

async function otherPatientsNamed(em: EntityManager, texts: readonly string[], exclude: readonly string[]): Promise<KnownPerson[]> {
  const words = capitalisedWords(texts);
  if (words.length === 0) return [];
  const keys = [...new Set(words.map(phoneticKey).filter(Boolean))];
  const rows = await em.execute<{ name_given: string[]; name_prefix: string | null; family_name: string }[]>(
    `select name_given, name_prefix, family_name from patients
      where search_keys && ?::text[] and not (id = any(?::uuid[])) limit ${maxOtherPatients}`,
    [arrayLiteral(keys), arrayLiteral(exclude)],
  );
  const wanted = new Set(words);
  // The phonetic keys are coarse ("Mol" and "Mulder" share none, "Jan" and "Jon" do): keep exact name words only.
  return rows
    .filter((row) => [...row.name_given, row.family_name].some((name) => tokens(name).some((token) => wanted.has(token))))
    .map((row) => ({
      name: displayName({ nameGiven: row.name_given, namePrefix: row.name_prefix, familyName: row.family_name }),
      given: row.name_given,
      prefix: row.name_prefix,
      family: row.family_name,
    }));
}

interface StaffRow {
  display_name: string;
  email: string;
}

/** The organisation's staff prepared for the pseudonymiser, per organisation, with the staff version they were read at. */
const preparedStaff = new Map<string, { version: string; group: KnownGroup }>();

/**
 * The organisation's staff as one prepared group (ADR 0043): read and filed by word once per staff
 * version, which the database moves on whenever a user is added, removed, renamed or readdressed
 * (`staff_versions`). A call asks only for the version; the cost does not grow with the staff.
 */
export async function staffOf(em: EntityManager, organisationId: string): Promise<KnownGroup> {
  // The version first: a change after it makes the next call read again, never the reverse.
  const [current] = await em.execute<{ version: string }[]>('select version from staff_versions');
  const version = current?.version ?? '0';
  const prepared = preparedStaff.get(organisationId);
  if (prepared?.version === version) return prepared.group;
  const rows = await em.execute<StaffRow[]>('select display_name, email from users');
  const group = new KnownGroup(rows.map((row) => ({ name: row.display_name, email: row.email })));
  preparedStaff.set(organisationId, { version, group });
  return group;
}

/** Everyone the record knows for one AI call but the staff: the patients concerned, their contact persons and GPs, other patients named. */
export async function recordPeople(
  em: EntityManager,
  { patientIds, texts = [] }: { patientIds: readonly string[]; texts?: readonly string[] },
): Promise<KnownPerson[]> {
  const { people, others } = await peopleOfRecord(em, patientIds, texts);
  return [...people, ...others];
}

async function peopleOfRecord(em: EntityManager, patientIds: readonly string[], texts: readonly string[]) {
  const ids = [...new Set(patientIds)];
  const [patients, contacts, gps, others] = await Promise.all([
    ids.length ? em.find(Patient, { id: { $in: ids } }) : [],
    contactPersonsByPatient(em, ids),
    ids.length
      ? em.execute<{ gp_name: string }[]>(
          'select distinct gp_name from gp_letters where patient_id = any(?::uuid[]) and gp_name is not null',
          [arrayLiteral(ids)],
        )
      : [],
    otherPatientsNamed(em, texts, ids),
  ]);
  const people: KnownPerson[] = [
    ...patients.map(knownPerson),
    ...[...contacts.values()].flat().map((contact) => ({ name: contact.name, phone: contact.phone, email: contact.email })),
    ...gps.map((row) => ({ name: row.gp_name })),
  ];
  return { people, others };
}

/**
 * Everyone the record knows, the staff included, as one list: for the workflows, whose steps pass
 * the people on in their (encrypted) payloads. A call in a request uses `recordPeople` and
 * `staffOf` instead, so the staff are not read and prepared again each time.
 */
export async function knownPeople(
  em: EntityManager,
  { patientIds, texts = [] }: { patientIds: readonly string[]; texts?: readonly string[] },
): Promise<KnownPerson[]> {
  const [{ people, others }, staff] = await Promise.all([
    peopleOfRecord(em, patientIds, texts),
    em.execute<StaffRow[]>('select display_name, email from users'),
  ]);
  return [...people, ...staff.map((row) => ({ name: row.display_name, email: row.email })), ...others];
}
