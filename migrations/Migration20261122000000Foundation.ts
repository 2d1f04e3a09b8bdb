import { Migration } from '@mikro-orm/migrations';
import { applicationRole, tenantTable } from './rls';

export class Migration20261122000000Foundation extends Migration {
  override up(): void {
    this.addSql('create extension if not exists pg_trgm;');
    this.addSql(`do $$ begin
      if not exists (select from pg_roles where rolname = '${applicationRole}') then
        create role ${applicationRole} nologin;
      end if;
    end $$;`);
    this.addSql(`grant usage on schema public to ${applicationRole};`);

    // The organisation and user of the current transaction, set by the app with set_config(..., true).
    // An unset or reset setting reads as '' or null, which matches no row.
    this.addSql(`create function app_current_organisation() returns uuid language sql stable as
      $$ select nullif(current_setting('app.organisation_id', true), '')::uuid $$;`);
    this.addSql(`create function app_current_user() returns uuid language sql stable as
      $$ select nullif(current_setting('app.user_id', true), '')::uuid $$;`);

    this.addSql(`create table organisations (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      created_at timestamptz not null default now()
    );`);
    this.addSql('alter table organisations enable row level security;');
    this.addSql('alter table organisations force row level security;');
    this.addSql(
      'create policy tenant_isolation on organisations using (id = (select app_current_organisation())) with check (id = (select app_current_organisation()));',
    );
    this.addSql(`grant select on organisations to ${applicationRole};`);

    this.addSql(`create table users (
      id uuid primary key default gen_random_uuid(),
      organisation_id uuid not null references organisations (id),
      email text not null,
      display_name text not null,
      role text not null check (role in ('verpleegkundige', 'psychiater')),
      password_hash text not null,
      created_at timestamptz not null default now(),
      disabled_at timestamptz
    );`);
    this.addSql('create unique index users_email_key on users (lower(email));');
    this.addSql('create index users_organisation_idx on users (organisation_id);');
    for (const sql of tenantTable('users')) this.addSql(sql);
    // Login must find a user before the organisation is known: only the row whose e-mail the
    // login request names becomes readable, and only for that transaction.
    this.addSql(`create policy login_lookup on users for select
      using (lower(email) = nullif(current_setting('app.login_email', true), ''));`);

    this.addSql(`create table sessions (
      id uuid primary key default gen_random_uuid(),
      organisation_id uuid not null references organisations (id),
      user_id uuid not null references users (id) on delete cascade,
      token_hash text not null unique,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz
    );`);
    this.addSql('create index sessions_user_idx on sessions (user_id);');
    for (const sql of tenantTable('sessions')) this.addSql(sql);
    // Resolving a cookie: knowing the secret token is what grants sight of exactly its session.
    this.addSql(`create policy token_lookup on sessions for select
      using (token_hash = nullif(current_setting('app.session_token_hash', true), ''));`);
  }

  override down(): void {
    this.addSql('drop table if exists sessions, users, organisations cascade;');
    this.addSql('drop function if exists app_current_user(), app_current_organisation();');
  }
}
