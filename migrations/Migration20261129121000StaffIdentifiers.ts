import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 46, build point 6: the FHIR API serves staff as Practitioner and the organisation as
 * Organization, with the Dutch identifiers where the installation knows them (AGB, BIG, UZI for a
 * clinician; AGB, URA for the organisation). All optional: nothing is made up. Columns of tables
 * whose row-level security (forced) already covers them.
 */
export class Migration20261129121000StaffIdentifiers extends Migration {
  override up(): void {
    this.addSql(`alter table users
      add column agb_code text check (agb_code ~ '^[0-9]{8}$'),
      add column big_number text check (big_number ~ '^[0-9]{11}$'),
      add column uzi_number text check (uzi_number ~ '^[0-9]{9}$');`);
    this.addSql(`alter table organisations
      add column agb_code text check (agb_code ~ '^[0-9]{8}$'),
      add column ura_number text check (ura_number ~ '^[0-9]{8}$');`);
  }

  override down(): void {
    this.addSql('alter table organisations drop column if exists ura_number, drop column if exists agb_code;');
    this.addSql('alter table users drop column if exists uzi_number, drop column if exists big_number, drop column if exists agb_code;');
  }
}
