import { Migration } from '@mikro-orm/migrations';
import { tenantTable } from './rls';

export class Migration20261122070000Handover extends Migration {
  override up(): void {
    // One row per generated handover; the workflow id makes storing it idempotent.
    this.addSql(`create table handover_summaries (
      id uuid primary key default gen_random_uuid(),
      organisation_id uuid not null references organisations (id),
      patient_id uuid not null references patients (id),
      workflow_id text not null,
      period text not null check (period in ('1d', '3d', '7d', '14d')),
      role text not null check (role in ('verpleegkundige', 'psychiater')),
      source text not null check (source in ('taalmodel', 'lokaal')),
      model text,
      summary jsonb not null,
      generated_by uuid not null references users (id),
      generated_at timestamptz not null default now(),
      unique (organisation_id, workflow_id)
    );`);
    this.addSql('create index handover_summaries_patient_idx on handover_summaries (organisation_id, patient_id, generated_at desc);');
    for (const sql of tenantTable('handover_summaries', { appendOnly: true })) this.addSql(sql);
  }

  override down(): void {
    this.addSql('drop table if exists handover_summaries;');
  }
}
