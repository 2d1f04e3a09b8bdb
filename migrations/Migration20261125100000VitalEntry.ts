import { Migration } from '@mikro-orm/migrations';
import { tenantTable } from './rls';

/**
 * Issue 25: measurements are entered on the ward. A set is what one round at the bedside measured,
 * with what NEWS2 needs beside the numbers (consciousness, supplemental oxygen) and its score. A
 * correction never overwrites: the corrected row is marked and a new row says what replaced it and why.
 * References stay within the organisation, as every tenant reference does (issue 18).
 */
export class Migration20261125100000VitalEntry extends Migration {
  override up(): void {
    this.addSql(`create table vital_sets (
      id uuid primary key default gen_random_uuid(),
      organisation_id uuid not null references organisations (id),
      patient_id uuid not null,
      observed_at timestamptz not null,
      recorded_by uuid,
      consciousness text check (consciousness in ('A', 'C', 'V', 'P', 'U')),
      oxygen boolean,
      news2_score integer check (news2_score between 0 and 20),
      news2_risk text check (news2_risk in ('laag', 'laag-gemiddeld', 'gemiddeld', 'hoog')),
      created_at timestamptz not null default now(),
      unique (organisation_id, id),
      foreign key (organisation_id, patient_id) references patients (organisation_id, id),
      foreign key (organisation_id, recorded_by) references users (organisation_id, id)
    );`);
    this.addSql('create index vital_sets_patient_idx on vital_sets (organisation_id, patient_id, observed_at desc);');
    for (const sql of tenantTable('vital_sets')) this.addSql(sql);

    this.addSql('alter table vital_observations add constraint vital_observations_tenant_key unique (organisation_id, id);');
    this.addSql(`alter table vital_observations
      add column set_id uuid,
      add column corrects_id uuid,
      add column correction_reason text,
      add column corrected_at timestamptz,
      add column corrected_by uuid,
      add constraint vital_observations_set_id_tenant_fk foreign key (organisation_id, set_id) references vital_sets (organisation_id, id),
      add constraint vital_observations_corrects_id_tenant_fk foreign key (organisation_id, corrects_id) references vital_observations (organisation_id, id),
      add constraint vital_observations_corrected_by_tenant_fk foreign key (organisation_id, corrected_by) references users (organisation_id, id),
      add constraint vital_observations_correction_check check ((corrects_id is null) = (correction_reason is null));`);
  }

  override down(): void {
    this.addSql(`alter table vital_observations
      drop column set_id, drop column corrects_id, drop column correction_reason, drop column corrected_at, drop column corrected_by;`);
    this.addSql('alter table vital_observations drop constraint vital_observations_tenant_key;');
    this.addSql('drop table if exists vital_sets;');
  }
}
