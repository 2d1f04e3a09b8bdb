import { Migration } from '@mikro-orm/migrations';

/**
 * The ops role `beheerder` (ADR 0015). Its rows live in `users` like any user, so the same
 * session lookup and row-level security apply; only the role check widens.
 */
export class Migration20261122110000OpsRole extends Migration {
  override up(): void {
    this.addSql('alter table users drop constraint users_role_check;');
    this.addSql(`alter table users add constraint users_role_check check (role in ('verpleegkundige', 'psychiater', 'beheerder'));`);
  }

  override down(): void {
    // Refuses while beheerders exist, rather than deleting accounts on a rollback.
    this.addSql('alter table users drop constraint users_role_check;');
    this.addSql(`alter table users add constraint users_role_check check (role in ('verpleegkundige', 'psychiater'));`);
  }
}
