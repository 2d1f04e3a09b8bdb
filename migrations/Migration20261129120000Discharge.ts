import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 44, point 4 (ADR 0080): discharge (ontslag) ends the episode with its date, its reason (a
 * choice and words) and who recorded it when. Columns of `patients`: its row-level security
 * (forced) covers them as it does the rest. The reasons are those of `discharge.vocabulary.ts`.
 */
export class Migration20261129120000Discharge extends Migration {
  override up(): void {
    this.addSql(`alter table patients
      add column discharged_on date,
      add column discharge_reason_code text check (discharge_reason_code in
        ('behandeling-afgerond', 'eigen-verzoek', 'overplaatsing', 'terugverwijzing', 'overleden', 'anders')),
      add column discharge_reason text check (char_length(discharge_reason) <= 300),
      add column discharged_by uuid,
      add column discharge_recorded_at timestamptz;`);
  }

  override down(): void {
    this.addSql(`alter table patients
      drop column if exists discharge_recorded_at,
      drop column if exists discharged_by,
      drop column if exists discharge_reason,
      drop column if exists discharge_reason_code,
      drop column if exists discharged_on;`);
  }
}
