import { Migration } from '@mikro-orm/migrations';
import { tenantTable } from './rls';

export class Migration20261122010000Patients extends Migration {
  override up(): void {
    this.addSql(`create table patients (
      id uuid primary key default gen_random_uuid(),
      organisation_id uuid not null references organisations (id),
      name_prefix text,
      name_given text[] not null default '{}',
      family_name text not null,
      bsn char(9),
      john_doe boolean not null default false,
      birth_date date,
      gender text not null default 'unknown' check (gender in ('male', 'female', 'other', 'unknown')),
      address_street text,
      address_postal_code text,
      address_city text,
      phone text,
      email text,
      insurance_company text,
      insurance_policy_number text,
      episode_status text not null default 'planned'
        check (episode_status in ('planned', 'screening', 'active', 'finished', 'cancelled')),
      search_name text not null,
      search_keys text[] not null default '{}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (bsn is not null or john_doe)
    );`);
    this.addSql('create unique index patients_bsn_key on patients (organisation_id, bsn) where bsn is not null;');
    this.addSql('create index patients_updated_idx on patients (organisation_id, updated_at desc, id);');
    this.addSql('create index patients_status_updated_idx on patients (organisation_id, episode_status, updated_at desc, id);');
    this.addSql('create index patients_search_name_trgm on patients using gin (search_name gin_trgm_ops);');
    this.addSql('create index patients_search_keys_idx on patients using gin (search_keys);');
    for (const sql of tenantTable('patients')) this.addSql(sql);
    // Under row-level security PostgreSQL only uses an index for an operator marked LEAKPROOF
    // (otherwise it must apply the policy first, i.e. scan the whole organisation). These three
    // return a boolean and raise no data-dependent error, so they leak nothing. Marking them needs
    // a superuser; without one, search stays correct but scans (see ADR 0005).
    this.addSql(`do $$ begin
      if (select rolsuper from pg_roles where rolname = current_user) then
        alter function pg_catalog.arrayoverlap(anyarray, anyarray) leakproof;
        alter function similarity_op(text, text) leakproof;
        alter function word_similarity_op(text, text) leakproof;
      else
        raise warning 'not a superuser: search operators not marked leakproof, patient search will scan';
      end if;
    end $$;`);

    // NEN 7513: who did what with whose data, when, from where, and with what result.
    this.addSql(`create table audit_events (
      id uuid primary key default gen_random_uuid(),
      organisation_id uuid not null references organisations (id),
      occurred_at timestamptz not null default clock_timestamp(),
      user_id uuid,
      user_role text,
      on_behalf_of text,
      action text not null check (action in ('read', 'create', 'update', 'delete', 'search', 'export')),
      resource_type text not null,
      resource_id uuid,
      patient_ids uuid[] not null default '{}',
      channel text not null,
      client_address text,
      outcome text not null check (outcome in ('success', 'failure', 'denied')),
      details jsonb
    );`);
    this.addSql('create index audit_events_patients_idx on audit_events using gin (patient_ids);');
    this.addSql('create index audit_events_time_idx on audit_events (organisation_id, occurred_at desc);');
    for (const sql of tenantTable('audit_events', { appendOnly: true })) this.addSql(sql);
  }

  override down(): void {
    this.addSql('drop table if exists audit_events, patients cascade;');
  }
}
