import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * Issue 45 point 5 (docs/scaling.md): the record can be distributed by `organisation_id` (Citus
 * or any engine that shards by a column) because every tenant-owned table carries it in a key and
 * every reference between tenant-owned rows goes through it. Read from the migrated schema of the
 * stack's database, not from the migrations' text.
 */

/** Tables without `organisation_id`: not any one organisation's data. */
const sharedTables: Record<string, string> = {
  organisations: 'the tenants themselves: a reference table, copied to every node',
  tenant_keys: "the keys that sign tenant tokens (ADR 0046), the owner's alone",
  mikro_orm_migrations: 'which migrations ran',
};

/**
 * Tenant-owned tables with `organisation_id` in no primary or unique key, as the schema stands
 * (issue 45). Each needs one at distribution time (`primary key (organisation_id, id)`); nothing
 * refers to their rows by a composite key yet, so nothing breaks before that.
 */
const tablesWithoutTenantKey: Record<string, string> = {
  ai_requests: 'keyed by event_id, one row per ai_events row; its foreign key (organisation_id, event_id) carries the tenant',
  audit_events: 'the access log (NEN 7513), append-only; no row refers to one of its rows',
  coercive_measure_evaluations: 'no row refers to one of its rows; keyed by id alone',
  contact_persons: 'no row refers to one of its rows; keyed by id alone',
  diagnosis_events: 'history of diagnoses, append-only; keyed by id alone',
  gp_letter_versions: 'keyed by id and (letter_id, version); no row refers to one of its rows',
  intake_section_versions: 'history of intake sections, append-only; keyed by id alone',
  koppeling_tokens: 'found by its token hash before the organisation is known (ADR 0052)',
  nudges: 'no row refers to one of its rows; keyed by id alone',
  risk_assessments: 'no row refers to one of its rows; keyed by id alone',
  sessions: 'found by its token hash before the organisation is known (every request, the login)',
  workflow_grant_uses: 'keyed by grant id: one use per grant (ADR 0047)',
};

/** Foreign keys between tenant-owned tables that do not go through `organisation_id`. */
const foreignKeysWithoutTenant: Record<string, string> = {
  koppeling_tokens_koppeling_id_fkey:
    'koppeling_tokens → koppelingen (id): koppelingen has no (organisation_id, id) key to refer to (issue 46 came after the tenant keys of issue 18)',
};

interface Findings {
  tenantTables: string[];
  sharedTables: string[];
  tablesWithoutTenantKey: string[];
  foreignKeysWithoutTenant: string[];
}

/** What the schema of the connection's database holds, in the public schema. */
async function distributionFindings(client: pg.ClientBase): Promise<Findings> {
  const tables = await client.query<{ name: string; tenant: boolean; keyed: boolean }>(`
    select c.relname as name, org.attnum is not null as tenant,
           exists (select 1 from pg_index i
                    where i.indrelid = c.oid and i.indisunique and i.indpred is null
                      and org.attnum = any (i.indkey::int2[])) as keyed
      from pg_class c
      left join pg_attribute org on org.attrelid = c.oid and org.attname = 'organisation_id' and not org.attisdropped
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
`);
  // A reference goes through the tenant when one of its column pairs is organisation_id on both sides.
  const foreignKeys = await client.query<{ name: string }>(`
    select con.conname as name
      from pg_constraint con
      join pg_attribute src on src.attrelid = con.conrelid and src.attname = 'organisation_id' and not src.attisdropped
      join pg_attribute dst on dst.attrelid = con.confrelid and dst.attname = 'organisation_id' and not dst.attisdropped
     where con.contype = 'f' and con.connamespace = 'public'::regnamespace
       and not exists (select 1 from unnest(con.conkey, con.confkey) as pair(local, referenced)
                        where pair.local = src.attnum and pair.referenced = dst.attnum)
`);
  // Sorted here, not by the database's collation, to compare with the lists above.
  return {
    tenantTables: tables.rows.filter((row) => row.tenant).map((row) => row.name),
    sharedTables: tables.rows
      .filter((row) => !row.tenant)
      .map((row) => row.name)
      .sort(),
    tablesWithoutTenantKey: tables.rows
      .filter((row) => row.tenant && !row.keyed)
      .map((row) => row.name)
      .sort(),
    foreignKeysWithoutTenant: foreignKeys.rows.map((row) => row.name).sort(),
  };
}

let owner: pg.Client;
let findings: Findings;

beforeAll(async () => {
  owner = new pg.Client({ connectionString: inject('ownerUrl') });
  await owner.connect();
  findings = await distributionFindings(owner);
});

afterAll(async () => {
  await owner?.end();
});

describe('the distribution key organisation_id in the migrated schema', () => {
  it('is a column of every table but the shared ones', () => {
    expect(findings.tenantTables.length).toBeGreaterThan(30);
    expect(findings.sharedTables).toEqual(Object.keys(sharedTables).sort());
  });

  it('is in a primary or unique key of every tenant-owned table, the listed exceptions aside', () => {
    console.log(
      `distribution key: ${findings.tenantTables.length} tenant-owned tables, ` +
        `${findings.tenantTables.length - findings.tablesWithoutTenantKey.length} with organisation_id in a key; ` +
        `without: ${findings.tablesWithoutTenantKey.join(', ')}`,
    );
    // A new table must carry it; a listed table that got a key since comes off the list.
    expect(findings.tablesWithoutTenantKey).toEqual(Object.keys(tablesWithoutTenantKey).sort());
  });

  it('is in every foreign key between tenant-owned tables, the listed exceptions aside', () => {
    expect(findings.foreignKeysWithoutTenant).toEqual(Object.keys(foreignKeysWithoutTenant).sort());
  });

  it('finds a new table that breaks either rule', async () => {
    await owner.query('begin');
    try {
      await owner.query(`create table distribution_probe (
        id uuid primary key, organisation_id uuid not null, patient_id uuid references patients (id))`);
      const probed = await distributionFindings(owner);
      expect(probed.tablesWithoutTenantKey).toContain('distribution_probe');
      expect(probed.foreignKeysWithoutTenant).toContain('distribution_probe_patient_id_fkey');
      await owner.query(`alter table distribution_probe drop constraint distribution_probe_patient_id_fkey,
        add unique (organisation_id, id), add foreign key (organisation_id, patient_id) references patients (organisation_id, id)`);
      const fixed = await distributionFindings(owner);
      expect(fixed.tablesWithoutTenantKey).not.toContain('distribution_probe');
      expect(fixed.foreignKeysWithoutTenant).toEqual(findings.foreignKeysWithoutTenant);
    } finally {
      await owner.query('rollback');
    }
  });
});
