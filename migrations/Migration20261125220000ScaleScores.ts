import { Migration } from '@mikro-orm/migrations';
import { tenantTable } from './rls';

/**
 * Issue 25: scales scored on the ward, the Brøset Violence Checklist first. The answers are kept
 * beside the score (computed by the server), and a correction never overwrites: the corrected row is
 * marked and a new row says what replaced it and why, as for vitals.
 */
export class Migration20261125220000ScaleScores extends Migration {
  override up(): void {
    this.addSql(`create table scale_scores (
      id uuid primary key default gen_random_uuid(),
      organisation_id uuid not null references organisations (id),
      patient_id uuid not null,
      scale text not null check (scale in ('bvc')),
      items jsonb not null,
      score integer not null check (score between 0 and 6),
      observed_at timestamptz not null,
      recorded_by uuid,
      created_at timestamptz not null default now(),
      corrects_id uuid,
      correction_reason text,
      corrected_at timestamptz,
      corrected_by uuid,
      unique (organisation_id, id),
      foreign key (organisation_id, patient_id) references patients (organisation_id, id),
      foreign key (organisation_id, recorded_by) references users (organisation_id, id),
      foreign key (organisation_id, corrects_id) references scale_scores (organisation_id, id),
      foreign key (organisation_id, corrected_by) references users (organisation_id, id),
      check ((corrects_id is null) = (correction_reason is null))
    );`);
    this.addSql('create index scale_scores_patient_idx on scale_scores (organisation_id, patient_id, scale, observed_at desc);');
    for (const sql of tenantTable('scale_scores')) this.addSql(sql);
  }

  override down(): void {
    this.addSql('drop table if exists scale_scores;');
  }
}
