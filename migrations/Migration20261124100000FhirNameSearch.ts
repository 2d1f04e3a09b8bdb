import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 21: FHIR name search (`name`, `family`, `given`: contains) uses the trigram index on
 * `search_name` through LIKE. Under row-level security that needs `textlike` marked LEAKPROOF,
 * as ADR 0005 did for the other search operators (ADR 0028). Without a superuser it warns and the
 * search stays correct but scans.
 */
export class Migration20261124100000FhirNameSearch extends Migration {
  override up(): void {
    this.addSql(`do $$ begin
      if (select rolsuper from pg_roles where rolname = current_user) then
        alter function pg_catalog.textlike(text, text) leakproof;
      else
        raise warning 'not a superuser: textlike not marked leakproof, FHIR name search will scan';
      end if;
    end $$;`);
  }

  override down(): void {
    this.addSql(`do $$ begin
      if (select rolsuper from pg_roles where rolname = current_user) then
        alter function pg_catalog.textlike(text, text) not leakproof;
      end if;
    end $$;`);
  }
}
