import { Migration } from '@mikro-orm/migrations';
import { tenantTable } from './rls';

/**
 * Issue 46 (ADR 0101): a corrected report keeps what it said. Each correction writes the version it
 * replaces here, in the correction's own transaction (the reports' one use case: the Rapportages
 * tab, the API, the assistant and FHIR alike). Append-only for the app role: a kept version is never
 * changed nor removed (WGBO: a correction never erases). `version_at` is the replaced version's
 * `updated_at`, which is its FHIR `versionId`.
 */
export class Migration20261130030000ReportVersions extends Migration {
  override up(): void {
    this.addSql('alter table reports add constraint reports_tenant_key unique (organisation_id, id);');
    this.addSql(`create table report_versions (
      organisation_id uuid not null references organisations (id),
      report_id uuid not null,
      version_at timestamptz not null,
      type text not null check (type in ('dagnotitie', 'verpleegkundig', 'incident', 'crisis', 'behandeling')),
      category text check (category in ('medicatie', 'adl', 'gedrag', 'incident', 'observatie', 'contact', 'somatiek')),
      content text not null,
      include_in_handover boolean not null,
      encounter_id uuid,
      replaced_at timestamptz not null,
      replaced_by uuid not null,
      primary key (organisation_id, report_id, version_at),
      foreign key (organisation_id, report_id) references reports (organisation_id, id)
    );`);
    for (const sql of tenantTable('report_versions', { appendOnly: true })) this.addSql(sql);
  }

  override down(): void {
    this.addSql('drop table if exists report_versions;');
    this.addSql('alter table reports drop constraint if exists reports_tenant_key;');
  }
}
