import { Migration } from '@mikro-orm/migrations';
import { tenantTable } from './rls';

/** Issue 20: the patient's contact persons, on the record, in FHIR `Patient.contact`, and known to the pseudonymiser. */
export class Migration20261123100000ContactPersons extends Migration {
  override up(): void {
    this.addSql(`create table contact_persons (
      id uuid primary key default gen_random_uuid(),
      organisation_id uuid not null references organisations (id),
      patient_id uuid not null,
      name text not null check (length(name) between 1 and 120),
      relation text not null,
      phone text,
      email text,
      created_by uuid not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      foreign key (organisation_id, patient_id) references patients (organisation_id, id) on delete cascade,
      foreign key (organisation_id, created_by) references users (organisation_id, id)
    );`);
    this.addSql('create index contact_persons_patient_idx on contact_persons (organisation_id, patient_id);');
    for (const sql of tenantTable('contact_persons')) this.addSql(sql);
  }

  override down(): void {
    this.addSql('drop table if exists contact_persons;');
  }
}
