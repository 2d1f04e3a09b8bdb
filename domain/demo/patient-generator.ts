import type { EntityManager } from '../db/orm';
import { type EpisodeStatus, type Gender, type PatientInput, patientInputSchema } from '../patient/patient.schemas';
import { patientColumns } from '../patient/patient.service';

/** Demo data and benchmarks draw from the seeded generator, so they are the same on every run. */
export { seededRandom as random } from '../shared/random';

const given = {
  male: [
    'Jan',
    'Pieter',
    'Mohammed',
    'Daan',
    'Kees',
    'Ahmed',
    'Thomas',
    'Bram',
    'Willem',
    'Youssef',
    'Sem',
    'Lucas',
    'Henk',
    'Joost',
    'Ruben',
    'Mehmet',
    'Johan',
    'Stefan',
    'Rik',
    'Jeroen',
  ],
  female: [
    'Anna',
    'Fatima',
    'Sanne',
    'Emma',
    'Maria',
    'Lotte',
    'Fleur',
    'Noor',
    'Sophie',
    'Ingrid',
    'Aisha',
    'Marieke',
    'Eva',
    'Janneke',
    'Esther',
    'Yasmin',
    'Lisa',
    'Petra',
    'Kim',
    'Zeynep',
  ],
};
const prefixes = ['van', 'de', 'van der', 'van den', 'van de', 'ter', 'den', "in 't"];
const families = [
  'Jansen',
  'Bakker',
  'Visser',
  'Smit',
  'Meijer',
  'Mulder',
  'Bos',
  'Vos',
  'Peters',
  'Hendriks',
  'Dekker',
  'Brouwer',
  'Dijkstra',
  'Koster',
  'Prins',
  'Huisman',
  'Kok',
  'Postma',
  'Yilmaz',
  'Bouali',
  'Kramer',
  'Veenstra',
  'Schouten',
  'Hoekstra',
  'Willems',
  'Claassen',
  'Verhoeven',
  'Wouters',
  'Amrani',
  'Boer',
];
const prefixedFamilies = [
  'Vries',
  'Berg',
  'Dijk',
  'Brink',
  'Heuvel',
  'Linden',
  'Leeuwen',
  'Wal',
  'Veen',
  'Graaf',
  'Haar',
  'Velde',
  'Beek',
  'Wiel',
];
const streets = [
  'Dorpsstraat',
  'Kerkstraat',
  'Stationsweg',
  'Molenweg',
  'Schoolstraat',
  'Julianastraat',
  'Wilhelminalaan',
  'Beatrixstraat',
  'Lindelaan',
  'Parallelweg',
];
const cities: [string, string][] = [
  ['Utrecht', '35'],
  ['Amersfoort', '38'],
  ['Zeist', '37'],
  ['Nieuwegein', '34'],
  ['Houten', '39'],
  ['Hilversum', '12'],
  ['Amsterdam', '10'],
  ['Woerden', '34'],
];
const insurers = ['Zilveren Kruis', 'CZ', 'VGZ', 'Menzis', 'ONVZ', 'DSW', 'a.s.r.', 'Zorg en Zekerheid'];
const statuses: EpisodeStatus[] = ['planned', 'screening', 'active', 'active', 'active', 'finished', 'cancelled'];

function pick<T>(rnd: () => number, list: readonly T[]): T {
  return list[Math.floor(rnd() * list.length)]!;
}

/** A BSN that passes the 11-proof: eight random digits and the check digit that completes them. */
export function generateBsn(rnd: () => number): string {
  for (;;) {
    const digits = Array.from({ length: 8 }, (_, index) => (index === 0 ? 1 + Math.floor(rnd() * 9) : Math.floor(rnd() * 10)));
    const check = digits.reduce((sum, digit, index) => sum + digit * (9 - index), 0) % 11;
    if (check < 10) return [...digits, check].join('');
  }
}

export interface GeneratedPatient {
  input: PatientInput;
  status: EpisodeStatus;
}

export function generatePatient(rnd: () => number, usedBsns: Set<string>): GeneratedPatient {
  const gender: Gender = rnd() < 0.5 ? 'male' : 'female';
  const nameGiven = [pick(rnd, given[gender]), ...(rnd() < 0.25 ? [pick(rnd, given[gender])] : [])];
  const prefixed = rnd() < 0.3;
  const [city, area] = pick(rnd, cities);
  let bsn = generateBsn(rnd);
  while (usedBsns.has(bsn)) bsn = generateBsn(rnd);
  usedBsns.add(bsn);
  const year = 1940 + Math.floor(rnd() * 66);
  const birthDate = `${year}-${String(1 + Math.floor(rnd() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rnd() * 28)).padStart(2, '0')}`;
  const family = prefixed ? pick(rnd, prefixedFamilies) : pick(rnd, families);
  return {
    status: pick(rnd, statuses),
    input: {
      nameGiven,
      namePrefix: prefixed ? pick(rnd, prefixes) : undefined,
      familyName: family,
      bsn,
      birthDate,
      gender,
      address: {
        street: `${pick(rnd, streets)} ${1 + Math.floor(rnd() * 180)}`,
        // No "S" first: SA, SD and SS are not issued.
        postalCode: `${area}${10 + Math.floor(rnd() * 89)} ${pick(rnd, [...'ABCDEGHJKLMNPRTVWXZ'])}${pick(rnd, [...'ABCDEGHJKLMNPRSTVWXZ'])}`,
        city,
      },
      contact: {
        phone: `06 ${String(10000000 + Math.floor(rnd() * 89999999))}`,
        email: `${nameGiven[0]!.toLowerCase()}.${family.toLowerCase().replace(/\W/g, '')}@voorbeeld.nl`,
      },
      insurance: { company: pick(rnd, insurers), policyNumber: String(100000000 + Math.floor(rnd() * 899999999)) },
    },
  };
}

/**
 * Inserts patients in batches of 1 000 rows through json_populate_recordset: 100 000 patients take
 * seconds, and every row goes through the same schema and derived columns as the app's own writes.
 */
export async function insertPatients(
  em: EntityManager,
  organisationId: string,
  patients: GeneratedPatient[],
  updatedAtBase = Date.now(),
): Promise<void> {
  for (let start = 0; start < patients.length; start += 1000) {
    const rows = patients.slice(start, start + 1000).map(({ input, status }, index) => {
      const columns = patientColumns(patientInputSchema.parse(input));
      const updatedAt = new Date(updatedAtBase - (start + index) * 60_000).toISOString();
      return {
        organisation_id: organisationId,
        name_prefix: columns.namePrefix,
        name_given: columns.nameGiven,
        family_name: columns.familyName,
        bsn: columns.bsn,
        john_doe: columns.johnDoe,
        birth_date: columns.birthDate,
        gender: columns.gender,
        address_street: columns.addressStreet,
        address_postal_code: columns.addressPostalCode,
        address_city: columns.addressCity,
        phone: columns.phone,
        email: columns.email,
        insurance_company: columns.insuranceCompany,
        insurance_policy_number: columns.insurancePolicyNumber,
        episode_status: status,
        search_name: columns.searchName,
        search_keys: columns.searchKeys,
        created_at: updatedAt,
        updated_at: updatedAt,
      };
    });
    await em.execute(
      `insert into patients (organisation_id, name_prefix, name_given, family_name, bsn, john_doe, birth_date, gender, address_street,
              address_postal_code, address_city, phone, email, insurance_company, insurance_policy_number, episode_status, search_name,
              search_keys, created_at, updated_at)
       select organisation_id, name_prefix, name_given, family_name, bsn, john_doe, birth_date, gender, address_street,
              address_postal_code, address_city, phone, email, insurance_company, insurance_policy_number, episode_status, search_name,
              search_keys, created_at, updated_at
         from json_populate_recordset(null::patients, ?::json)`,
      [JSON.stringify(rows)],
    );
  }
}
