import { Migration } from '@mikro-orm/migrations';
import { applicationRole } from './rls';

/**
 * Issue 39, point 4 (ADR 0046): the tenant is no longer whatever the app role writes into
 * `app.organisation_id`. The app also sets `app.tenant_token`, an HMAC over the organisation and
 * user with a key derived from its own secrets; the key is kept here too, in a table only the owner
 * can read. Every policy calls `app_current_organisation()`, which now answers the organisation
 * only when the token is right for it, so an injection through the app's connection cannot pick
 * another tenant: it would need a key it cannot read. The policies read the function once per query
 * (`(select app_current_organisation())` is an InitPlan), so the HMAC is computed once per
 * statement, not per row.
 *
 * The login lookup policy (any row whose e-mail the app names, password hash included) becomes two
 * functions: the hash's parameters (scheme, cost, salt) for an e-mail, and a check of the derived
 * key. The stored hash never leaves the database.
 */
export class Migration20261128120000TenantBinding extends Migration {
  override up(): void {
    this.addSql('create extension if not exists pgcrypto;');
    this.addSql(`create table tenant_keys (
      id text primary key,
      key bytea not null check (length(key) = 32),
      created_at timestamptz not null default now()
    );`);
    this.addSql('revoke all on tenant_keys from public;');

    // The roles outside the application (the owner: migrations, seeding, maintenance) name the
    // tenant as before; a connection of the application role must prove it. session_user, not
    // current_user: a security-definer trigger run for the app still counts as the app.
    this.addSql(`create or replace function app_current_organisation() returns uuid
      language plpgsql stable security definer set search_path = public, pg_temp as $$
    declare
      claimed text := nullif(current_setting('app.organisation_id', true), '');
      token text := nullif(current_setting('app.tenant_token', true), '');
    begin
      if claimed is null then return null; end if;
      if not exists (select 1 from pg_roles where rolname = session_user and not rolsuper)
         or not pg_has_role(session_user, '${applicationRole}', 'MEMBER') then
        return claimed::uuid;
      end if;
      if token is null then return null; end if;
      if exists (
        select 1 from tenant_keys k
         where encode(hmac(convert_to(claimed || ':' || coalesce(current_setting('app.user_id', true), ''), 'UTF8'), k.key, 'sha256'), 'hex') = token
      ) then
        return claimed::uuid;
      end if;
      return null;
    end $$;`);
    // The user is as trustworthy as the tenant it came with: the token covers both.
    this.addSql(`create or replace function app_current_user() returns uuid
      language sql stable security definer set search_path = public, pg_temp as
      $$ select case when app_current_organisation() is not null then nullif(current_setting('app.user_id', true), '')::uuid end $$;`);
    this.addSql(`grant execute on function app_current_organisation(), app_current_user() to ${applicationRole};`);

    this.addSql('drop policy if exists login_lookup on users;');
    // scheme$N$r$p$salt of an active user's scrypt hash, without the derived key.
    this.addSql(`create function login_parameters(login_email text) returns text
      language sql stable security definer set search_path = public, pg_temp as $$
      select array_to_string((string_to_array(password_hash, '$'))[1:5], '$')
        from users where lower(email) = lower(login_email) and disabled_at is null
    $$;`);
    this.addSql(`create function login_check(login_email text, derived_key text)
      returns table (user_id uuid, organisation_id uuid, role text)
      language sql stable security definer set search_path = public, pg_temp as $$
      select id, organisation_id, role from users
       where lower(email) = lower(login_email) and disabled_at is null and split_part(password_hash, '$', 6) = derived_key
    $$;`);
    for (const fn of ['login_parameters(text)', 'login_check(text, text)']) {
      this.addSql(`revoke all on function ${fn} from public;`);
      this.addSql(`grant execute on function ${fn} to ${applicationRole};`);
    }
  }

  override down(): void {
    this.addSql('drop function if exists login_check(text, text), login_parameters(text);');
    this.addSql(`create policy login_lookup on users for select
      using (lower(email) = nullif(current_setting('app.login_email', true), ''));`);
    this.addSql(`create or replace function app_current_user() returns uuid language sql stable security invoker as
      $$ select nullif(current_setting('app.user_id', true), '')::uuid $$;`);
    this.addSql(`create or replace function app_current_organisation() returns uuid language sql stable security invoker as
      $$ select nullif(current_setting('app.organisation_id', true), '')::uuid $$;`);
    this.addSql('drop table if exists tenant_keys;');
  }
}
