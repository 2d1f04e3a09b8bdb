import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { asOwner, fhirPatientBody, registerPatient, signedInUser, type SignedIn } from '../support/factories';
import { json, request } from '../support/http';
import { appTenantSettings } from '../support/app-orm';

let nurse: SignedIn;
let patientId: string;

interface Row {
  action: string;
  resource_type: string;
  user_id: string;
  user_role: string;
  channel: string;
  outcome: string;
  client_address: string | null;
  details: Record<string, unknown> | null;
}

async function logFor(id: string): Promise<Row[]> {
  return asOwner(nurse.organisationId, async (client) => {
    const { rows } = await client.query<Row>(
      'select action, resource_type, user_id, user_role, channel, outcome, client_address, details from audit_events where $1 = any(patient_ids) order by occurred_at',
      [id],
    );
    return rows;
  });
}

beforeAll(async () => {
  nurse = await signedInUser();
  patientId = await registerPatient(nurse.cookie);
});

describe('NEN 7513 access log', () => {
  it('records a read, an update and a search with who, what, how, from where and the result', async () => {
    await json(`/api/fhir/Patient/${patientId}`, { cookie: nurse.cookie });
    await json(`/api/fhir/Patient/${patientId}`, { method: 'PUT', cookie: nurse.cookie, body: fhirPatientBody({ gender: 'other' }) });
    await json('/api/patients/search?q=jan%20de%20vries', { cookie: nurse.cookie });

    const rows = await logFor(patientId);
    expect(rows.map((row) => row.action)).toEqual(['create', 'read', 'update', 'search']);
    for (const row of rows) {
      expect(row).toMatchObject({ resource_type: 'Patient', user_id: nurse.user.id, user_role: 'verpleegkundige', outcome: 'success' });
      expect(row.client_address).toMatch(/127\.0\.0\.1/);
    }
    expect(rows[1]!.channel).toBe('fhir');
    expect(rows[2]!.details).toEqual({ changed: ['gender'] });
    expect(rows[3]).toMatchObject({ channel: 'api', details: { query: 'jan de vries', results: 1, status: 'all' } });
  });

  it('records a failed update as a failure, without the rejected values', async () => {
    await json(`/api/fhir/Patient/${patientId}`, {
      method: 'PUT',
      cookie: nurse.cookie,
      body: fhirPatientBody({ birthDate: '2999-01-01' }),
    });
    const last = (await logFor(patientId)).at(-1)!;
    expect(last).toMatchObject({ action: 'update', outcome: 'failure', details: { reason: 'validation_failed' } });
  });

  it('records viewing the record page and shows the log on /patients/:id/toegang', async () => {
    const page = await request(`/patients/${patientId}/toegang`, { cookie: nurse.cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Toegangslog');
    expect(html).toContain('Gewijzigd');
    expect(html).toContain('Gevonden bij zoeken');
    expect(html).toContain('FHIR-koppeling');
    const actions = (await logFor(patientId)).map((row) => `${row.action}:${row.resource_type}`);
    // The record layout and the tab load in parallel, so their order in the log is not fixed.
    expect(actions.slice(-2).sort()).toEqual(['read:AccessLog', 'read:Patient']);
  });

  it('filters the log page by period', async () => {
    const html = await (await request(`/patients/${patientId}/toegang?van=2000-01-01&tot=2000-12-31`, { cookie: nurse.cookie })).text();
    expect(html).toContain('Geen toegang in deze periode');
  });

  describe('as the application role', () => {
    let app: pg.Client;

    beforeAll(async () => {
      app = new pg.Client({ connectionString: inject('appUrl') });
      await app.connect();
    });

    afterAll(async () => {
      await app?.end();
    });

    it('can add to the log but cannot change or delete it', async () => {
      await app.query('begin');
      try {
        for (const [name, value] of Object.entries(appTenantSettings(nurse.organisationId)))
          await app.query('select set_config($1, $2, true)', [name, value]);
        const { rowCount } = await app.query('select 1 from audit_events where $1 = any(patient_ids)', [patientId]);
        expect(rowCount).toBeGreaterThan(3);
        await expect(app.query('delete from audit_events where $1 = any(patient_ids)', [patientId])).rejects.toThrow(/permission denied/);
      } finally {
        await app.query('rollback');
      }
      await app.query('begin');
      try {
        for (const [name, value] of Object.entries(appTenantSettings(nurse.organisationId)))
          await app.query('select set_config($1, $2, true)', [name, value]);
        await expect(app.query("update audit_events set outcome = 'success'")).rejects.toThrow(/permission denied/);
      } finally {
        await app.query('rollback');
      }
    });
  });
});
