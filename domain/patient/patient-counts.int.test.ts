import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { asApplication, createOrganisation, createUser, signedInUser, type SignedIn } from '../../tests/support/factories';
import { json } from '../../tests/support/http';

/**
 * The patient counts the database keeps with every write (ADR 0022), written to as the
 * application role does: whatever a statement inserts, updates or deletes, the counts agree with
 * counting the rows themselves, per organisation, and a rolled-back write never counted.
 */
let ward: SignedIn;
let otherOrganisation: string;

/** Status → count, as kept and as counted; both under the organisation's policy. */
function keptAndCounted(organisationId: string) {
  return asApplication(organisationId, async (app) => {
    const kept = await app.query<{ episode_status: string; count: number }>(
      'select episode_status, count::int from patient_counts where count <> 0 order by 1',
    );
    const counted = await app.query<{ episode_status: string; count: number }>(
      'select episode_status, count(*)::int as count from patients group by 1 order by 1',
    );
    return { kept: kept.rows, counted: counted.rows };
  });
}

const insertPatients = (app: pg.Client, statuses: string[]) =>
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
});

describe('patient counts', () => {
  it('follow inserts, status changes and deletes of many rows at once, per organisation', async () => {
    await asApplication(ward.organisationId, (app) => insertPatients(app, ['screening', 'active', 'active', 'active', 'planned']));
    await asApplication(otherOrganisation, (app) => insertPatients(app, ['active', 'finished']));
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

    await asApplication(ward.organisationId, async (app) => {
      // Two discharged in one statement, one edited without a status change, one removed.
      await app.query(
        "update patients set episode_status = 'finished' where id in (select id from patients where episode_status = 'active' order by family_name limit 2)",
      );
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
    const abandoned = new Error('afgebroken');
    await expect(
      asApplication(ward.organisationId, async (app) => {
        await insertPatients(app, ['active', 'active']);
        throw abandoned;
      }),
    ).rejects.toBe(abandoned);
    expect(await keptAndCounted(ward.organisationId)).toEqual(before);
    await expect(asApplication(ward.organisationId, (app) => app.query('update patient_counts set count = 0'))).rejects.toThrow(
      /permission denied/,
    );
  });

  it('are the totals of the patient list and the FHIR search', async () => {
    const { kept } = await keptAndCounted(ward.organisationId);
    const all = kept.reduce((sum, row) => sum + row.count, 0);
    const list = (await (await json('/api/fhir/Patient?_count=1', { cookie: ward.cookie })).json()) as { total: number };
    expect(list.total).toBe(all);
    const finished = (await (await json('/api/fhir/Patient?status=finished&_count=1', { cookie: ward.cookie })).json()) as {
      total: number;
    };
    expect(finished.total).toBe(2);
  });
});
