import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 46, build point 2 (ADR 0098): a koppeling writes reports, appointments and dose
 * registrations, and a koppeling is no user. Each of these rows names who wrote it: a person
 * (the column it had, now optional) or a koppeling of the same organisation, exactly one of them,
 * so the author of a report, the owner of an appointment and the recorder of a dose stay known.
 */
const writers = [
  { table: 'reports', person: 'created_by' },
  { table: 'appointments', person: 'owner_id' },
  { table: 'medication_administrations', person: 'recorded_by' },
];

export class Migration20261130010000KoppelingWrites extends Migration {
  override up(): void {
    this.addSql('alter table koppelingen add constraint koppelingen_tenant_key unique (organisation_id, id);');
    for (const { table, person } of writers) {
      this.addSql(`alter table ${table}
        alter column ${person} drop not null,
        add column koppeling_id uuid,
        add constraint ${table}_koppeling_tenant_fk foreign key (organisation_id, koppeling_id) references koppelingen (organisation_id, id),
        add constraint ${table}_one_writer check ((${person} is null) <> (koppeling_id is null));`);
    }
  }

  override down(): void {
    for (const { table, person } of writers) {
      this.addSql(`delete from ${table} where ${person} is null;`);
      this.addSql(
        `alter table ${table} drop constraint ${table}_one_writer, drop column koppeling_id, alter column ${person} set not null;`,
      );
    }
    this.addSql('alter table koppelingen drop constraint koppelingen_tenant_key;');
  }
}
