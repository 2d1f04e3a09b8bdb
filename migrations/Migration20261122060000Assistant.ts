import { Migration } from '@mikro-orm/migrations';
import { tenantTable } from './rls';

export class Migration20261122060000Assistant extends Migration {
  override up(): void {
    // One row per language-model call: what it cost and how it ended, never what was said.
    this.addSql(`create table ai_events (
      id uuid primary key default gen_random_uuid(),
      organisation_id uuid not null references organisations (id),
      occurred_at timestamptz not null default now(),
      capability text not null,
      model text not null,
      prompt_version text not null,
      tokens_in integer not null default 0,
      tokens_out integer not null default 0,
      duration_ms integer not null,
      outcome text not null check (outcome in ('ok', 'timeout', 'malformed', 'error')),
      user_id uuid references users (id),
      patient_id uuid references patients (id),
      workflow_id text,
      details jsonb
    );`);
    this.addSql('create index ai_events_occurred_idx on ai_events (organisation_id, occurred_at desc);');
    for (const sql of tenantTable('ai_events', { appendOnly: true })) this.addSql(sql);

    // An activity that changes data records its key in the same transaction as the change, so a
    // retried activity (worker crash after commit) finds the key and returns the first result.
    this.addSql(`create table workflow_effects (
      organisation_id uuid not null references organisations (id),
      key text not null,
      result jsonb not null,
      created_at timestamptz not null default now(),
      primary key (organisation_id, key)
    );`);
    for (const sql of tenantTable('workflow_effects', { appendOnly: true })) this.addSql(sql);
  }

  override down(): void {
    this.addSql('drop table if exists workflow_effects;');
    this.addSql('drop table if exists ai_events;');
  }
}
