import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { User } from '../../domain/auth/auth.entities';
import type { AuditActor } from '../../domain/audit/audit.service';
import { createOrm, type EntityManager } from '../../domain/db/orm';
import { withTenant } from '../../domain/db/tenant';
import { demoAccounts, demoOrganisation } from '../../domain/demo/demo-accounts';
import { createPatient, listPatients, updatePatient, type PatientView } from '../../domain/patient/patient.service';
import { createReport } from '../../domain/report/report.service';
import { connectTemporal } from '../../temporal/client';
import { forgetDemoWorkflows, resetDemoDatabase } from '../../scripts/lib/demo';
import { validBsns } from '../support/factories';
import { appOrm, testPayloadKeys } from '../support/app-orm';

/*
 * `npm run demo:reset` against a database of this test's own (named after the stack's, so two
 * checkouts never share it): never the demo of a `make dev` someone may be using.
 */
const stackUrl = new URL(inject('ownerUrl'));
const database = `${stackUrl.pathname.slice(1)}_demo_reset`;
const urlFor = (name: string) => Object.assign(new URL(stackUrl), { pathname: `/${name}` }).toString();
const target = {
  urlFor,
  database,
  appUser: process.env.DATABASE_APP_USER ?? 'ggz_app',
  appPassword: 'ggz_app_dev',
  payloadKeys: testPayloadKeys(),
};

async function onServer<T>(work: (client: pg.Client) => Promise<T>, name = 'postgres'): Promise<T> {
  const client = new pg.Client({ connectionString: urlFor(name) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const dropDatabase = () => onServer((client) => client.query(`drop database if exists ${client.escapeIdentifier(database)} with (force)`));

/** Rows per table: what a demo, or someone's checks, could have left behind anywhere. */
const rowCounts = () =>
  onServer(async (client) => {
    const { rows } = await client.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'mikro_orm_migrations' order by 1",
    );
    const counts: Record<string, number> = {};
    for (const { name } of rows) {
      counts[name] = (await client.query<{ n: number }>(`select count(*)::int as n from ${client.escapeIdentifier(name)}`)).rows[0]!.n;
    }
    return counts;
  }, database);

/** The patient list's first page as the demo nurse sees it, through the app's own role and policies. */
async function patientList(): Promise<{ items: PatientView[]; names: string[]; total: number }> {
  const appUrl = Object.assign(new URL(urlFor(database)), { username: target.appUser, password: target.appPassword }).toString();
  const orm = await appOrm({ poolMax: 1 }, appUrl);
  try {
    return await withTenant(orm, { organisationId: demoOrganisation.id }, async (em) => {
      const page = await listPatients(em, { limit: 100 });
      return { items: page.items, names: page.items.map((patient) => patient.displayName), total: page.total };
    });
  } finally {
    await orm.close();
  }
}

beforeAll(dropDatabase);
afterAll(dropDatabase);

describe('npm run demo:reset', () => {
  it('creates the demo on a machine that has none, and puts it back after use', async () => {
    await resetDemoDatabase(target);
    const fresh = await patientList();
    const freshCounts = await rowCounts();
    expect(fresh.names[0]).toBe('Jan de Vries');
    expect(fresh.total).toBe(fresh.names.length);

    // A demo in use, or an automated check pointed at it: a new patient with a report, a changed one.
    const orm = await createOrm(urlFor(database), { poolMax: 1 });
    const asNurse = (work: (em: EntityManager, actor: AuditActor) => Promise<unknown>) =>
      withTenant(orm, { organisationId: demoOrganisation.id }, async (em) => {
        const nurse = await em.findOneOrFail(User, { email: demoAccounts.verpleegkundige.email });
        await work(em, { organisationId: demoOrganisation.id, userId: nurse.id, role: 'verpleegkundige', channel: 'web' });
      });
    try {
      const [jan] = fresh.items;
      await asNurse(async (em, actor) => {
        const kees = await createPatient(em, actor, {
          nameGiven: ['Kees'],
          familyName: 'Filtertest57037',
          bsn: validBsns[3],
          birthDate: '1980-05-06',
        });
        await createReport(em, actor, { patientId: kees.id, type: 'dagnotitie', category: 'observatie', content: 'Rustige dienst gehad.' });
      });
      await asNurse((em) => updatePatient(em, jan!.id, { ...jan, familyName: 'Vries-4731' }));
    } finally {
      await orm.close();
    }
    const used = await patientList();
    expect(used.names.slice(0, 2)).toEqual(['Jan de Vries-4731', 'Kees Filtertest57037']);

    await resetDemoDatabase(target);
    const reset = await patientList();
    expect(reset.names).toEqual(fresh.names);
    expect(reset.names.join()).not.toMatch(/Filtertest|Vries-/);
    expect(await rowCounts()).toEqual(freshCounts);
  });
});

describe("the demo's workflows", () => {
  it('deletes the runs of the given task queue, open and closed, and no other', { timeout: 90_000 }, async () => {
    const { client } = await connectTemporal({ address: inject('temporalAddress'), namespace: 'default', payloadKeys: testPayloadKeys() });
    const demoQueue = `test-demo-${randomUUID()}`;
    try {
      // No worker serves these queues: the runs stay open until something ends them.
      const open = await client.workflow.start('healthCheck', { taskQueue: demoQueue, workflowId: `demo-open-${randomUUID()}` });
      const closed = await client.workflow.start('healthCheck', { taskQueue: demoQueue, workflowId: `demo-closed-${randomUUID()}` });
      await closed.terminate('afgesloten voor de test');
      const other = await client.workflow.start('healthCheck', {
        taskQueue: `test-other-${randomUUID()}`,
        workflowId: `other-${randomUUID()}`,
      });
      // The list reads the visibility store, which follows a start within moments.
      await vi.waitFor(
        async () => {
          const listed = [];
          for await (const run of client.workflow.list({ query: `TaskQueue = '${demoQueue}'` })) listed.push(run.workflowId);
          expect(listed).toHaveLength(2);
        },
        { timeout: 10_000, interval: 200 },
      );

      expect(await forgetDemoWorkflows({ address: inject('temporalAddress'), namespace: 'default', taskQueue: demoQueue })).toBe(2);

      // Temporal deletes a run that closed moments ago only once its closing is done, about 30 s later.
      for (const handle of [open, closed]) {
        await vi.waitFor(() => expect(handle.describe()).rejects.toThrow(/not found/i), { timeout: 60_000, interval: 500 });
      }
      expect((await other.describe()).status.name).toBe('RUNNING');
      await other.terminate('einde van de test');
    } finally {
      await client.connection.close();
    }
  });
});
