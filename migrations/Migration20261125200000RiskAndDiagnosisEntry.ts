import { Migration } from '@mikro-orm/migrations';
import { tenantTable } from './rls';

/**
 * Issue 25, points 3 and 4: the ward records risks and diagnoses (ADR 34).
 *
 * - A risk assessment gets its evaluatiedatum (`review_date`). Assessments from before have none
 *   and keep none: a date nobody chose would be a made-up clinical fact.
 * - A diagnosis can end (date, reason, by whom) and stays as history; its rank can change. At most
 *   one active primary per patient is the database's rule too (a partial unique index), so two
 *   requests at once cannot both make one. Existing rows stay valid: where a patient had more than
 *   one primary, the newest stays primary and the older ones become secondary, recorded as such.
 * - `diagnosis_events` is the history of what happened to a diagnosis, by whom and when:
 *   append-only for the app (select and insert only), as the access log is.
 */
export class Migration20261125200000RiskAndDiagnosisEntry extends Migration {
  override up(): void {
    this.addSql('alter table risk_assessments add column review_date date;');

    this.addSql('alter table diagnoses add constraint diagnoses_tenant_key unique (organisation_id, id);');
    this.addSql(`alter table diagnoses
      add column ended_at date,
      add column ended_by uuid,
      add column end_reason text,
      add column version integer not null default 1,
      add column updated_at timestamptz,
      add constraint diagnoses_ended_by_tenant_fk foreign key (organisation_id, ended_by) references users (organisation_id, id),
      add constraint diagnoses_end_check check ((ended_at is null) = (end_reason is null)),
      add constraint diagnoses_end_after_start check (ended_at is null or ended_at >= diagnosed_at);`);

    this.addSql(`create table diagnosis_events (
      id uuid primary key default gen_random_uuid(),
      organisation_id uuid not null references organisations (id),
      patient_id uuid not null,
      diagnosis_id uuid not null,
      kind text not null check (kind in ('vastgelegd', 'hoofddiagnose', 'nevendiagnose', 'beeindigd')),
      rank text check (rank in ('primary', 'secondary')),
      reason text,
      occurred_at timestamptz not null default now(),
      actor_id uuid,
      foreign key (organisation_id, patient_id) references patients (organisation_id, id),
      foreign key (organisation_id, diagnosis_id) references diagnoses (organisation_id, id),
      foreign key (organisation_id, actor_id) references users (organisation_id, id)
    );`);
    this.addSql('create index diagnosis_events_diagnosis_idx on diagnosis_events (organisation_id, diagnosis_id, occurred_at);');
    for (const sql of tenantTable('diagnosis_events', { appendOnly: true })) this.addSql(sql);

    // Every existing diagnosis was recorded once; its day of diagnosis is the best "when" there is.
    this.addSql(`insert into diagnosis_events (organisation_id, patient_id, diagnosis_id, kind, rank, occurred_at, actor_id)
      select organisation_id, patient_id, id, 'vastgelegd', rank, diagnosed_at::timestamp at time zone 'Europe/Amsterdam', diagnosed_by
        from diagnoses;`);
    this.addSql(`with demoted as (
        update diagnoses d set rank = 'secondary', version = version + 1, updated_at = now()
         where rank = 'primary'
           and exists (select 1 from diagnoses n
                        where n.organisation_id = d.organisation_id and n.patient_id = d.patient_id and n.rank = 'primary'
                          and (n.diagnosed_at, n.id) > (d.diagnosed_at, d.id))
        returning organisation_id, patient_id, id)
      insert into diagnosis_events (organisation_id, patient_id, diagnosis_id, kind, rank, reason)
      select organisation_id, patient_id, id, 'nevendiagnose', 'secondary', 'Eén hoofddiagnose per patiënt (migratie)' from demoted;`);
    this.addSql(
      "create unique index diagnoses_one_primary on diagnoses (organisation_id, patient_id) where rank = 'primary' and ended_at is null;",
    );
  }

  override down(): void {
    this.addSql('drop index if exists diagnoses_one_primary;');
    this.addSql('drop table if exists diagnosis_events;');
    this.addSql(`alter table diagnoses
      drop column ended_at, drop column ended_by, drop column end_reason, drop column version, drop column updated_at;`);
    this.addSql('alter table diagnoses drop constraint diagnoses_tenant_key;');
    this.addSql('alter table risk_assessments drop column review_date;');
  }
}
