import { Migration } from '@mikro-orm/migrations';

/**
 * A koppeling's keys can be published at a URL (SMART's `jwks_uri`) instead of stored here, so the
 * integrator rotates them without a beheerder (ADR 0099). Exactly one of the two is kept.
 */
export class Migration20261130020000KoppelingJwksUrl extends Migration {
  override up(): void {
    this.addSql('alter table koppelingen add column jwks_url text;');
    this.addSql('alter table koppelingen alter column jwks drop not null;');
    this.addSql('alter table koppelingen add constraint koppelingen_one_key_source check (num_nonnulls(jwks, jwks_url) = 1);');
  }

  override down(): void {
    this.addSql('alter table koppelingen drop constraint koppelingen_one_key_source;');
    this.addSql('alter table koppelingen drop column jwks_url;');
    this.addSql('alter table koppelingen alter column jwks set not null;');
  }
}
