import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 39, point 5: rules that hold only once, held by the database under parallel requests from
 * several web processes. A row is corrected once (a second correction of the same row cannot be
 * inserted), and "geen bekende allergieën" stands at most once per patient while it is in force.
 * Ends and effects are held by a row lock in the use case (`forUpdate`); these indexes hold the
 * rules that insert a row rather than change one.
 *
 * Point 1: a zo-nodig dose registered well after it was given carries why (`late_reason`, "nagekomen").
 */
export class Migration20261128110000OnlyOnce extends Migration {
  override up(): void {
    this.addSql(
      'create unique index legal_statuses_corrected_once on legal_statuses (organisation_id, corrects_id) where corrects_id is not null;',
    );
    this.addSql(
      'create unique index vital_observations_corrected_once on vital_observations (organisation_id, corrects_id) where corrects_id is not null;',
    );
    this.addSql(
      'create unique index scale_scores_corrected_once on scale_scores (organisation_id, corrects_id) where corrects_id is not null;',
    );
    this.addSql(
      "create unique index allergies_no_known_once on allergies (organisation_id, patient_id) where kind = 'geen-bekende' and lapsed_at is null;",
    );
    this.addSql('alter table medication_administrations add column late_reason text;');
  }

  override down(): void {
    this.addSql('alter table medication_administrations drop column if exists late_reason;');
    this.addSql('drop index if exists allergies_no_known_once;');
    this.addSql('drop index if exists scale_scores_corrected_once;');
    this.addSql('drop index if exists vital_observations_corrected_once;');
    this.addSql('drop index if exists legal_statuses_corrected_once;');
  }
}
