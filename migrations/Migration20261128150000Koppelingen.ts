import { Migration } from '@mikro-orm/migrations';
import { tenantTable } from './rls';

/**
 * Issue 46: systems that call the FHIR API without a person (a lab, a pharmacy, a regional
 * exchange), SMART Backend Services. A beheerder registers a koppeling per organisation with its
 * public keys (JWKS) and scopes; the token endpoint hands out short-lived access tokens, of which
 * only the hash is kept. Both are found before the organisation is known (the token request names
 * the client, an API call carries the token), each through a policy that opens exactly the row the
 * request names, as the login does for its e-mail address.
 */
export class Migration20261128150000Koppelingen extends Migration {
  override up(): void {
    this.addSql(`create table koppelingen (
      id uuid primary key default gen_random_uuid(),
      organisation_id uuid not null references organisations (id),
      name text not null check (length(trim(name)) between 2 and 100),
      jwks jsonb not null,
      scopes text[] not null check (cardinality(scopes) > 0),
      created_by uuid,
      created_at timestamptz not null default now(),
      disabled_at timestamptz
    );`);
    this.addSql('create unique index koppelingen_name_key on koppelingen (organisation_id, lower(name));');
    for (const sql of tenantTable('koppelingen')) this.addSql(sql);
    this.addSql(`create policy client_lookup on koppelingen for select
      using (id = nullif(current_setting('app.koppeling_id', true), '')::uuid);`);

    this.addSql(`create table koppeling_tokens (
      id uuid primary key default gen_random_uuid(),
      organisation_id uuid not null references organisations (id),
      koppeling_id uuid not null references koppelingen (id) on delete cascade,
      token_hash text not null unique,
      assertion_jti text not null,
      scopes text[] not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      unique (koppeling_id, assertion_jti)
    );`);
    for (const sql of tenantTable('koppeling_tokens')) this.addSql(sql);
    this.addSql(`create policy token_lookup on koppeling_tokens for select
      using (token_hash = nullif(current_setting('app.koppeling_token', true), ''));`);
    // The call with a token needs the koppeling's name and state in the same lookup.
    this.addSql(`create policy token_client_lookup on koppelingen for select
      using (exists (select 1 from koppeling_tokens t where t.koppeling_id = koppelingen.id
        and t.token_hash = nullif(current_setting('app.koppeling_token', true), '')));`);
  }

  override down(): void {
    this.addSql('drop table if exists koppeling_tokens, koppelingen;');
  }
}
