import { Migration } from '@mikro-orm/migrations';
import { tenantTable } from './rls';

/**
 * Issue 26, point 3: an action item of a stored handover summary ticked off (or unticked) by a
 * clinician. Each change is a row — who, when, which item, ticked or not — so the list a clinician
 * sees is the newest row per item and user, and the history stays (append-only, as the summaries).
 */
export class Migration20261126100000HandoverActionTicks extends Migration {
  override up(): void {
    this.addSql('alter table handover_summaries add constraint handover_summaries_tenant_key unique (organisation_id, id);');
    this.addSql(`create table handover_action_ticks (
      id uuid primary key default gen_random_uuid(),
      organisation_id uuid not null references organisations (id),
      summary_id uuid not null,
      item integer not null check (item between 0 and 99),
      done boolean not null,
      user_id uuid not null,
      at timestamptz not null default clock_timestamp(),
      foreign key (organisation_id, summary_id) references handover_summaries (organisation_id, id),
      foreign key (organisation_id, user_id) references users (organisation_id, id)
    );`);
    this.addSql(
      'create index handover_action_ticks_summary_idx on handover_action_ticks (organisation_id, summary_id, item, user_id, at desc);',
    );
    for (const sql of tenantTable('handover_action_ticks', { appendOnly: true })) this.addSql(sql);
  }

  override down(): void {
    this.addSql('drop table if exists handover_action_ticks;');
    this.addSql('alter table handover_summaries drop constraint if exists handover_summaries_tenant_key;');
  }
}
