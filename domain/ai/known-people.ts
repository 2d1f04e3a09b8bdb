import type { EntityManager } from '../db/orm';
import { arrayLiteral } from '../db/sql';
import { phoneticKey, tokens } from '../patient/name-matching';
import { displayName, knownPerson, type KnownPatientFields } from '../patient/patient.service';
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

interface PeopleRow {
  staff_version: string | null;
  patients: KnownPatientFields[];
  contacts: { name: string; phone: string | null; email: string | null }[];
  gps: string[];
  others: { nameGiven: string[]; namePrefix: string | null; familyName: string }[];
}

/**
 * The record's people of one AI call in one round trip (issue 38: each round trip costs the app
 * more than the rows): the patients concerned, their contact persons and GPs, other patients whose
 * name words appear in the texts (through the phonetic name keys, the GIN index patient search
 * uses), and the staff version.
 */
async function peopleRow(em: EntityManager, patientIds: readonly string[], texts: readonly string[]): Promise<PeopleRow> {
  const ids = arrayLiteral([...new Set(patientIds)]);
  const words = capitalisedWords(texts);
  const keys = arrayLiteral([...new Set(words.map(phoneticKey).filter(Boolean))]);
  const [row] = await em.execute<PeopleRow[]>(
    `select
       (select version from staff_versions) as staff_version,
       (select coalesce(json_agg(json_build_object(
           'nameGiven', name_given, 'namePrefix', name_prefix, 'familyName', family_name, 'bsn', bsn,
           'birthDate', birth_date, 'addressStreet', address_street, 'addressPostalCode', address_postal_code,
           'addressCity', address_city, 'phone', phone, 'email', email, 'gender', gender)), '[]')
          from patients where id = any(?::uuid[])) as patients,
       (select coalesce(json_agg(json_build_object('name', name, 'phone', phone, 'email', email)), '[]')
          from contact_persons where patient_id = any(?::uuid[])) as contacts,
       (select coalesce(json_agg(distinct gp_name), '[]')
          from gp_letters where patient_id = any(?::uuid[]) and gp_name is not null) as gps,
       (select coalesce(json_agg(json_build_object('nameGiven', name_given, 'namePrefix', name_prefix, 'familyName', family_name)), '[]')
          from (select name_given, name_prefix, family_name from patients
                 where cardinality(?::text[]) > 0 and search_keys && ?::text[] and not (id = any(?::uuid[]))
                 limit ${maxOtherPatients}) other) as others`,
    [ids, ids, ids, keys, keys, ids],
  );
  const wanted = new Set(words);
  // The phonetic keys are coarse ("Mol" and "Mulder" share none, "Jan" and "Jon" do): keep exact name words only.
  const others = row!.others.filter((other) =>
    [...other.nameGiven, other.familyName].some((name) => tokens(name).some((token) => wanted.has(token))),
  );
  return { ...row!, others };
}

function recordOf(row: PeopleRow): KnownPerson[] {
  return [
    ...row.patients.map(knownPerson),
    // Relatives and GPs are people around the patient, never labelled as a patient (issue 42).
    ...row.contacts.map((contact) => ({ name: contact.name, phone: contact.phone, email: contact.email, relation: 'contactpersoon' })),
    ...row.gps.map((name) => ({ name, relation: 'huisarts' })),
    ...row.others.map((other) => ({
      name: displayName(other),
      given: other.nameGiven,
      prefix: other.namePrefix,
      family: other.familyName,
    })),
  ];
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
async function staffAt(em: EntityManager, organisationId: string, version: string): Promise<KnownGroup> {
  const prepared = preparedStaff.get(organisationId);
  if (prepared?.version === version) return prepared.group;
  const rows = await em.execute<StaffRow[]>('select display_name, email from users');
  const group = new KnownGroup(rows.map((row) => ({ name: row.display_name, email: row.email })));
  preparedStaff.set(organisationId, { version, group });
  return group;
}

export async function staffOf(em: EntityManager, organisationId: string): Promise<KnownGroup> {
  // The version first: a change after it makes the next call read again, never the reverse.
  const [current] = await em.execute<{ version: string }[]>('select version from staff_versions');
  return staffAt(em, organisationId, current?.version ?? '0');
}

/**
 * Everyone the record knows for one AI call in a request: the patients concerned, their contact
 * persons and GPs, other patients named (`record`), and the organisation's staff as its prepared
 * group (`staff`). One round trip while the staff are unchanged.
 */
export async function peopleOfCall(
  em: EntityManager,
  organisationId: string,
  { patientIds, texts = [] }: { patientIds: readonly string[]; texts?: readonly string[] },
): Promise<{ record: KnownPerson[]; staff: KnownGroup }> {
  const row = await peopleRow(em, patientIds, texts);
  return { record: recordOf(row), staff: await staffAt(em, organisationId, row.staff_version ?? '0') };
}

/**
 * Everyone the record knows, the staff included, as one list: for the workflows, whose steps pass
 * the people on in their (encrypted) payloads. A call in a request uses `peopleOfCall` instead,
 * so the staff are not read and prepared again each time.
 */
export async function knownPeople(
  em: EntityManager,
  { patientIds, texts = [] }: { patientIds: readonly string[]; texts?: readonly string[] },
): Promise<KnownPerson[]> {
  const row = await peopleRow(em, patientIds, texts);
  const staff = await em.execute<StaffRow[]>('select display_name, email from users');
  return [...recordOf(row), ...staff.map((row) => ({ name: row.display_name, email: row.email, relation: 'medewerker' }))];
}
