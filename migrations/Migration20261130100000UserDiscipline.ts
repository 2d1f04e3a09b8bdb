import { Migration } from '@mikro-orm/migrations';

/**
 * A user's discipline as the ward says it ("wondverpleegkundige", "diëtist", "somatisch arts"):
 * the role decides what a user may do, the discipline says who wrote a note. "Vraag het dossier"
 * answers "wat adviseerde de diëtist" by it and cites it (ADR 0106). Optional: absent, the role
 * is shown as before.
 */
export class Migration20261130100000UserDiscipline extends Migration {
  override up(): void {
    this.addSql('alter table users add column discipline text;');
  }

  override down(): void {
    this.addSql('alter table users drop column discipline;');
  }
}
