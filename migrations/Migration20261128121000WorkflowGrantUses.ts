import { Migration } from '@mikro-orm/migrations';
import { tenantTable } from './rls';

/**
 * Issue 39, point 3 (ADR 0047): a grant is good for the one workflow run it was made for. The
 * activity that verifies a grant records the run that first used it; the same grant in another
 * run (a start replayed with input copied from the history) is refused. Append-only: a use is
 * never moved to another run.
 */
export class Migration20261128121000WorkflowGrantUses extends Migration {
  override up(): void {
    this.addSql(`create table workflow_grant_uses (
      grant_id text primary key,
      organisation_id uuid not null references organisations (id),
      workflow_id text not null,
      run_id text not null,
      first_used_at timestamptz not null default now()
    );`);
    for (const sql of tenantTable('workflow_grant_uses', { appendOnly: true })) this.addSql(sql);
  }

  override down(): void {
    this.addSql('drop table if exists workflow_grant_uses;');
  }
}
