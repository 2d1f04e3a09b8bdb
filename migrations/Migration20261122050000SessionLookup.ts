import { Migration } from '@mikro-orm/migrations';

/**
 * Resolving a session cookie in one query: the user and organisation behind the session whose token
 * hash the request proves become readable too, read-only and for that transaction only.
 */
export class Migration20261122050000SessionLookup extends Migration {
  override up(): void {
    const token = "nullif(current_setting('app.session_token_hash', true), '')";
    this.addSql(`create policy session_lookup on users for select
      using (id in (select user_id from sessions where token_hash = ${token}));`);
    this.addSql(`create policy session_lookup on organisations for select
      using (id in (select organisation_id from sessions where token_hash = ${token}));`);
  }

  override down(): void {
    this.addSql('drop policy if exists session_lookup on users;');
    this.addSql('drop policy if exists session_lookup on organisations;');
  }
}
