import { Migration } from '@mikro-orm/migrations';
import { applicationRole } from './rls';

/**
 * A version of each organisation's staff as the pseudonymiser knows them (name and e-mail address),
 * moved on by the database whenever a user is added, removed, renamed or given another address
 * (issue 38, ADR 0043). The app keeps the staff of an organisation prepared for the pseudonymiser
 * and asks only for this version to know whether they still hold, as it does for the agenda
 * (ADR 0023): versions from a sequence, statement triggers with transition tables, read-only for the app.
 */
export class Migration20261128100000StaffVersions extends Migration {
  override up(): void {
    this.addSql('create sequence staff_version_seq;');
    this.addSql(`create table staff_versions (
      organisation_id uuid primary key references organisations (id),
      version bigint not null
    );`);
    this.addSql('alter table staff_versions enable row level security;');
    this.addSql('alter table staff_versions force row level security;');
    this.addSql(
      'create policy tenant_isolation on staff_versions using (organisation_id = (select app_current_organisation())) with check (organisation_id = (select app_current_organisation()));',
    );
    this.addSql(`grant select on staff_versions to ${applicationRole};`);
    this.addSql(`create function staff_changed() returns trigger language plpgsql security definer
      set search_path = public, pg_temp as $$
    declare
      changed uuid[];
    begin
      if tg_op = 'INSERT' then
        select array_agg(distinct organisation_id) into changed from new_rows;
      elsif tg_op = 'DELETE' then
        select array_agg(distinct organisation_id) into changed from old_rows;
      else
        -- Only what the pseudonymiser knows of a user; a login or a new password changes nothing.
        select array_agg(distinct org) into changed from new_rows n join old_rows o on o.id = n.id,
          unnest(array[n.organisation_id, o.organisation_id]) as org
          where (n.organisation_id, n.display_name, n.email) is distinct from (o.organisation_id, o.display_name, o.email);
      end if;
      if changed is not null then
        insert into staff_versions as v (organisation_id, version)
          select organisation_id, nextval('staff_version_seq') from unnest(changed) as organisation_id order by organisation_id
          on conflict (organisation_id) do update set version = excluded.version;
      end if;
      return null;
    end $$;`);
    this.addSql(
      'create trigger staff_changed_insert after insert on users referencing new table as new_rows for each statement execute function staff_changed();',
    );
    this.addSql(
      'create trigger staff_changed_update after update on users referencing old table as old_rows new table as new_rows for each statement execute function staff_changed();',
    );
    this.addSql(
      'create trigger staff_changed_delete after delete on users referencing old table as old_rows for each statement execute function staff_changed();',
    );
  }

  override down(): void {
    for (const event of ['insert', 'update', 'delete']) this.addSql(`drop trigger if exists staff_changed_${event} on users;`);
    this.addSql('drop function if exists staff_changed();');
    this.addSql('drop table if exists staff_versions;');
    this.addSql('drop sequence if exists staff_version_seq;');
  }
}
