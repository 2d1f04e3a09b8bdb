/**
 * Row-level security in one line per table. Every clinical table added by a later migration calls
 * `tenantTable('name')` so it cannot forget a policy, the FORCE flag or the grant to the app role.
 */

/** The NOLOGIN role that holds the application's privileges; login roles are granted membership. */
export const applicationRole = 'ggz_application';

export function tenantTable(table: string, options: { appendOnly?: boolean } = {}): string[] {
  // Append-only tables (the access log) get no update or delete grant: not even a bug can rewrite history.
  const privileges = options.appendOnly ? 'select, insert' : 'select, insert, update, delete';
  return [
    `alter table "${table}" enable row level security;`,
    `alter table "${table}" force row level security;`,
    // `(select …)` makes the setting an InitPlan, read once per query instead of once per row.
    `create policy tenant_isolation on "${table}" using (organisation_id = (select app_current_organisation())) with check (organisation_id = (select app_current_organisation()));`,
    `grant ${privileges} on "${table}" to ${applicationRole};`,
  ];
}
