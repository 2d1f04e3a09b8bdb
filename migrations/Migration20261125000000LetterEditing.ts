import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 24: a letter names where it goes (the GP's address, for the printed letter), and a concept
 * can be edited: each edit is a version of its own ('aangepast').
 */
export class Migration20261125000000LetterEditing extends Migration {
  override up(): void {
    this.addSql('alter table gp_letters add column gp_address text;');
    this.addSql('alter table gp_letter_versions drop constraint gp_letter_versions_event_check;');
    this.addSql(
      "alter table gp_letter_versions add constraint gp_letter_versions_event_check check (event in ('concept', 'aangepast', 'herschreven', 'goedgekeurd', 'verzendklaar', 'ingetrokken'));",
    );
  }

  override down(): void {
    this.addSql("delete from gp_letter_versions where event = 'aangepast';");
    this.addSql('alter table gp_letter_versions drop constraint gp_letter_versions_event_check;');
    this.addSql(
      "alter table gp_letter_versions add constraint gp_letter_versions_event_check check (event in ('concept', 'herschreven', 'goedgekeurd', 'verzendklaar', 'ingetrokken'));",
    );
    this.addSql('alter table gp_letters drop column gp_address;');
  }
}
