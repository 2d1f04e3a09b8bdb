import { Migration } from '@mikro-orm/migrations';
import { applicationRole } from './rls';

/**
 * A version of each organisation's agenda, moved on by the database whenever something the agenda
 * shows changes (ADR 0023): an appointment written, a report linked to one (or unlinked, deleted),
 * a patient renamed. The app keeps recently read agenda ranges per organisation and version, and
 * asks only for the version to know whether one still holds.
 *
 * Versions come from a sequence, never reused: a rolled-back write may have shown its own
 * transaction a version, and no committed state can ever carry that number. Statement triggers
 * with transition tables, in the writing transaction (as patient_counts). The app may only read.
 */
export class Migration20261122190000AgendaVersions extends Migration {
  override up(): void {
    this.addSql('create sequence agenda_version_seq;');
    this.addSql(`create table agenda_versions (
      organisation_id uuid primary key references organisations (id),
      version bigint not null
    );`);
    this.addSql('alter table agenda_versions enable row level security;');
    this.addSql('alter table agenda_versions force row level security;');
    this.addSql(
      'create policy tenant_isolation on agenda_versions using (organisation_id = (select app_current_organisation())) with check (organisation_id = (select app_current_organisation()));',
    );
    this.addSql(`grant select on agenda_versions to ${applicationRole};`);

    // Which organisations' agendas a statement changed; each branch reads only the transition
    // tables its event has. Runs as the owner, under the same tenant policy as the rows it looks at.
    const changedIn = (rows: string, where = 'true') =>
      `select array_agg(distinct organisation_id) into changed from ${rows} where ${where};`;
    const changedBetween = (difference: string) =>
      `select array_agg(distinct n.organisation_id) into changed from new_rows n join old_rows o on o.id = n.id where ${difference};`;
    this.addSql(`create function agenda_changed() returns trigger language plpgsql security definer
      set search_path = public, pg_temp as $$
    declare
      changed uuid[];
    begin
      if tg_table_name = 'appointments' then
        if tg_op = 'DELETE' then ${changedIn('old_rows')} else ${changedIn('new_rows')} end if;
      elsif tg_table_name = 'reports' then
        if tg_op = 'INSERT' then ${changedIn('new_rows', 'encounter_id is not null')}
        elsif tg_op = 'DELETE' then ${changedIn('old_rows', 'encounter_id is not null')}
        else ${changedBetween('(n.encounter_id, n.deleted_at) is distinct from (o.encounter_id, o.deleted_at)')}
        end if;
      else
        ${changedBetween('(n.name_given, n.name_prefix, n.family_name) is distinct from (o.name_given, o.name_prefix, o.family_name)')}
      end if;
      if changed is not null then
        insert into agenda_versions as v (organisation_id, version)
          select organisation_id, nextval('agenda_version_seq') from unnest(changed) as organisation_id order by organisation_id
          on conflict (organisation_id) do update set version = excluded.version;
      end if;
      return null;
    end $$;`);
    for (const table of ['appointments', 'reports']) {
      this.addSql(
        `create trigger agenda_changed_insert after insert on ${table} referencing new table as new_rows for each statement execute function agenda_changed();`,
      );
      this.addSql(
        `create trigger agenda_changed_update after update on ${table} referencing old table as old_rows new table as new_rows for each statement execute function agenda_changed();`,
      );
      this.addSql(
        `create trigger agenda_changed_delete after delete on ${table} referencing old table as old_rows for each statement execute function agenda_changed();`,
      );
    }
    this.addSql(
      'create trigger agenda_changed_update after update on patients referencing old table as old_rows new table as new_rows for each statement execute function agenda_changed();',
    );
  }

  override down(): void {
    for (const table of ['appointments', 'reports']) {
      for (const event of ['insert', 'update', 'delete']) this.addSql(`drop trigger if exists agenda_changed_${event} on ${table};`);
    }
    this.addSql('drop trigger if exists agenda_changed_update on patients;');
    this.addSql('drop function if exists agenda_changed();');
    this.addSql('drop table if exists agenda_versions;');
    this.addSql('drop sequence if exists agenda_version_seq;');
  }
}
