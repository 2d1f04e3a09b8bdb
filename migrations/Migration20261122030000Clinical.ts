import { Migration } from '@mikro-orm/migrations';
import { tenantTable } from './rls';

export class Migration20261122030000Clinical extends Migration {
  override up(): void {
    this.addSql(`create table vital_observations (
      id uuid primary key default gen_random_uuid(),
      organisation_id uuid not null references organisations (id),
      patient_id uuid not null references patients (id),
      code text not null,
      label text not null,
      value numeric not null,
      unit text not null,
      interpretation text not null check (interpretation in ('HH', 'H', 'N', 'L', 'LL')),
      observed_at timestamptz not null,
      recorded_by uuid references users (id)
    );`);
    this.addSql('create index vital_observations_patient_idx on vital_observations (organisation_id, patient_id, observed_at desc);');
    for (const sql of tenantTable('vital_observations')) this.addSql(sql);

    this.addSql(`create table risk_assessments (
      id uuid primary key default gen_random_uuid(),
      organisation_id uuid not null references organisations (id),
      patient_id uuid not null references patients (id),
      risk_type text not null,
      risk_level text not null check (risk_level in ('zeer hoog', 'hoog', 'gemiddeld', 'laag')),
      rationale text not null,
      assessed_at timestamptz not null,
      assessed_by uuid references users (id)
    );`);
    this.addSql('create index risk_assessments_patient_idx on risk_assessments (organisation_id, patient_id, assessed_at desc);');
    for (const sql of tenantTable('risk_assessments')) this.addSql(sql);

    this.addSql(`create table diagnoses (
      id uuid primary key default gen_random_uuid(),
      organisation_id uuid not null references organisations (id),
      patient_id uuid not null references patients (id),
      rank text not null check (rank in ('primary', 'secondary')),
      code text not null,
      label text not null,
      diagnosed_at date not null,
      diagnosed_by uuid references users (id)
    );`);
    this.addSql('create index diagnoses_patient_idx on diagnoses (organisation_id, patient_id);');
    for (const sql of tenantTable('diagnoses')) this.addSql(sql);

    this.addSql(`create table intake_sections (
      id uuid primary key default gen_random_uuid(),
      organisation_id uuid not null references organisations (id),
      patient_id uuid not null references patients (id),
      section_key text not null,
      completed_at timestamptz,
      unique (organisation_id, patient_id, section_key)
    );`);
    for (const sql of tenantTable('intake_sections')) this.addSql(sql);
  }

  override down(): void {
    this.addSql('drop table if exists intake_sections, diagnoses, risk_assessments, vital_observations cascade;');
  }
}
