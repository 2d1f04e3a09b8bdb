import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 41, point 6 (ADR 0060): medication safety. An order keeps the warnings its prescriber
 * overrode and why; a zo-nodig order has a minimum interval between doses (existing zo-nodig orders
 * get the default hour); a dose of a high-risk product names the second nurse who checked it, a
 * colleague of the same organisation (the tenant foreign key) who is not the one who gave it.
 */
export class Migration20261128174100MedicationSafety extends Migration {
  override up(): void {
    this.addSql(`alter table medication_orders
      add column overridden_warnings jsonb not null default '[]',
      add column override_reason text,
      add column min_interval_minutes integer check (min_interval_minutes between 0 and 1440);`);
    this.addSql(`update medication_orders set min_interval_minutes = 60 where kind = 'zo-nodig';`);
    this.addSql(`alter table medication_orders
      add constraint medication_orders_override_check
        check ((override_reason is null) = (jsonb_array_length(overridden_warnings) = 0)),
      add constraint medication_orders_interval_check check ((kind = 'zo-nodig') = (min_interval_minutes is not null));`);
    this.addSql(`alter table medication_administrations
      add column double_checked_by uuid,
      add constraint medication_administrations_double_checked_by_fkey foreign key (organisation_id, double_checked_by)
        references users (organisation_id, id),
      add constraint medication_administrations_double_check_other
        check (double_checked_by is null or double_checked_by <> recorded_by);`);
  }

  override down(): void {
    this.addSql(`alter table medication_administrations drop column if exists double_checked_by;`);
    this.addSql(`alter table medication_orders drop column if exists overridden_warnings, drop column if exists override_reason,
      drop column if exists min_interval_minutes;`);
  }
}
