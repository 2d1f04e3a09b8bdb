import { Migration } from '@mikro-orm/migrations';
import { tenantTable } from './rls';

export class Migration20261122040000Agenda extends Migration {
  override up(): void {
    this.addSql(`create table appointments (
      id uuid primary key default gen_random_uuid(),
      organisation_id uuid not null references organisations (id),
      patient_id uuid not null references patients (id),
      start_at timestamptz not null,
      end_at timestamptz not null,
      type text not null,
      practitioner_id uuid references users (id),
      owner_id uuid not null references users (id),
      status text not null default 'gepland' check (status in ('gepland', 'geannuleerd', 'verplaatst', 'afgerond', 'niet-verschenen')),
      location text,
      cancel_reason text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (end_at > start_at)
    );`);
    this.addSql('create index appointments_start_idx on appointments (organisation_id, start_at);');
    this.addSql('create index appointments_practitioner_idx on appointments (organisation_id, practitioner_id, start_at);');
    this.addSql('create index appointments_patient_idx on appointments (organisation_id, patient_id, start_at);');
    for (const sql of tenantTable('appointments')) this.addSql(sql);
    // Reports link to the appointment they were written for; the link is visible from both sides.
    this.addSql('alter table reports add constraint reports_encounter_fk foreign key (encounter_id) references appointments (id);');
  }

  override down(): void {
    this.addSql('alter table reports drop constraint if exists reports_encounter_fk;');
    this.addSql('drop table if exists appointments cascade;');
  }
}
