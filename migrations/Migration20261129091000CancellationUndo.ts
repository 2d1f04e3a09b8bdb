import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 44, point 2 (ADR 0075): a cancellation keeps its chosen reason apart from the words, when
 * it was made and the status it replaced, so "Ongedaan maken" restores what the appointment was
 * (not what a form says it was) and only within the window counted from the cancellation itself.
 * Columns of `appointments`: its row-level security (forced) covers them as it does the rest.
 */
export class Migration20261129091000CancellationUndo extends Migration {
  override up(): void {
    this.addSql(`alter table appointments
      add column cancel_reason_code text check (cancel_reason_code in ('afgezegd', 'verhinderd', 'dubbel', 'opname', 'anders')),
      add column cancelled_at timestamptz,
      add column status_before_cancel text check (status_before_cancel in ('gepland', 'verplaatst'));`);
  }

  override down(): void {
    this.addSql(`alter table appointments
      drop column if exists status_before_cancel,
      drop column if exists cancelled_at,
      drop column if exists cancel_reason_code;`);
  }
}
