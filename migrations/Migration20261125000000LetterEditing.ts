import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 24: a letter names where it goes (the GP's address, for the printed letter); a concept can
 * be edited, each edit a version of its own ('aangepast'); a reviewer can reject a rewrite
 * ('afgewezen'), the reason kept as the version's note.
 */
export class Migration20261125000000LetterEditing extends Migration {
  override up(): void {
    this.addSql('alter table gp_letters add column gp_address text;');
    this.addSql('alter table gp_letter_versions add column note text;');
    this.addSql('alter table gp_letter_versions drop constraint gp_letter_versions_event_check;');
    this.addSql(
      "alter table gp_letter_versions add constraint gp_letter_versions_event_check check (event in ('concept', 'aangepast', 'herschreven', 'afgewezen', 'goedgekeurd', 'verzendklaar', 'ingetrokken'));",
    );
  }

  override down(): void {
    this.addSql("delete from gp_letter_versions where event in ('aangepast', 'afgewezen');");
    this.addSql('alter table gp_letter_versions drop constraint gp_letter_versions_event_check;');
    this.addSql(
      "alter table gp_letter_versions add constraint gp_letter_versions_event_check check (event in ('concept', 'herschreven', 'goedgekeurd', 'verzendklaar', 'ingetrokken'));",
    );
    this.addSql('alter table gp_letter_versions drop column note;');
    this.addSql('alter table gp_letters drop column gp_address;');
  }
}
