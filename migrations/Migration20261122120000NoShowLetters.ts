import { Migration } from '@mikro-orm/migrations';
import { tenantTable } from './rls';

export class Migration20261122120000NoShowLetters extends Migration {
  override up(): void {
    this.addSql(`create table gp_letters (
      id uuid primary key default gen_random_uuid(),
      organisation_id uuid not null references organisations (id),
      patient_id uuid not null references patients (id),
      gp_name text,
      gp_practice text,
      subject text not null,
      status text not null default 'concept' check (status in ('concept', 'ter_beoordeling', 'goedgekeurd', 'verzendklaar')),
      original_text text not null,
      rewritten_text text,
      final_text text,
      rewrite_source text check (rewrite_source in ('taalmodel', 'lokaal')),
      rewrite_model text,
      rewrite_note text,
      appointment_id uuid references appointments (id),
      workflow_id text,
      version integer not null default 1,
      created_by uuid not null references users (id),
      reviewer_id uuid references users (id),
      rewritten_at timestamptz,
      reviewed_at timestamptz,
      dispatched_at timestamptz,
      dispatched_by uuid references users (id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (status = 'concept' or rewritten_text is not null),
      check (status not in ('goedgekeurd', 'verzendklaar') or (final_text is not null and reviewer_id is not null))
    );`);
    this.addSql('create index gp_letters_status_idx on gp_letters (organisation_id, status, updated_at desc);');
    this.addSql('create index gp_letters_patient_idx on gp_letters (organisation_id, patient_id, status);');
    // One letter per running no-show process: two processes can never rewrite the same draft.
    this.addSql('create unique index gp_letters_workflow_idx on gp_letters (organisation_id, workflow_id) where workflow_id is not null;');
    for (const sql of tenantTable('gp_letters')) this.addSql(sql);

    this.addSql(`create table gp_letter_versions (
      id uuid primary key default gen_random_uuid(),
      organisation_id uuid not null references organisations (id),
      letter_id uuid not null references gp_letters (id),
      version integer not null,
      event text not null check (event in ('concept', 'herschreven', 'goedgekeurd', 'verzendklaar', 'ingetrokken')),
      status text not null check (status in ('concept', 'ter_beoordeling', 'goedgekeurd', 'verzendklaar')),
      text text not null,
      created_by uuid references users (id),
      workflow_id text,
      created_at timestamptz not null default now(),
      unique (letter_id, version)
    );`);
    for (const sql of tenantTable('gp_letter_versions', { appendOnly: true })) this.addSql(sql);

    this.addSql(`create table nudges (
      id uuid primary key default gen_random_uuid(),
      organisation_id uuid not null references organisations (id),
      user_id uuid references users (id),
      patient_id uuid references patients (id),
      kind text not null check (kind in ('huisartsbrief_beoordelen')),
      text text not null,
      href text not null,
      subject_id uuid,
      created_at timestamptz not null default now(),
      dismissed_at timestamptz
    );`);
    this.addSql('create index nudges_open_idx on nudges (organisation_id, created_at desc) where dismissed_at is null;');
    for (const sql of tenantTable('nudges')) this.addSql(sql);
  }

  override down(): void {
    this.addSql('drop table if exists nudges;');
    this.addSql('drop table if exists gp_letter_versions;');
    this.addSql('drop table if exists gp_letters;');
  }
}
