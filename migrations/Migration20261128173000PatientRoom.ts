import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 41, point 7: the room (kamer/bed) where a patient stays on the ward, a short free text
 * (ADR 0061). Bounded here as in the schema, so no writer can store a paragraph.
 */
export class Migration20261128173000PatientRoom extends Migration {
  override up(): void {
    this.addSql(`alter table patients add column room text,
      add constraint patients_room_length check (char_length(room) between 1 and 20);`);
  }

  override down(): void {
    this.addSql('alter table patients drop column if exists room;');
  }
}
