import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createOrganisation, createUser, signedInUser, type SignedIn } from '../../tests/support/factories';
import { json } from '../../tests/support/http';

/**
 * The patient counts the database keeps with every write (ADR 0022), written to as the
 * application role does: whatever a statement inserts, updates or deletes, the counts agree with
 * counting the rows themselves, per organisation, and a rolled-back write never counted.
 */
let app: pg.Client;
let ward: SignedIn;
let otherOrganisation: string;

async function asTenant<T>(organisationId: string, work: () => Promise<T>, outcome: 'commit' | 'rollback' = 'commit'): Promise<T> {
  await app.query('begin');
  try {
    await app.query("select set_config('app.organisation_id', $1, true)", [organisationId]);
    const result = await work();
    await app.query(outcome);
    return result;
  } catch (error) {
    await app.query('rollback');
    throw error;
  }
}

/** Status → count, as kept and as counted; both under the organisation's policy. */
async function keptAndCounted(organisationId: string) {
  return asTenant(organisationId, async () => {
    const kept = await app.query<{ episode_status: string; count: number }>('select episode_status, count::int from patient_counts where count <> 0 order by 1');
    const counted = await app.query<{ episode_status: string; count: number }>('select episode_status, count(*)::int as count from patients group by 1 order by 1');
    return { kept: kept.rows, counted: counted.rows };
  });
}

const insertPatients = (statuses: string[]) =>
  app.query(
    `insert into patients (organisation_id, name_given, family_name, john_doe, episode_status, search_name)
     select app_current_organisation(), array['Telling'], 'Patiënt' || n, true, status, 'telling patient' || n
       from unnest($1::text[]) with ordinality as s(status, n)`,
    [statuses],
  );

beforeAll(async () => {
  ward = await signedInUser('verpleegkundige');
  otherOrganisation = (await createOrganisation('Andere instelling')).id;
  await createUser(otherOrganisation);
  app = new pg.Client({ connectionString: inject('appUrl') });
  await app.connect();
});

afterAll(async () => {
  await app?.end();
});

describe('patient counts', () => {
  it('follow inserts, status changes and deletes of many rows at once, per organisation', async () => {
    await asTenant(ward.organisationId, () => insertPatients(['screening', 'active', 'active', 'active', 'planned']));
    await asTenant(otherOrganisation, () => insertPatients(['active', 'finished']));
    expect(await keptAndCounted(ward.organisationId)).toEqual({
      kept: [
        { episode_status: 'active', count: 3 },
        { episode_status: 'planned', count: 1 },
        { episode_status: 'screening', count: 1 },
      ],
      counted: [
        { episode_status: 'active', count: 3 },
        { episode_status: 'planned', count: 1 },
        { episode_status: 'screening', count: 1 },
      ],
    });

    await asTenant(ward.organisationId, async () => {
      // Two discharged in one statement, one edited without a status change, one removed.
      await app.query("update patients set episode_status = 'finished' where id in (select id from patients where episode_status = 'active' order by family_name limit 2)");
      await app.query("update patients set family_name = family_name || ' (bijgewerkt)' where episode_status = 'screening'");
      await app.query("delete from patients where episode_status = 'planned'");
    });
    const after = await keptAndCounted(ward.organisationId);
    expect(after.kept).toEqual(after.counted);
    expect(after.kept).toEqual([
      { episode_status: 'active', count: 1 },
      { episode_status: 'finished', count: 2 },
      { episode_status: 'screening', count: 1 },
    ]);
    const other = await keptAndCounted(otherOrganisation);
    expect(other.kept).toEqual([
      { episode_status: 'active', count: 1 },
      { episode_status: 'finished', count: 1 },
    ]);
  });

  it('never count a rolled-back write, and the app role cannot change them itself', async () => {
    const before = await keptAndCounted(ward.organisationId);
    await asTenant(ward.organisationId, () => insertPatients(['active', 'active']), 'rollback');
    expect(await keptAndCounted(ward.organisationId)).toEqual(before);
    await expect(asTenant(ward.organisationId, () => app.query('update patient_counts set count = 0'))).rejects.toThrow(/permission denied/);
  });

  it('are the totals of the patient list and the FHIR search', async () => {
    const { kept } = await keptAndCounted(ward.organisationId);
    const all = kept.reduce((sum, row) => sum + row.count, 0);
    const list = (await (await json('/api/fhir/Patient?_count=1', { cookie: ward.cookie })).json()) as { total: number };
    expect(list.total).toBe(all);
    const finished = (await (await json('/api/fhir/Patient?status=finished&_count=1', { cookie: ward.cookie })).json()) as { total: number };
    expect(finished.total).toBe(2);
  });
});
