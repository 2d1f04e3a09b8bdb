import { Migration } from '@mikro-orm/migrations';
import { tenantTable } from './rls';

export class Migration20261122020000Reports extends Migration {
  override up(): void {
    // Daily notes, nursing reports, incidents and crises: nursing logs are reports too.
    this.addSql(`create table reports (
      id uuid primary key default gen_random_uuid(),
      organisation_id uuid not null references organisations (id),
      patient_id uuid not null references patients (id),
      type text not null check (type in ('dagnotitie', 'verpleegkundig', 'incident', 'crisis', 'behandeling')),
      category text check (category in ('medicatie', 'adl', 'gedrag', 'incident', 'observatie', 'contact', 'somatiek')),
      content text not null,
      include_in_handover boolean not null default false,
      encounter_id uuid,
      created_by uuid not null references users (id),
      created_at timestamptz not null default now(),
      shift_date date not null,
      shift text not null check (shift in ('dag', 'avond', 'nacht')),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz,
      deleted_by uuid references users (id),
      check (type <> 'dagnotitie' or char_length(content) <= 500)
    );`);
    this.addSql(
      'create index reports_patient_created_idx on reports (organisation_id, patient_id, created_at desc, id) where deleted_at is null;',
    );
    this.addSql('create index reports_created_idx on reports (organisation_id, created_at desc, id) where deleted_at is null;');
    this.addSql('create index reports_encounter_idx on reports (encounter_id) where encounter_id is not null;');
    for (const sql of tenantTable('reports')) this.addSql(sql);
  }

  override down(): void {
    this.addSql('drop table if exists reports cascade;');
  }
}
