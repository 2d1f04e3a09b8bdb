import { Migration } from '@mikro-orm/migrations';

/**
 * The moment a measurement, a diagnosis or a risk assessment was recorded or last changed, so its
 * FHIR `meta.lastUpdated` (and the changes feed) is the write, not the clinical moment (ADR 0102).
 * Existing rows get the best moment there is: a measurement its correction, else its round's
 * recording, else when measured; a diagnosis its last change, else its recording event, else its
 * day; a risk assessment when assessed (it was never changed).
 */
export class Migration20261130031000RecordedAt extends Migration {
  override up(): void {
    this.addSql('alter table vital_observations add column updated_at timestamptz;');
    this.addSql(`update vital_observations v
      set updated_at = coalesce(v.corrected_at, (select s.created_at from vital_sets s where s.organisation_id = v.organisation_id and s.id = v.set_id), v.observed_at);`);
    this.addSql('alter table vital_observations alter column updated_at set default now(), alter column updated_at set not null;');

    this.addSql('alter table risk_assessments add column updated_at timestamptz;');
    this.addSql('update risk_assessments set updated_at = assessed_at;');
    this.addSql('alter table risk_assessments alter column updated_at set default now(), alter column updated_at set not null;');

    this.addSql(`update diagnoses d set updated_at = coalesce(
        (select min(e.occurred_at) from diagnosis_events e where e.organisation_id = d.organisation_id and e.diagnosis_id = d.id),
        d.diagnosed_at::timestamp at time zone 'Europe/Amsterdam')
      where updated_at is null;`);
    this.addSql('alter table diagnoses alter column updated_at set default now(), alter column updated_at set not null;');

    // The changes feed bounds each table on this moment.
    this.addSql('create index vital_observations_updated_idx on vital_observations (organisation_id, updated_at);');
    this.addSql('create index risk_assessments_updated_idx on risk_assessments (organisation_id, updated_at);');
    this.addSql('create index diagnoses_updated_idx on diagnoses (organisation_id, updated_at);');
    this.addSql('create index scale_scores_changed_idx on scale_scores (organisation_id, (coalesce(corrected_at, created_at)));');
  }

  override down(): void {
    this.addSql('drop index if exists scale_scores_changed_idx;');
    this.addSql('drop index if exists diagnoses_updated_idx;');
    this.addSql('drop index if exists risk_assessments_updated_idx;');
    this.addSql('drop index if exists vital_observations_updated_idx;');
    this.addSql('alter table diagnoses alter column updated_at drop not null, alter column updated_at drop default;');
    this.addSql('alter table risk_assessments drop column updated_at;');
    this.addSql('alter table vital_observations drop column updated_at;');
  }
}
