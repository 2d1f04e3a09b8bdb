import { hashPassword } from '../../domain/auth/password';
import type { MikroORM } from '../../domain/db/orm';
import { withTenant } from '../../domain/db/tenant';
import { generatePatient, insertPatients, random, type GeneratedPatient } from '../../domain/demo/patient-generator';

export interface Ward {
  patients: GeneratedPatient[];
  /** Ids of the patients in care with recent reports (what the timeline and handover open). */
  inCare: string[];
  clinicians: { email: string; password: string }[];
}

/**
 * A ward of `patientCount` patients in one organisation, written as the owner with the tenant set
 * (the same RLS model as the app; every read also names the organisation, since the owner may be a
 * superuser whom row security does not bind, and the demo organisation is seeded too): patients through the product's bulk insert, everything else
 * with set-based SQL. `inCare` patients get two weeks of reports, vitals and risks; every
 * clinician gets a week of appointments.
 */
export async function seedWard(
  orm: MikroORM,
  organisationId: string,
  /** `staff`: everyone the organisation employs (at least the clinicians); the rest have no session, only a name the pseudonymiser knows. */
  options: { patientCount: number; clinicians: number; inCare: number; staff?: number },
): Promise<Ward> {
  const rnd = random(7);
  const used = new Set<string>();
  const patients = Array.from({ length: options.patientCount }, () => generatePatient(rnd, used));
  const password = 'bench';
  const hash = await hashPassword(password);
  const clinicians = Array.from({ length: options.clinicians }, (_, index) => ({ email: `clinicus-${index}@ggz-epd.test`, password }));

  const inCare = await withTenant(orm, { organisationId }, async (em) => {
    await insertPatients(em, organisationId, patients);
    await em.execute(
      `insert into users (organisation_id, email, display_name, role, password_hash)
       select ?, 'clinicus-' || n || '@ggz-epd.test', 'Clinicus ' || n, case when n % 4 = 0 then 'psychiater' else 'verpleegkundige' end, ?
       from generate_series(0, ? - 1) as n`,
      [organisationId, hash, options.clinicians],
    );
    await em.execute(
      `create temporary table ward on commit drop as
       select id, (row_number() over (order by id))::int as n from patients
        where organisation_id = ? and episode_status in ('active', 'screening') order by id limit ?`,
      [organisationId, options.inCare],
    );
    await em.execute(
      'create temporary table staff on commit drop as select id, (row_number() over (order by id))::int - 1 as n from users where organisation_id = ?',
      [organisationId],
    );
    const staffCount = `(select count(*)::int from staff)`;
    // Ten reports per patient in care over the last two weeks, one in twenty an incident.
    await em.execute(
      `
      insert into reports (organisation_id, patient_id, type, category, content, include_in_handover, created_by, created_at, shift_date, shift)
      select ?, w.id,
             case when (w.n + r) % 20 = 0 then 'incident' else 'dagnotitie' end,
             (array['medicatie', 'adl', 'gedrag', 'incident', 'observatie'])[1 + (w.n + r) % 5],
             'Rapportage ' || r || ': rustige dienst, medicatie ingenomen, deelgenomen aan de groep.',
             (w.n + r) % 3 = 0,
             (select id from staff where n = (w.n + r) % ${staffCount}),
             now() - make_interval(hours => r * 33 + (w.n % 7)),
             (now() - make_interval(hours => r * 33 + (w.n % 7)))::date,
             (array['dag', 'avond', 'nacht'])[1 + r % 3]
      from ward w cross join generate_series(0, 9) as r`,
      [organisationId],
    );
    // Vitals of the last three days (one in twenty-five critical) and a current risk for one in eight.
    await em.execute(
      `insert into vital_observations (organisation_id, patient_id, code, label, value, unit, interpretation, observed_at)
       select ?, w.id, '8480-6', 'Bloeddruk systolisch', case when (w.n + v) % 25 = 0 then 190 else 125 end, 'mmHg',
              case when (w.n + v) % 25 = 0 then 'HH' else 'N' end, now() - make_interval(hours => v * 20 + 1)
       from ward w cross join generate_series(0, 3) as v`,
      [organisationId],
    );
    await em.execute(
      `insert into risk_assessments (organisation_id, patient_id, risk_type, risk_level, rationale, assessed_at)
       select ?, id, 'agressie', 'hoog', 'Dreigend naar medepatiënten.', now() - interval '2 days' from ward where n % 8 = 0`,
      [organisationId],
    );
    // Each clinician: six appointments a working day this week and next, with patients in care.
    await em.execute(
      `
      insert into appointments (organisation_id, patient_id, start_at, end_at, type, practitioner_id, owner_id, location)
      select ?, (select id from ward where n = 1 + (s.n * 60 + d * 6 + slot) % (select count(*)::int from ward)),
             date_trunc('week', now()) + make_interval(days => d % 5 + 7 * (d / 5), hours => 8 + slot),
             date_trunc('week', now()) + make_interval(days => d % 5 + 7 * (d / 5), hours => 8 + slot, mins => 45),
             (array['behandelgesprek', 'intake', 'medicatieconsult'])[1 + slot % 3], s.id, s.id, 'Kamer ' || (1 + slot)
      from staff s cross join generate_series(0, 9) as d cross join generate_series(0, 5) as slot`,
      [organisationId],
    );
    // Colleagues beyond the clinicians who log in, with names as real as the patients': each is a
    // known person to the pseudonymiser of every classification (issue 38: the cost must not grow).
    const colleagues = Array.from({ length: Math.max(0, (options.staff ?? 0) - options.clinicians - 1) }, (_, index) => {
      const { input } = generatePatient(rnd, used);
      return {
        email: `collega-${index}@ggz-epd.test`,
        name: [input.nameGiven?.[0], input.namePrefix, input.familyName].filter(Boolean).join(' '),
      };
    });
    await em.execute(
      `insert into users (organisation_id, email, display_name, role, password_hash)
       select ?, email, name, 'verpleegkundige', ? from json_to_recordset(cast(? as json)) as colleague(email text, name text)`,
      [organisationId, hash, JSON.stringify(colleagues)],
    );
    return (await em.execute<{ id: string }[]>('select id from ward order by n')).map((row) => row.id);
  });
  return { patients, inCare, clinicians };
}
