import { Migration } from '@mikro-orm/migrations';
import { tenantTable } from './rls';

/**
 * Issue 25: the intake's sections are written in the record. A section holds its text and whether it
 * is complete; every save is also a version of its own, so an edit never overwrites silently (who
 * wrote what, when, stays readable).
 */
export class Migration20261125230000IntakeEntry extends Migration {
  override up(): void {
    this.addSql('alter table intake_sections add constraint intake_sections_tenant_key unique (organisation_id, id);');
    this.addSql(`alter table intake_sections
      add column content text not null default '',
      add column completed_by uuid,
      add column updated_at timestamptz,
      add column updated_by uuid,
      add constraint intake_sections_completed_by_tenant_fk foreign key (organisation_id, completed_by) references users (organisation_id, id),
      add constraint intake_sections_updated_by_tenant_fk foreign key (organisation_id, updated_by) references users (organisation_id, id);`);
    this.addSql(`create table intake_section_versions (
      id uuid primary key default gen_random_uuid(),
      organisation_id uuid not null references organisations (id),
      patient_id uuid not null,
      section_key text not null,
      content text not null,
      completed boolean not null,
      saved_at timestamptz not null default now(),
      saved_by uuid,
      foreign key (organisation_id, patient_id) references patients (organisation_id, id),
      foreign key (organisation_id, saved_by) references users (organisation_id, id)
    );`);
    this.addSql(
      'create index intake_section_versions_idx on intake_section_versions (organisation_id, patient_id, section_key, saved_at desc);',
    );
    for (const sql of tenantTable('intake_section_versions')) this.addSql(sql);
  }

  override down(): void {
    this.addSql('drop table if exists intake_section_versions;');
    this.addSql(
      `alter table intake_sections drop column content, drop column completed_by, drop column updated_at, drop column updated_by;`,
    );
    this.addSql('alter table intake_sections drop constraint intake_sections_tenant_key;');
  }
}
