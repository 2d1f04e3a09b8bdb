/**
 * Patient search, the FHIR list and FHIR search by BSN and by name on a ward of 100 000 patients:
 * p50/p95 through HTTP (session, RLS transaction, access log included) beside the same SQL run
 * directly as the app role (for FHIR search: the SQL the search definition builds).
 * Targets (issue 3): p95 ≤ 50 ms, and HTTP ≤ 1.5× the raw query. Prints its figures; asserts nothing.
 *
 *   npm run bench:patients            (PATIENTS=20000 for a quicker run)
 */
import { withTenant } from '../domain/db/tenant';
import { generatePatient, insertPatients, random, type GeneratedPatient } from '../domain/demo/patient-generator';
import { normalizeName } from '../domain/patient/name-matching';
import { arrayLiteral } from '../domain/db/sql';
import { parseSearch, searchSql } from '../domain/fhir/search';
import { bsnSystem } from '../domain/patient/patient.fhir';
import { patientSearch } from '../domain/patient/patient.fhir-search';
import { searchCandidatesQuery, searchDetailsSql } from '../domain/patient/patient.search';
import { log, measure, rawRunner, sized, startBench, time } from './harness';

const patientCount = sized('PATIENTS', 100_000, 500);
const samples = sized('SAMPLES', 300, 5);

/** Typos a clinician makes: a swapped pair of letters or a dropped letter, in lower case. */
function withTypo(rnd: () => number, name: string): string {
  const chars = [...name.toLowerCase()];
  const at = 1 + Math.floor(rnd() * Math.max(1, chars.length - 3));
  if (rnd() < 0.5) [chars[at], chars[at + 1]] = [chars[at + 1]!, chars[at]!];
  else chars.splice(at, 1);
  return chars.join('');
}

const bench = await startBench('patients', 54331);
try {
  const rnd = random(42);
  const used = new Set<string>();
  const patients: GeneratedPatient[] = Array.from({ length: patientCount }, () => generatePatient(rnd, used));
  const seedMs = await time(() =>
    withTenant(bench.ownerOrm, { organisationId: bench.organisationId }, (em) => insertPatients(em, bench.organisationId, patients)),
  );
  log(`${patientCount} patients inserted in ${(seedMs / 1000).toFixed(1)} s`);
  const cookie = await bench.serve();

  const queries = Array.from({ length: samples }, (_, index) => {
    const { input } = patients[Math.floor(rnd() * patients.length)]!;
    const full = [input.nameGiven?.[0], input.namePrefix, input.familyName].filter(Boolean).join(' ');
    return [full, input.familyName!, withTypo(rnd, full), input.nameGiven![0]!][index % 4]!;
  });
  const statuses = ['active', 'screening', 'finished', 'cancelled'];
  const lists = Array.from({ length: samples }, (_, index) => ({ status: statuses[index % 4]!, offset: 50 * Math.floor(rnd() * 100) }));
  const { raw, close } = await rawRunner(bench);

  console.log(`\nPatients: ${patientCount}, samples per figure: ${samples} (sequential, one client, loopback)\n`);
  await measure(
    'GET /api/patients/search',
    samples,
    (i) => fetch(`${bench.baseUrl}/api/patients/search?q=${encodeURIComponent(queries[i]!)}`, { headers: { Cookie: cookie } }),
    (i) => {
      const { sql, params } = searchCandidatesQuery(normalizeName(queries[i]!), null, 'all');
      return raw(
        [sql, params],
        [
          searchDetailsSql,
          (rows) => [
            `{${rows
              .slice(0, 20)
              .map((row) => row.id)
              .join(',')}}`,
          ],
        ],
      );
    },
  );
  await measure(
    'GET /api/fhir/Patient (50, status)',
    samples,
    (i) =>
      fetch(`${bench.baseUrl}/api/fhir/Patient?status=${lists[i]!.status}&_count=50&_offset=${lists[i]!.offset}`, {
        headers: { Cookie: cookie },
      }),
    (i) =>
      raw(
        [
          'select * from patients where episode_status = ? order by updated_at desc, id asc limit 50 offset ?',
          [lists[i]!.status, lists[i]!.offset],
        ],
        ['select count(*) from patients where episode_status = ?', [lists[i]!.status]],
      ),
  );
  // FHIR search: the API beside the SQL its search definition builds (page, count, then the rows).
  const fhirSearch = async (label: string, queryOf: (i: number) => string) =>
    measure(
      label,
      samples,
      (i) => fetch(`${bench.baseUrl}/api/fhir/Patient?${queryOf(i)}`, { headers: { Cookie: cookie } }),
      (i) => {
        const { page, count } = searchSql(patientSearch, parseSearch(patientSearch, new URLSearchParams(queryOf(i))));
        return raw(page, ['select * from patients where id = any(?::uuid[])', (rows) => [arrayLiteral(rows.map((row) => row.id))]], count);
      },
    );
  const sampled = Array.from({ length: samples }, () => patients[Math.floor(rnd() * patients.length)]!.input);
  await fhirSearch('GET /api/fhir/Patient?identifier (BSN)', (i) =>
    new URLSearchParams({ identifier: `${bsnSystem}|${sampled[i]!.bsn}` }).toString(),
  );
  await fhirSearch('GET /api/fhir/Patient?name (family)', (i) =>
    new URLSearchParams({ name: sampled[i]!.familyName!.toLowerCase() }).toString(),
  );
  await fhirSearch('GET /api/fhir/Patient?family&given', (i) =>
    new URLSearchParams({ family: sampled[i]!.familyName!, given: sampled[i]!.nameGiven![0]! }).toString(),
  );
  await close();
} finally {
  await bench.stop();
}
