import { createHash } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { asOwner, createOrganisation, createUser, registerPatient, type TestUser } from '../../tests/support/factories';
import { login } from '../../tests/support/http';
import { appTenantSettings } from '../../tests/support/app-orm';

/** A direct SQL connection as the application role: what any bug in app code would have. */
let app: pg.Client;
let userA: TestUser;
let userB: TestUser;
let tokenHashA: string;

/** The session cookie as the browser holds it → the hash the database keeps. */
function tokenHashOf(cookie: string): string {
  const value = decodeURIComponent(cookie.split('=').slice(1).join('='));
  const token = JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as string;
  return createHash('sha256').update(token).digest('hex');
}

async function inTransaction<T>(organisationId: string | null, work: () => Promise<T>): Promise<T> {
  await app.query('begin');
  try {
    if (organisationId)
      for (const [name, value] of Object.entries(appTenantSettings(organisationId)))
        await app.query('select set_config($1, $2, true)', [name, value]);
    return await work();
  } finally {
    await app.query('rollback');
  }
}

beforeAll(async () => {
  const [a, b] = [await createOrganisation('Instelling A'), await createOrganisation('Instelling B')];
  userA = await createUser(a.id);
  userB = await createUser(b.id);
  tokenHashA = tokenHashOf((await login(userA.email, userA.password)).cookie!);
  await login(userB.email, userB.password);
  app = new pg.Client({ connectionString: inject('appUrl') });
  await app.connect();
});

afterAll(async () => {
  await app?.end();
});

describe('row-level security as the application role', () => {
  it('connects as a role that owns no table and cannot bypass the policies', async () => {
    const { rows } = await app.query(
      `select r.rolsuper, r.rolbypassrls,
              (select count(*) from pg_tables where schemaname = 'public' and tableowner = current_user)::int as owned
         from pg_roles r where r.rolname = current_user`,
    );
    expect(rows[0]).toEqual({ rolsuper: false, rolbypassrls: false, owned: 0 });
  });

  it("with organisation A set, reads, updates and deletes none of organisation B's rows", async () => {
    await inTransaction(userA.organisationId, async () => {
      const select = await app.query('select id from users where organisation_id = $1', [userB.organisationId]);
      expect(select.rowCount).toBe(0);
      const update = await app.query("update users set display_name = 'gekaapt' where organisation_id = $1", [userB.organisationId]);
      expect(update.rowCount).toBe(0);
      const remove = await app.query('delete from sessions where organisation_id = $1', [userB.organisationId]);
      expect(remove.rowCount).toBe(0);
      const byId = await app.query('select id from users where id = $1', [userB.id]);
      expect(byId.rowCount).toBe(0);
      const own = await app.query('select id from users where id = $1', [userA.id]);
      expect(own.rowCount).toBe(1);
      const organisations = await app.query('select id from organisations');
      expect(organisations.rows).toEqual([{ id: userA.organisationId }]);
    });
  });

  it('cannot write a row into organisation B while working for A', async () => {
    await expect(
      inTransaction(userA.organisationId, () =>
        app.query("insert into sessions (organisation_id, user_id, token_hash, expires_at) values ($1, $2, 'x', now())", [
          userB.organisationId,
          userB.id,
        ]),
      ),
    ).rejects.toThrow(/row-level security/);
  });

  it('with no organisation set, sees and changes nothing', async () => {
    await inTransaction(null, async () => {
      for (const table of ['organisations', 'users', 'sessions']) {
        const { rows } = await app.query(`select count(*)::int as n from ${table}`);
        expect(rows[0].n, table).toBe(0);
      }
      expect((await app.query("update users set display_name = 'x'")).rowCount).toBe(0);
      expect((await app.query('delete from sessions')).rowCount).toBe(0);
    });
  });

  it('with only a session token set, shows exactly that session, its user and its organisation', async () => {
    await app.query('begin');
    try {
      await app.query("select set_config('app.session_token_hash', $1, true)", [tokenHashA]);
      expect((await app.query('select id from users')).rows).toEqual([{ id: userA.id }]);
      expect((await app.query('select id from organisations')).rows).toEqual([{ id: userA.organisationId }]);
      expect((await app.query('select user_id from sessions')).rows).toEqual([{ user_id: userA.id }]);
      expect((await app.query("update users set display_name = 'x'")).rowCount).toBe(0);
      await app.query("select set_config('app.session_token_hash', 'onbekend', true)");
      expect((await app.query('select id from users')).rowCount).toBe(0);
    } finally {
      await app.query('rollback');
    }
  });

  it('covers every table that carries an organisation: enabled, forced and with a policy', async () => {
    const { rows } = await app.query<{ table: string; enabled: boolean; forced: boolean; policies: number }>(
      `select c.relname as table, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
              (select count(*) from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname)::int as policies
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r'
          and (c.relname = 'organisations' or exists (
                select 1 from information_schema.columns col
                 where col.table_schema = 'public' and col.table_name = c.relname and col.column_name = 'organisation_id'))`,
    );
    expect(rows.map((row) => row.table)).toEqual(expect.arrayContaining(['organisations', 'users', 'sessions']));
    for (const row of rows) {
      expect(row, row.table).toMatchObject({ enabled: true, forced: true });
      expect(row.policies, row.table).toBeGreaterThan(0);
    }
  });
});

describe('the tenant is not the app role’s to choose (issue 39, point 4)', () => {
  let patientB: string;

  beforeAll(async () => {
    patientB = await registerPatient((await login(userB.email, userB.password)).cookie!);
  });

  async function inForged<T>(settings: Record<string, string>, work: () => Promise<T>): Promise<T> {
    await app.query('begin');
    try {
      for (const [name, value] of Object.entries(settings)) await app.query('select set_config($1, $2, true)', [name, value]);
      return await work();
    } finally {
      await app.query('rollback');
    }
  }

  const counts = async () => {
    const counted: Record<string, number> = {};
    for (const table of ['organisations', 'users', 'sessions', 'patients', 'audit_events'])
      counted[table] = (await app.query(`select count(*)::int as n from ${table}`)).rows[0].n;
    return counted;
  };
  const nothing = { organisations: 0, users: 0, sessions: 0, patients: 0, audit_events: 0 };

  it('an organisation id set by hand (what an injection in the app could do) opens nothing of that organisation', async () => {
    await inForged({ 'app.organisation_id': userB.organisationId }, async () => {
      expect(await counts()).toEqual(nothing);
      expect((await app.query('select id from patients where id = $1', [patientB])).rowCount).toBe(0);
      expect((await app.query("update patients set family_name = 'gekaapt' where id = $1", [patientB])).rowCount).toBe(0);
    });
    await inForged(
      { 'app.organisation_id': userB.organisationId, 'app.user_id': userB.id, 'app.tenant_token': 'x'.repeat(64) },
      async () => {
        expect(await counts()).toEqual(nothing);
      },
    );
  });

  it('the login lookup by e-mail gives no password hash', async () => {
    await inForged({ 'app.login_email': userB.email }, async () => {
      expect((await app.query('select password_hash from users')).rowCount).toBe(0);
    });
    // What login gets instead: the hash's parameters, and a yes or no on a derived key.
    const stored = await asOwner(
      null,
      async (db) => (await db.query('select password_hash from users where id = $1', [userB.id])).rows[0].password_hash as string,
    );
    const { rows } = await app.query('select login_parameters($1) as parameters', [userB.email]);
    expect(rows[0].parameters).toBe(stored.split('$').slice(0, 5).join('$'));
    expect((await app.query('select * from login_check($1, $2)', [userB.email, 'geraden'])).rowCount).toBe(0);
  });

  it('the token the app computes opens its own organisation, and only with the organisation and user it was made for', async () => {
    const own = appTenantSettings(userA.organisationId, userA.id);
    await inForged(own, async () => {
      expect((await app.query('select id from organisations')).rows).toEqual([{ id: userA.organisationId }]);
      expect((await app.query('select app_current_user() as id')).rows).toEqual([{ id: userA.id }]);
    });
    // A's token with B's organisation, or with another user, proves nothing.
    await inForged({ ...own, 'app.organisation_id': userB.organisationId }, async () => expect(await counts()).toEqual(nothing));
    await inForged({ ...own, 'app.user_id': userB.id }, async () => expect(await counts()).toEqual(nothing));
  });
});
