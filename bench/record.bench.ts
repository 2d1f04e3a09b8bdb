/**
 * The clinical record at scale (issue 4): 1 000 000 reports over 10 000 patients and a year of
 * appointments for 20 practitioners. Prints p50/p95 of a page of 50 reports for one patient and of
 * the agenda week of one practitioner, through HTTP beside the same SQL run directly.
 *
 *   npm run bench:record            (REPORTS=200000 for a quicker run)
 */
import { addDays } from 'date-fns';
import { viewDays } from '../domain/agenda/agenda.dates';
import { withTenant } from '../domain/db/tenant';
import { generatePatient, insertPatients, random } from '../domain/demo/patient-generator';
import { log, measure, rawRunner, sized, startBench, time } from './harness';

const reportCount = sized('REPORTS', 1_000_000, 2000);
const patientCount = sized('PATIENTS', 10_000, 200);
const appointmentCount = sized('APPOINTMENTS', 100_000, 500);
const samples = sized('SAMPLES', 300, 5);

const bench = await startBench('record', 54332);
try {
  const rnd = random(7);
  const used = new Set<string>();
  const org = bench.organisationId;
  const seedMs = await time(() =>
    withTenant(bench.ownerOrm, { organisationId: org }, async (em) => {
      await insertPatients(
        em,
        org,
        Array.from({ length: patientCount }, () => generatePatient(rnd, used)),
      );
      await em.execute(
        `insert into users (organisation_id, email, display_name, role, password_hash)
         select ?, 'behandelaar' || g || '@ggz-epd.test', 'Behandelaar ' || g, 'psychiater', 'scrypt$x' from generate_series(1, 19) g`,
        [org],
      );
      // By organisation: the bench connects as the owner, who may be a superuser that row security does not bind (the demo organisation is seeded too).
      await em.execute(
        'create temporary table bench_patients as select row_number() over () as n, id from patients where organisation_id = ?',
        [org],
      );
      await em.execute('create temporary table bench_users as select row_number() over () as n, id from users where organisation_id = ?', [
        org,
      ]);
      // Shifts start at 07:00 local, so the shift date is the local time minus seven hours, as a date.
      await em.execute(
        `insert into reports (organisation_id, patient_id, type, category, content, include_in_handover, created_by, created_at, shift_date, shift)
         select ?, p.id, (array['dagnotitie','verpleegkundig','incident','crisis'])[1 + (g % 17 = 0)::int * 2 + (g % 97 = 0)::int],
                'observatie', 'Rapportage ' || g || ': patiënt rustig, at goed, nam deel aan de activiteiten van de afdeling.',
                g % 5 = 0, u.id, t, ((t at time zone 'Europe/Amsterdam') - interval '7 hours')::date,
                case when extract(hour from t at time zone 'Europe/Amsterdam') between 7 and 14 then 'dag'
                     when extract(hour from t at time zone 'Europe/Amsterdam') between 15 and 22 then 'avond' else 'nacht' end
           from generate_series(1, ?) g
           cross join lateral (select now() - g * interval '31 seconds' as t) time
           join bench_patients p on p.n = 1 + g % ${patientCount}
           join bench_users u on u.n = 1 + g % 20`,
        [org, reportCount],
      );
      await em.execute(
        `insert into appointments (organisation_id, patient_id, start_at, end_at, type, practitioner_id, owner_id)
         select ?, p.id, s, s + interval '45 minutes', 'behandelgesprek', u.id, u.id
           from generate_series(1, ?) g
           cross join lateral (select date_trunc('hour', now() - interval '180 days') + (g * interval '157 minutes') as s) slot
           join bench_patients p on p.n = 1 + g % ${patientCount}
           join bench_users u on u.n = 1 + g % 20`,
        [org, appointmentCount],
      );
    }),
  );
  log(`${patientCount} patients, ${reportCount} reports and ${appointmentCount} appointments inserted in ${(seedMs / 1000).toFixed(1)} s`);
  const cookie = await bench.serve();

  const { raw, close } = await rawRunner(bench);
  const patientIds: string[] = [];
  await raw(
    ['select id from patients order by id limit 300', []],
    ['select 1', (rows) => (patientIds.push(...rows.map((row) => row.id)), [])],
  );
  if (patientIds.length === 0) throw new Error('the raw runner sees no patients of the bench organisation');
  const week = viewDays('week', new Date().toISOString().slice(0, 10));
  const weekStart = new Date(week[0]!.getTime());
  const weekEnd = new Date(addDays(week[6]!, 1).getTime());

  console.log(`\nReports: ${reportCount}, patients: ${patientCount}, samples per figure: ${samples} (sequential, one client, loopback)\n`);
  await measure(
    'GET /api/reports (patient, 50)',
    samples,
    (i) =>
      fetch(`${bench.baseUrl}/api/reports?patientId=${patientIds[i % patientIds.length]}&limit=50&offset=${(i % 2) * 50}`, {
        headers: { Cookie: cookie },
      }),
    (i) =>
      raw(
        [
          `select id, patient_id, type, category, content, created_at, shift_date, include_in_handover, encounter_id from reports
            where deleted_at is null and patient_id = ? order by created_at desc, id asc limit 50 offset ?`,
          [patientIds[i % patientIds.length], (i % 2) * 50],
        ],
        ['select count(*) from reports where deleted_at is null and patient_id = ?', [patientIds[i % patientIds.length]]],
      ),
  );
  await measure(
    'GET /agenda (week, one practitioner)',
    samples,
    () => fetch(`${bench.baseUrl}/agenda?weergave=week&van=mij`, { headers: { Cookie: cookie } }),
    () =>
      raw(
        [
          'select * from appointments where start_at < ? and end_at > ? and practitioner_id = ? order by start_at',
          [weekEnd, weekStart, bench.userId],
        ],
        [
          'select id, name_given, name_prefix, family_name from patients where id = any(?::uuid[])',
          (rows) => [(rows as unknown as { patient_id: string }[]).map((row) => row.patient_id)],
        ],
      ),
  );
  await close();
} finally {
  await bench.stop();
}
