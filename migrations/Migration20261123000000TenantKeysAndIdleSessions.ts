import { Migration } from '@mikro-orm/migrations';
import { applicationRole } from './rls';

/**
 * Issue 18, two things the database itself now holds:
 *
 * 1. A row that refers to another tenant-owned row refers to it within its own organisation: every
 *    such foreign key becomes `(organisation_id, column) → target (organisation_id, id)`. Before,
 *    `appointments.practitioner_id` accepted any user id of any organisation; row-level security
 *    hides other organisations' rows from reads, but a foreign key check does not go through it.
 * 2. Sessions end after an idle time too (`SESSION_IDLE_MINUTES`): `last_seen_at`, moved on by the
 *    one-statement session lookup at most once a minute, and only for requests that are the
 *    clinician's own doing (the shell's background session check does not keep a session alive).
 */
const tenantReferences: {
  table: string;
  column: string;
  target: 'patients' | 'users' | 'appointments' | 'gp_letters';
  onDelete?: 'cascade';
}[] = [
  { table: 'sessions', column: 'user_id', target: 'users', onDelete: 'cascade' },
  { table: 'reports', column: 'patient_id', target: 'patients' },
  { table: 'reports', column: 'encounter_id', target: 'appointments' },
  { table: 'reports', column: 'created_by', target: 'users' },
  { table: 'reports', column: 'deleted_by', target: 'users' },
  { table: 'vital_observations', column: 'patient_id', target: 'patients' },
  { table: 'vital_observations', column: 'recorded_by', target: 'users' },
  { table: 'risk_assessments', column: 'patient_id', target: 'patients' },
  { table: 'risk_assessments', column: 'assessed_by', target: 'users' },
  { table: 'diagnoses', column: 'patient_id', target: 'patients' },
  { table: 'diagnoses', column: 'diagnosed_by', target: 'users' },
  { table: 'intake_sections', column: 'patient_id', target: 'patients' },
  { table: 'appointments', column: 'patient_id', target: 'patients' },
  { table: 'appointments', column: 'practitioner_id', target: 'users' },
  { table: 'appointments', column: 'owner_id', target: 'users' },
  { table: 'ai_events', column: 'patient_id', target: 'patients' },
  { table: 'ai_events', column: 'user_id', target: 'users' },
  { table: 'handover_summaries', column: 'patient_id', target: 'patients' },
  { table: 'handover_summaries', column: 'generated_by', target: 'users' },
  { table: 'treatment_plans', column: 'patient_id', target: 'patients' },
  { table: 'treatment_plans', column: 'generated_by', target: 'users' },
  { table: 'treatment_plans', column: 'updated_by', target: 'users' },
  { table: 'treatment_plans', column: 'approved_by', target: 'users' },
  { table: 'gp_letters', column: 'patient_id', target: 'patients' },
  { table: 'gp_letters', column: 'appointment_id', target: 'appointments' },
  { table: 'gp_letters', column: 'created_by', target: 'users' },
  { table: 'gp_letters', column: 'reviewer_id', target: 'users' },
  { table: 'gp_letters', column: 'dispatched_by', target: 'users' },
  { table: 'gp_letter_versions', column: 'letter_id', target: 'gp_letters' },
  { table: 'gp_letter_versions', column: 'created_by', target: 'users' },
  { table: 'nudges', column: 'patient_id', target: 'patients' },
  { table: 'nudges', column: 'user_id', target: 'users' },
];

const lookupColumns =
  'session_id uuid, organisation_id uuid, user_id uuid, email text, display_name text, role text, organisation_name text';

export class Migration20261123000000TenantKeysAndIdleSessions extends Migration {
  override up(): void {
    for (const target of ['patients', 'users', 'appointments', 'gp_letters']) {
      this.addSql(`alter table ${target} add constraint ${target}_tenant_key unique (organisation_id, id);`);
    }
    for (const { table, column, target, onDelete } of tenantReferences) {
      // The old single-column key, whatever PostgreSQL named it (reports.encounter_id has its own name).
      this.addSql(`do $$ declare name text; begin
        select conname into name from pg_constraint
         where conrelid = '${table}'::regclass and contype = 'f' and conkey = array[(select attnum from pg_attribute where attrelid = '${table}'::regclass and attname = '${column}')]::smallint[];
        if name is not null then execute format('alter table ${table} drop constraint %I', name); end if;
      end $$;`);
      this.addSql(
        `alter table ${table} add constraint ${table}_${column}_tenant_fk foreign key (organisation_id, ${column}) references ${target} (organisation_id, id)${onDelete ? ` on delete ${onDelete}` : ''};`,
      );
    }

    this.addSql('alter table sessions add column last_seen_at timestamptz not null default now();');
    // The lookup moves its own session's last_seen_at: the token grants that row, as it grants reading it.
    this.addSql(`create policy token_touch on sessions for update
      using (token_hash = nullif(current_setting('app.session_token_hash', true), ''))
      with check (token_hash = nullif(current_setting('app.session_token_hash', true), ''));`);
    this.addSql('drop function if exists session_by_token_hash(text);');
    this.addSql(`create function session_by_token_hash(hash text, idle_seconds integer, touch boolean)
      returns table (${lookupColumns})
      language plpgsql volatile security invoker set search_path = public, pg_temp as $$
    begin
      perform set_config('app.session_token_hash', hash, true);
      return query
        select s.id, s.organisation_id, s.user_id, u.email, u.display_name, u.role, o.name
          from sessions s
          join users u on u.id = s.user_id
          join organisations o on o.id = s.organisation_id
         where s.token_hash = hash and s.revoked_at is null and s.expires_at > now() and u.disabled_at is null
           and s.last_seen_at > now() - make_interval(secs => idle_seconds);
      -- At most one write per session a minute: the idle time is counted in minutes anyway.
      if found and touch then
        update sessions set last_seen_at = now() where token_hash = hash and last_seen_at < now() - interval '1 minute';
      end if;
    end $$;`);
    this.addSql('revoke all on function session_by_token_hash(text, integer, boolean) from public;');
    this.addSql(`grant execute on function session_by_token_hash(text, integer, boolean) to ${applicationRole};`);
  }

  override down(): void {
    this.addSql('drop function if exists session_by_token_hash(text, integer, boolean);');
    this.addSql(`create function session_by_token_hash(hash text)
      returns table (${lookupColumns})
      language plpgsql volatile security invoker set search_path = public, pg_temp as $$
    begin
      perform set_config('app.session_token_hash', hash, true);
      return query
        select s.id, s.organisation_id, s.user_id, u.email, u.display_name, u.role, o.name
          from sessions s join users u on u.id = s.user_id join organisations o on o.id = s.organisation_id
         where s.token_hash = hash and s.revoked_at is null and s.expires_at > now() and u.disabled_at is null;
    end $$;`);
    this.addSql('revoke all on function session_by_token_hash(text) from public;');
    this.addSql(`grant execute on function session_by_token_hash(text) to ${applicationRole};`);
    this.addSql('drop policy if exists token_touch on sessions;');
    this.addSql('alter table sessions drop column if exists last_seen_at;');
    for (const { table, column, target, onDelete } of tenantReferences) {
      this.addSql(`alter table ${table} drop constraint if exists ${table}_${column}_tenant_fk;`);
      this.addSql(`alter table ${table} add foreign key (${column}) references ${target} (id)${onDelete ? ` on delete ${onDelete}` : ''};`);
    }
    for (const target of ['patients', 'users', 'appointments', 'gp_letters'])
      this.addSql(`alter table ${target} drop constraint if exists ${target}_tenant_key;`);
  }
}
