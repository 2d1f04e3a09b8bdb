import { Migration } from '@mikro-orm/migrations';

/**
 * The handover ward in name order straight from an index (ADR 0021): patients in care by family
 * name and given names in Dutch order (`nl_base`), so a page of the ward reads its rows in order
 * and stops, instead of sorting the whole ward for every request. `given_names_text` is
 * `array_to_string` for text arrays, declared immutable so an index can hold it (the built-in is
 * only stable because it serves every array type).
 */
export class Migration20261122160000WardOrder extends Migration {
  override up(): void {
    this.addSql(
      "create function given_names_text(text[]) returns text language sql immutable parallel safe as $$ select array_to_string($1, ' ') $$;",
    );
    this.addSql(
      "create index patients_ward_name_idx on patients (organisation_id, family_name collate nl_base, given_names_text(name_given) collate nl_base, id) where episode_status in ('screening', 'active');",
    );
  }

  override down(): void {
    this.addSql('drop index if exists patients_ward_name_idx;');
    this.addSql('drop function if exists given_names_text(text[]);');
  }
}
