import { Migration } from '@mikro-orm/migrations';

/** Issue 21: every change of a patient raises its version (FHIR `meta.versionId`, `If-Match`), whoever writes it. */
export class Migration20261124000000PatientVersions extends Migration {
  override up(): void {
    this.addSql('alter table patients add column version integer not null default 1;');
    this.addSql(`create or replace function app_patient_version() returns trigger language plpgsql as $$
      begin
        new.version := old.version + 1;
        return new;
      end $$;`);
    this.addSql(
      'create trigger patients_version before update on patients for each row when (old.* is distinct from new.*) execute function app_patient_version();',
    );
  }

  override down(): void {
    this.addSql('drop trigger if exists patients_version on patients;');
    this.addSql('drop function if exists app_patient_version();');
    this.addSql('alter table patients drop column if exists version;');
  }
}
