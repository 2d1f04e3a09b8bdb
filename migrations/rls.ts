/**
 * Row-level security in one line per table. Every clinical table added by a later migration calls
 * `tenantTable('name')` so it cannot forget a policy, the FORCE flag or the grant to the app role.
 */

/** The NOLOGIN role that holds the application's privileges; login roles are granted membership. */
export const applicationRole = 'ggz_application';

export function tenantTable(table: string): string[] {
  return [
    `alter table "${table}" enable row level security;`,
    `alter table "${table}" force row level security;`,
    `create policy tenant_isolation on "${table}" using (organisation_id = app_current_organisation()) with check (organisation_id = app_current_organisation());`,
    `grant select, insert, update, delete on "${table}" to ${applicationRole};`,
  ];
}
