import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 41, point 5 (ADR 0056): a tick that survives a regeneration is a row of the new summary
 * that names the tick it carries on (the clinician's own act, never an earlier copy), so the history
 * still tells a tick from its carrying over. Its `at` is the original moment.
 */
export class Migration20261128160000HandoverTickCarry extends Migration {
  override up(): void {
    this.addSql('alter table handover_action_ticks add constraint handover_action_ticks_tenant_key unique (organisation_id, id);');
    this.addSql(`alter table handover_action_ticks add column carried_from uuid,
      add constraint handover_action_ticks_carried_from_fkey foreign key (organisation_id, carried_from)
        references handover_action_ticks (organisation_id, id);`);
  }

  override down(): void {
    this.addSql('alter table handover_action_ticks drop column if exists carried_from;');
    this.addSql('alter table handover_action_ticks drop constraint if exists handover_action_ticks_tenant_key;');
  }
}
