import { Migration } from '@mikro-orm/migrations';

/**
 * Dutch name order in SQL (ADR 0020): the handover overview sorts and limits in the database, in
 * the order the app sorted in with `Intl.Collator('nl', { sensitivity: 'base' })` — accents and
 * case do not separate names. ICU is part of every PostgreSQL the stack runs (server and embedded).
 */
export class Migration20261122150000Performance extends Migration {
  override up(): void {
    this.addSql("create collation if not exists nl_base (provider = icu, locale = 'nl-u-ks-level1', deterministic = false);");
  }

  override down(): void {
    this.addSql('drop collation if exists nl_base;');
  }
}
