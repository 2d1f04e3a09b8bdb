import { Migration } from '@mikro-orm/migrations';

export class Migration20261122080000HandoverOverview extends Migration {
  override up(): void {
    // The handover overview counts a period's alerts for the whole organisation. These partial,
    // covering indexes hold only the rows that can be alerts (their predicates are the rules in
    // domain/handover/handover.alerts.ts, written identically in the query so the planner matches
    // them), so a 14-day overview reads a few thousand index entries instead of every report and
    // measurement of the period.
    this.addSql(`create index reports_alert_idx on reports (organisation_id, created_at) include (patient_id, type)
      where deleted_at is null and (type in ('incident', 'crisis') or (type = 'verpleegkundig' and category = 'incident'));`);
    this.addSql(`create index vital_observations_critical_idx on vital_observations (organisation_id, observed_at) include (patient_id)
      where interpretation in ('HH', 'LL');`);
  }

  override down(): void {
    this.addSql('drop index if exists reports_alert_idx;');
    this.addSql('drop index if exists vital_observations_critical_idx;');
  }
}
