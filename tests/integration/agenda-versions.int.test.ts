import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentsBetween, createAppointment } from '../../domain/agenda/agenda.service';
import type { AuditActor } from '../../domain/audit/audit.service';
import { type MikroORM } from '../../domain/db/orm';
import { withTenant } from '../../domain/db/tenant';
import { asOwner, registerPatient, signedInUser, type SignedIn } from '../support/factories';
import { json } from '../support/http';
import { appOrm } from '../support/app-orm';

/**
 * The app keeps recently read agenda ranges while the database's agenda version stays the same
 * (ADR 0023). Every kind of change an agenda shows must reach the next read at once, whoever
 * wrote it (the API, a worker, a direct statement), and nothing rolled back may ever show.
 */

interface Listed {
  id: string;
  patientName: string;
  start: string;
  status: string;
  reportIds: string[];
}

const hoursFromNow = (hours: number) => new Date(Math.ceil(Date.now() / 3600_000) * 3600_000 + hours * 3600_000).toISOString();
const week = { start: hoursFromNow(-1), end: hoursFromNow(7 * 24) };

let nurse: SignedIn;
let patientId: string;

async function organisationWeek(cookie = nurse.cookie): Promise<Listed[]> {
  const response = await json(`/api/assistant/agenda?start=${encodeURIComponent(week.start)}&end=${encodeURIComponent(week.end)}`, {
    cookie,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { appointments: Listed[] }).appointments;
}

async function shown(id: string): Promise<Listed | undefined> {
  // Twice: the second read is the one a remembered range answers.
  await organisationWeek();
  return (await organisationWeek()).find((appointment) => appointment.id === id);
}

beforeAll(async () => {
  nurse = await signedInUser();
  patientId = await registerPatient(nurse.cookie, { name: [{ family: 'Meijer', given: ['Sanne'] }] });
});

describe('an agenda read again shows every change at once', () => {
  let appointmentId: string;

  it('a new, moved and cancelled appointment', async () => {
    await organisationWeek();
    const created = await json('/api/assistant/agenda/create', {
      method: 'POST',
      cookie: nurse.cookie,
      body: { patientId, type: 'behandelgesprek', start: hoursFromNow(26) },
    });
    expect(created.status).toBe(201);
    appointmentId = ((await created.json()) as { id: string }).id;
    expect(await shown(appointmentId)).toMatchObject({
      patientName: 'Sanne Meijer',
      status: 'gepland',
      start: new Date(hoursFromNow(26)).toISOString(),
    });

    const moved = await json('/api/assistant/agenda/reschedule', {
      method: 'POST',
      cookie: nurse.cookie,
      body: { appointmentId, start: hoursFromNow(50) },
    });
    expect(moved.status).toBe(200);
    expect((await shown(appointmentId))?.start).toBe(new Date(hoursFromNow(50)).toISOString());

    expect(
      (
        await json('/api/assistant/agenda/cancel', {
          method: 'POST',
          cookie: nurse.cookie,
          body: { appointmentId, reason: 'Dubbel gepland' },
        })
      ).status,
    ).toBe(200);
    expect((await shown(appointmentId))?.status).toBe('geannuleerd');
  });

  it('a report linked to it, and deleted again', async () => {
    const report = await json('/api/reports', {
      method: 'POST',
      cookie: nurse.cookie,
      body: { patientId, type: 'verpleegkundig', category: 'contact', content: 'Gesprek afgezegd.', encounterId: appointmentId },
    });
    expect(report.status).toBe(201);
    const reportId = ((await report.json()) as { id: string }).id;
    expect((await shown(appointmentId))?.reportIds).toEqual([reportId]);

    expect((await json(`/api/reports/${reportId}`, { method: 'DELETE', cookie: nurse.cookie })).status).toBeLessThan(300);
    expect((await shown(appointmentId))?.reportIds).toEqual([]);
  });

  it('a renamed patient and a change written outside the app (as a worker or a database fix would)', async () => {
    await asOwner(nurse.organisationId, (client) =>
      client.query("update patients set name_given = '{Sanne,Fleur}' where id = $1", [patientId]),
    );
    expect((await shown(appointmentId))?.patientName).toBe('Sanne Fleur Meijer');
    // A change to the patient the agenda does not show leaves the remembered range valid, and still right.
    await asOwner(nurse.organisationId, (client) => client.query('update patients set updated_at = now() where id = $1', [patientId]));
    expect((await shown(appointmentId))?.patientName).toBe('Sanne Fleur Meijer');

    await asOwner(nurse.organisationId, (client) =>
      client.query("update appointments set status = 'afgerond' where id = $1", [appointmentId]),
    );
    expect((await shown(appointmentId))?.status).toBe('afgerond');
  });

  it("never shows one organisation another's remembered week", async () => {
    const other = await signedInUser();
    await organisationWeek();
    expect(await organisationWeek(other.cookie)).toEqual([]);
  });
});

describe('a write that is rolled back', () => {
  let orm: MikroORM;
  let actor: AuditActor;

  beforeAll(async () => {
    orm = await appOrm({ poolMax: 4 });
    actor = { organisationId: nurse.organisationId, userId: nurse.user.id, role: 'verpleegkundige', channel: 'api' };
  });
  afterAll(() => orm.close());

  it('is seen by its own transaction, and by no read after it', async () => {
    const range = { start: new Date(week.start), end: new Date(week.end) };
    const read = () => withTenant(orm, actor, (em) => appointmentsBetween(em, actor, range).then((read) => read.appointments));
    const before = (await read()).map((appointment) => appointment.id);
    const abandoned = new Error('afgebroken');
    let pendingId = '';
    await expect(
      withTenant(orm, actor, async (em) => {
        pendingId = (await createAppointment(em, actor, { patientId, type: 'intake', start: hoursFromNow(30) })).id;
        // Read inside the writing transaction: it sees (and remembers) its own new appointment.
        expect(
          (await appointmentsBetween(em, actor, range).then((read) => read.appointments)).map((appointment) => appointment.id),
        ).toContain(pendingId);
        throw abandoned;
      }),
    ).rejects.toBe(abandoned);
    expect(pendingId).not.toBe('');
    expect((await read()).map((appointment) => appointment.id)).toEqual(before);

    // The next committed change gets a version of its own, never the abandoned one.
    const committed = await withTenant(orm, actor, (em) =>
      createAppointment(em, actor, { patientId, type: 'intake', start: hoursFromNow(31) }),
    );
    const after = (await read()).map((appointment) => appointment.id);
    expect(after).toContain(committed.id);
    expect(after).not.toContain(pendingId);
    expect(after).toHaveLength(before.length + 1);
  });

  it('reads once for requests that miss the same range together, and all of them get it', async () => {
    const range = { start: new Date(week.start), end: new Date(week.end) };
    const created = await withTenant(orm, actor, (em) =>
      createAppointment(em, actor, { patientId, type: 'intake', start: hoursFromNow(32) }),
    );
    // Holding the reports table makes the first read wait in its query until all three have missed:
    // the lock is let go once one backend waits for it in the read and all three have asked the
    // agenda version (so the other two found that read under way and wait for it).
    const reading = await asOwner(null, async (client) => {
      await client.query('lock table reports in access exclusive mode');
      const started = Promise.all(
        [1, 2, 3].map(() => withTenant(orm, actor, (em) => appointmentsBetween(em, actor, range).then((read) => read.appointments))),
      );
      await expect
        .poll(
          async () =>
            (
              await client.query(
                `select (select count(*)::int from pg_locks where relation = 'reports'::regclass and not granted) as reading,
                        (select count(distinct pid)::int from pg_locks
                          where relation = 'agenda_versions'::regclass and granted and pid <> pg_backend_pid()) as asked`,
              )
            ).rows[0],
          { timeout: 10_000 },
        )
        .toEqual({ reading: 1, asked: 3 });
      return { started };
    });
    const reads = await reading.started;
    expect(reads[0]!.map((appointment) => appointment.id)).toContain(created.id);
    expect(reads[1]).toBe(reads[0]);
    expect(reads[2]).toBe(reads[0]);
  });

  it('leaves the views it hands out frozen, so no caller can change what the next one gets', async () => {
    const [first] = await withTenant(orm, actor, (em) =>
      appointmentsBetween(em, actor, { start: new Date(week.start), end: new Date(week.end) }).then((read) => read.appointments),
    );
    expect(first).toBeDefined();
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => {
      (first as { status: string }).status = randomUUID();
    }).toThrow(TypeError);
  });
});
