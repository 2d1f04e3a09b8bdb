import { Migration } from '@mikro-orm/migrations';
import { applicationRole } from './rls';

/**
 * The number of patients per organisation and episode status, kept by the database itself (ADR
 * 0022): counting a ward of 100 000 for every page of the patient list read the whole index (32 ms
 * of the database per page). Statement triggers add what each insert, update or delete changed,
 * in the same transaction, so the count is exact and a rolled-back write never counted. An update
 * that leaves the status alone touches no counter, so ordinary edits never wait on each other.
 * The app may only read the counts (row-level security as everywhere); the trigger function
 * writes them as the table's owner.
 */
export class Migration20261122170000PatientCounts extends Migration {
  override up(): void {
    this.addSql(`create table patient_counts (
      organisation_id uuid not null references organisations (id),
      episode_status text not null,
      count bigint not null,
      primary key (organisation_id, episode_status)
    );`);
    this.addSql('alter table patient_counts enable row level security;');
    this.addSql('alter table patient_counts force row level security;');
    this.addSql(
      'create policy tenant_isolation on patient_counts using (organisation_id = (select app_current_organisation())) with check (organisation_id = (select app_current_organisation()));',
    );
    this.addSql(`grant select on patient_counts to ${applicationRole};`);

    // One function for the three triggers (a trigger with transition tables serves one event), as
    // in PostgreSQL's own example: each event's branch reads the transition tables it has. It runs
    // as the table's owner, still under the tenant policy: a patient's row passed the same policy.
    const apply = (changes: string) => `insert into patient_counts as c (organisation_id, episode_status, count)
          select organisation_id, episode_status, sum(delta) from (${changes}) changes
           group by organisation_id, episode_status
          having sum(delta) <> 0
           order by organisation_id, episode_status
          on conflict (organisation_id, episode_status) do update set count = c.count + excluded.count;`;
    this.addSql(`create function patient_counts_apply() returns trigger language plpgsql security definer
      set search_path = public, pg_temp as $$
    begin
      if tg_op = 'INSERT' then
        ${apply('select organisation_id, episode_status, 1 as delta from new_rows')}
      elsif tg_op = 'UPDATE' then
        ${apply('select organisation_id, episode_status, 1 as delta from new_rows union all select organisation_id, episode_status, -1 from old_rows')}
      else
        ${apply('select organisation_id, episode_status, -1 as delta from old_rows')}
      end if;
      return null;
    end $$;`);
    this.addSql(
      'create trigger patient_counts_insert after insert on patients referencing new table as new_rows for each statement execute function patient_counts_apply();',
    );
    this.addSql(
      'create trigger patient_counts_update after update on patients referencing old table as old_rows new table as new_rows for each statement execute function patient_counts_apply();',
    );
    this.addSql(
      'create trigger patient_counts_delete after delete on patients referencing old table as old_rows for each statement execute function patient_counts_apply();',
    );
    this.addSql(
      'insert into patient_counts (organisation_id, episode_status, count) select organisation_id, episode_status, count(*) from patients group by organisation_id, episode_status;',
    );
  }

  override down(): void {
    this.addSql('drop trigger if exists patient_counts_insert on patients;');
    this.addSql('drop trigger if exists patient_counts_update on patients;');
    this.addSql('drop trigger if exists patient_counts_delete on patients;');
    this.addSql('drop function if exists patient_counts_apply();');
    this.addSql('drop table if exists patient_counts;');
  }
}
