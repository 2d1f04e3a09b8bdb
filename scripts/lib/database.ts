import pg from 'pg';
import type { PayloadKey } from '../../domain/config/payload-keys';
import { createOrm } from '../../domain/db/orm';
import { syncTenantKeys } from '../../domain/db/tenant-keys';
import { applicationRole } from '../../migrations/rls';

/** The advisory lock under which the application's login role is created or altered, by name. */
const roleSetupLock = 'ggz-epd application login role';

export interface PreparedDatabase {
  ownerUrl: string;
  appUrl: string;
}

/**
 * Creates the database and the application's login role when missing, runs the migrations as the
 * owner and grants the application role. Safe to run on every start.
 */
export async function prepareDatabase(options: {
  urlFor: (database: string) => string;
  database: string;
  appUser: string;
  appPassword: string;
  recreate?: boolean;
  /** Copies a database migrated before (the bench smoke runs' template) instead of starting empty: seconds instead of every migration. */
  template?: string;
  /** The app's payload keys: the tenant keys the database accepts are derived from them (ADR 0046). */
  payloadKeys?: readonly PayloadKey[];
}): Promise<PreparedDatabase> {
  const { database, appUser, appPassword } = options;
  const admin = new pg.Client({ connectionString: options.urlFor('postgres') });
  await admin.connect();
  try {
    if (options.recreate) await admin.query(`drop database if exists ${admin.escapeIdentifier(database)} with (force)`);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) {
      const template = options.template ? ` template ${admin.escapeIdentifier(options.template)}` : '';
      await admin.query(`create database ${admin.escapeIdentifier(database)}${template}`);
    }
    // Roles are the cluster's, not the database's: two stacks or bench runs starting at once would
    // alter the same pg_authid row together, and PostgreSQL fails one of them with "tuple
    // concurrently updated" (it does not wait). One advisory lock, taken on the `postgres` database
    // every caller connects to here, sets the role up in turn.
    await admin.query('select pg_advisory_lock(hashtext($1))', [roleSetupLock]);
    try {
      const role = await admin.query('select 1 from pg_roles where rolname = $1', [appUser]);
      const verb = role.rowCount ? 'alter' : 'create';
      // A plain login role: not the owner, no superuser, no BYPASSRLS — the policies always apply.
      await admin.query(
        `${verb} role ${admin.escapeIdentifier(appUser)} login nosuperuser nobypassrls password ${admin.escapeLiteral(appPassword)}`,
      );
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [roleSetupLock]);
    }
  } finally {
    await admin.end();
  }

  const ownerUrl = options.urlFor(database);
  const orm = await createOrm(ownerUrl, { poolMax: 2 });
  try {
    await orm.migrator.up();
    await orm.em.fork().execute(`grant ${applicationRole} to "${appUser}"`);
    if (options.payloadKeys) {
      const owner = new pg.Client({ connectionString: ownerUrl });
      await owner.connect();
      await syncTenantKeys((sql, params) => owner.query(sql, params), options.payloadKeys).finally(() => owner.end());
    }
  } finally {
    await orm.close();
  }

  const appUrl = new URL(ownerUrl);
  appUrl.username = appUser;
  appUrl.password = appPassword;
  return { ownerUrl, appUrl: appUrl.toString() };
}
