import { Migration } from '@mikro-orm/migrations';
import { applicationRole } from './rls';

/**
 * Resolving a session cookie in one round trip (ADR 0023). The lookup needed its own transaction —
 * begin, the token hash as a setting for the policies, the query, commit: four round trips before
 * every request's real work. This function sets the hash and reads the session in one statement,
 * run without a transaction of its own: the setting is local to that statement's transaction and
 * gone with it. It runs as the caller (not security definer): the same policies as before decide
 * what the hash opens (its session, user and organisation, nothing else).
 */
export class Migration20261122180000SessionLookupCall extends Migration {
  override up(): void {
    this.addSql(`create function session_by_token_hash(hash text)
      returns table (session_id uuid, organisation_id uuid, user_id uuid, email text, display_name text, role text, organisation_name text)
      language plpgsql volatile security invoker set search_path = public, pg_temp as $$
    begin
      perform set_config('app.session_token_hash', hash, true);
      return query
        select s.id, s.organisation_id, s.user_id, u.email, u.display_name, u.role, o.name
          from sessions s
          join users u on u.id = s.user_id
          join organisations o on o.id = s.organisation_id
         where s.token_hash = hash and s.revoked_at is null and s.expires_at > now() and u.disabled_at is null;
    end $$;`);
    this.addSql('revoke all on function session_by_token_hash(text) from public;');
    this.addSql(`grant execute on function session_by_token_hash(text) to ${applicationRole};`);
  }

  override down(): void {
    this.addSql('drop function if exists session_by_token_hash(text);');
  }
}
