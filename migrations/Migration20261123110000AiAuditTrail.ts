import { Migration } from '@mikro-orm/migrations';
import { applicationRole, tenantTable } from './rls';

/**
 * Issue 20, the AI audit trail:
 * - `ai_events` gets the outcomes `geweigerd` (the last gate stopped the call) and `fout` (was
 *   `error`), and a `reason` in words an operator can act on. The local path writes rows too, with
 *   model `lokaal`.
 * - `ai_requests` holds the pseudonymised request exactly as it was sent, one row per event, for a
 *   privacy officer to check. Apart from `ai_events` (append-only) because it is deleted after the
 *   retention period (`AI_REQUEST_RETENTION_DAYS`).
 */
export class Migration20261123110000AiAuditTrail extends Migration {
  override up(): void {
    this.addSql('alter table ai_events drop constraint if exists ai_events_outcome_check;');
    this.addSql(`update ai_events set outcome = 'fout' where outcome = 'error';`);
    this.addSql(
      `alter table ai_events add constraint ai_events_outcome_check check (outcome in ('ok', 'timeout', 'malformed', 'geweigerd', 'fout'));`,
    );
    this.addSql('alter table ai_events add column reason text;');
    this.addSql('alter table ai_events add constraint ai_events_tenant_key unique (organisation_id, id);');
    this.addSql(`create table ai_requests (
      event_id uuid primary key,
      organisation_id uuid not null references organisations (id),
      created_at timestamptz not null default now(),
      messages jsonb not null,
      foreign key (organisation_id, event_id) references ai_events (organisation_id, id)
    );`);
    this.addSql('create index ai_requests_created_idx on ai_requests (organisation_id, created_at);');
    for (const sql of tenantTable('ai_requests')) this.addSql(sql);
    // Written and purged, never changed.
    this.addSql(`revoke update on ai_requests from ${applicationRole};`);
  }

  override down(): void {
    this.addSql('drop table if exists ai_requests;');
    this.addSql('alter table ai_events drop constraint if exists ai_events_tenant_key;');
    this.addSql('alter table ai_events drop column if exists reason;');
    this.addSql('alter table ai_events drop constraint if exists ai_events_outcome_check;');
    this.addSql(`update ai_events set outcome = 'error' where outcome in ('fout', 'geweigerd');`);
    this.addSql(`alter table ai_events add constraint ai_events_outcome_check check (outcome in ('ok', 'timeout', 'malformed', 'error'));`);
  }
}
