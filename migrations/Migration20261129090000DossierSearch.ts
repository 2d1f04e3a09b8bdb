import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 47, "Vraag het dossier" (ADR 0078): the reports' text searched with PostgreSQL's `dutch`
 * configuration, by an expression index the retrieval's `to_tsvector('dutch', content)` matches
 * word for word. The other kinds of record are few per patient and read by their patient index.
 * The table keeps its forced row security: an index adds no way around the policy.
 */
export class Migration20261129090000DossierSearch extends Migration {
  override up(): void {
    this.addSql("create index reports_content_dutch_idx on reports using gin (to_tsvector('dutch', content)) where deleted_at is null;");
  }

  override down(): void {
    this.addSql('drop index if exists reports_content_dutch_idx;');
  }
}
