import { beforeAll, describe, expect, it } from 'vitest';
import { addClinicalDays, isoDay, wallClockOf } from '../../domain/shared/clinical-time';
import { asOwner, createAppointment, createUser, registerPatient, signedInUser, type SignedIn } from '../support/factories';
import { json, login, request } from '../support/http';

let nurse: SignedIn;
let colleagueCookie: string;
let colleagueId: string;
let patientId: string;

/** The agenda's forms as a browser without JavaScript posts them. */
function post(path: string, fields: Record<string, string>, cookie = nurse.cookie) {
  return request(path, { method: 'POST', cookie, body: new URLSearchParams(fields) });
}

async function appointmentRow(id: string) {
  return asOwner(nurse.organisationId, async (client) => {
    const { rows } = await client.query<{
      start_at: Date;
      end_at: Date;
      status: string;
      cancel_reason: string | null;
      cancel_reason_code: string | null;
      cancelled_at: Date | null;
      status_before_cancel: string | null;
    }>(
      'select start_at, end_at, status, cancel_reason, cancel_reason_code, cancelled_at, status_before_cancel from appointments where id = $1',
      [id],
    );
    return rows[0]!;
  });
}

/** Tomorrow at a clock time on the ward. */
function tomorrowAt(time: string) {
  const day = isoDay(addClinicalDays(new Date(), 1));
  return { datum: day, tijd: time };
}

beforeAll(async () => {
  nurse = await signedInUser('verpleegkundige');
  patientId = await registerPatient(nurse.cookie, { name: [{ given: ['Fatima'], family: 'el Amrani' }] });
  const colleague = await createUser(nurse.organisationId, { role: 'psychiater' });
  colleagueId = colleague.id;
  colleagueCookie = (await login(colleague.email, colleague.password)).cookie!;
});

describe('the agenda pages without JavaScript', () => {
  it('creates an appointment from the form and opens its panel, through the same service as the API', async () => {
    const created = await post('/agenda/nieuw?weergave=dag', {
      patientId,
      type: 'intake',
      ...tomorrowAt('10:15'),
      duur: '30',
      location: 'Spreekkamer 2',
      practitionerId: nurse.user.id,
    });
    expect(created.status).toBe(302);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/agenda\/[0-9a-f-]{36}\?weergave=dag&datum=\d{4}-\d{2}-\d{2}$/);
    const id = location.split('/')[2]!.split('?')[0]!;

    const panel = await (await request(location, { cookie: nurse.cookie })).text();
    expect(panel).toContain('Fatima el Amrani');
    expect(panel).toContain('Intake');
    expect(panel).toContain('10:15–10:45');
    expect(panel).toContain('Spreekkamer 2');

    // The assistant's API sees the same appointment.
    const day = tomorrowAt('10:15').datum;
    const agenda = (await (await json(`/api/assistant/agenda?start=${day}&end=${day}`, { cookie: nurse.cookie })).json()) as {
      appointments: { id: string; type: string; location: string }[];
    };
    expect(agenda.appointments.find((appointment) => appointment.id === id)).toMatchObject({ type: 'intake', location: 'Spreekkamer 2' });
  });

  it('answers a wrong form with Dutch field messages and keeps what was typed', async () => {
    const noPatient = await post('/agenda/nieuw', { type: 'intake', ...tomorrowAt('11:00'), duur: '30', location: 'Kamer 7' });
    expect(noPatient.status).toBe(400);
    const html = await noPatient.text();
    expect(html).toContain('Kies een bestaande patiënt.');
    expect(html).toContain('value="Kamer 7"');

    const badTime = await post('/agenda/nieuw', { patientId, type: 'intake', datum: tomorrowAt('x').datum, tijd: '25:70', duur: '30' });
    expect(badTime.status).toBe(400);
    expect(await badTime.text()).toContain('Vul een geldige tijd in, bijvoorbeeld 10:30.');

    const past = await post('/agenda/nieuw', { patientId, type: 'intake', datum: '2020-01-06', tijd: '10:00', duur: '30' });
    expect(past.status).toBe(400);
    expect(await past.text()).toContain('Een nieuwe afspraak kan niet in het verleden liggen.');
  });

  it('finds the patient with the search inside the form (a GET that keeps the other fields)', async () => {
    const html = await (await request('/agenda/nieuw?zoek=amrani&tijd=14:30&location=Tuinkamer', { cookie: nurse.cookie })).text();
    expect(html).toContain(`value="${patientId}"`);
    expect(html).toContain('Fatima el Amrani');
    expect(html).toContain('value="14:30"');
    expect(html).toContain('value="Tuinkamer"');
  });

  it('moves an appointment and undoes the move: the start, end and status it had', async () => {
    const start = new Date(Date.now() + 2 * 24 * 3600_000);
    start.setUTCMinutes(0, 0, 0);
    const id = await createAppointment(nurse.organisationId, { patientId, startAt: start, practitionerId: nurse.user.id });
    const before = await appointmentRow(id);

    const moved = await post(`/agenda/${id}?weergave=week`, { intent: 'verplaatsen', ...tomorrowAt('15:00') });
    expect(moved.status).toBe(302);
    const location = moved.headers.get('location')!;
    expect(location).toContain('gedaan=verplaatst');
    const after = await appointmentRow(id);
    expect(wallClockOf(after.start_at)).toBe(`${tomorrowAt('15:00').datum}T15:00`);
    expect(after.end_at.getTime() - after.start_at.getTime()).toBe(before.end_at.getTime() - before.start_at.getTime());
    expect(after.status).toBe('verplaatst');

    const panel = await (await request(location, { cookie: nurse.cookie })).text();
    expect(panel).toContain('Ongedaan maken');
    const search = new URL(location, 'http://x').searchParams;
    const undone = await post(`/agenda/${id}`, {
      intent: 'ongedaan',
      start: search.get('vorigeStart')!,
      end: search.get('vorigeEinde')!,
      status: search.get('vorigeStatus')!,
    });
    expect(undone.status).toBe(302);
    expect(await appointmentRow(id)).toEqual(before);
  });

  it('cancels with a reason, shown in the panel', async () => {
    const start = new Date(Date.now() + 3 * 24 * 3600_000);
    const id = await createAppointment(nurse.organisationId, { patientId, startAt: start, practitionerId: nurse.user.id });
    const cancelled = await post(`/agenda/${id}`, {
      intent: 'annuleren',
      bevestigd: 'ja',
      reason: 'Patiënt is opgenomen in het ziekenhuis',
    });
    expect(cancelled.status).toBe(302);
    expect(await appointmentRow(id)).toMatchObject({ status: 'geannuleerd', cancel_reason: 'Patiënt is opgenomen in het ziekenhuis' });
    const panel = await (await request(cancelled.headers.get('location')!, { cookie: nurse.cookie })).text();
    expect(panel).toContain('De afspraak is geannuleerd.');
    expect(panel).toContain('Patiënt is opgenomen in het ziekenhuis');
    expect(panel).not.toContain('Afspraak annuleren');
  });
});

describe('cancelling on the page (issue 44)', () => {
  const soon = () => ({ patientId, startAt: new Date(Date.now() + 3 * 24 * 3600_000), practitionerId: nurse.user.id });

  it('asks for a reason: without one nothing changes and the page says why, in Dutch', async () => {
    const id = await createAppointment(nurse.organisationId, soon());
    for (const confirmed of [{}, { bevestigd: 'ja' }] as Record<string, string>[]) {
      const refused = await post(`/agenda/${id}`, { intent: 'annuleren', reason: '', ...confirmed });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain('Geef een reden voor het annuleren: kies er een of beschrijf hem.');
      const other = await post(`/agenda/${id}`, { intent: 'annuleren', reasonCode: 'anders', ...confirmed });
      expect(other.status).toBe(400);
      expect(await other.text()).toContain('Beschrijf de reden bij ‘Anders’.');
    }
    expect((await appointmentRow(id)).status).toBe('gepland');
  });

  it('asks to confirm, keeps the choice with the words, and undoes it to the status it had', async () => {
    const id = await createAppointment(nurse.organisationId, { ...soon(), status: 'verplaatst' });
    const reason = { intent: 'annuleren', reasonCode: 'dubbel', reason: 'stond ook bij de psychiater' };
    const asked = await post(`/agenda/${id}?weergave=dag`, reason);
    expect(asked.status).toBe(200);
    const question = await asked.text();
    expect(question).toContain('annuleren?');
    expect(question).toContain('Dubbel gepland: stond ook bij de psychiater');
    expect(question).toContain('Ja, annuleer de afspraak');
    expect((await appointmentRow(id)).status).toBe('verplaatst');

    const cancelled = await post(`/agenda/${id}?weergave=dag`, { ...reason, bevestigd: 'ja' });
    expect(cancelled.status).toBe(302);
    expect(await appointmentRow(id)).toMatchObject({
      status: 'geannuleerd',
      cancel_reason: 'Dubbel gepland: stond ook bij de psychiater',
      cancel_reason_code: 'dubbel',
      status_before_cancel: 'verplaatst',
    });
    const panel = await (await request(cancelled.headers.get('location')!, { cookie: nurse.cookie })).text();
    expect(panel).toContain('De afspraak is geannuleerd.');
    expect(panel).toContain('Dubbel gepland: stond ook bij de psychiater');
    expect(panel).toMatch(/Je kunt dit tot \d\d:\d\d ongedaan maken/);

    // The undo says nothing of the status: it is the one the cancellation kept.
    const undone = await post(`/agenda/${id}`, { intent: 'annuleren-ongedaan' });
    expect(undone.status).toBe(302);
    expect(await appointmentRow(id)).toMatchObject({
      status: 'verplaatst',
      cancel_reason: null,
      cancel_reason_code: null,
      cancelled_at: null,
    });
    expect(await (await request(undone.headers.get('location')!, { cookie: nurse.cookie })).text()).toContain(
      'De annulering is ongedaan gemaakt',
    );
  });

  it('no longer undoes a cancellation of more than 15 minutes ago (409 in Dutch)', async () => {
    const id = await createAppointment(nurse.organisationId, soon());
    expect((await post(`/agenda/${id}`, { intent: 'annuleren', bevestigd: 'ja', reasonCode: 'afgezegd' })).status).toBe(302);
    await asOwner(nurse.organisationId, (client) =>
      client.query("update appointments set cancelled_at = now() - interval '16 minutes' where id = $1", [id]),
    );
    const late = await post(`/agenda/${id}`, { intent: 'annuleren-ongedaan' });
    expect(late.status).toBe(409);
    expect(await late.text()).toContain('meer dan 15 minuten geleden');
    expect((await appointmentRow(id)).status).toBe('geannuleerd');
  });

  it('undoes once: a second undo, at once or later, finds it changed (409), and one change is logged', async () => {
    const id = await createAppointment(nurse.organisationId, soon());
    expect((await post(`/agenda/${id}`, { intent: 'annuleren', bevestigd: 'ja', reasonCode: 'opname' })).status).toBe(302);
    const statuses = await Promise.all([1, 2, 3].map(() => post(`/agenda/${id}`, { intent: 'annuleren-ongedaan' })));
    expect(statuses.map((response) => response.status).sort()).toEqual([302, 409, 409]);
    const conflict = statuses.find((response) => response.status === 409)!;
    expect(await conflict.text()).toContain('Deze afspraak is intussen gewijzigd; de annulering kan niet meer ongedaan worden gemaakt.');
    expect((await appointmentRow(id)).status).toBe('gepland');
    const undos = await asOwner(nurse.organisationId, async (client) => {
      const { rows } = await client.query<{ outcome: string; status: string | null; reason: string | null }>(
        `select outcome, details->>'status' as status, details->>'reason' as reason from audit_events
          where resource_id = $1 and action = 'update' and occurred_at > now() - interval '1 minute' order by occurred_at`,
        [id],
      );
      return rows;
    });
    expect(undos.filter((row) => row.outcome === 'success')).toEqual([
      { outcome: 'success', status: 'geannuleerd', reason: null },
      { outcome: 'success', status: 'gepland', reason: null },
    ]);
    expect(undos.filter((row) => row.outcome === 'failure').map((row) => row.reason)).toEqual(['conflict', 'conflict']);
  });

  it('does not undo a cancellation whose former status was never kept (cancelled before it was)', async () => {
    const id = await createAppointment(nurse.organisationId, { ...soon(), status: 'geannuleerd', cancelReason: 'Oud' });
    expect((await post(`/agenda/${id}`, { intent: 'annuleren-ongedaan' })).status).toBe(409);
    expect((await appointmentRow(id)).status).toBe('geannuleerd');
  });
});

describe('the agenda pages, as an attacker would use them', () => {
  it("refuses to move or cancel a colleague's appointment (403 in Dutch), and changes nothing", async () => {
    const start = new Date(Date.now() + 4 * 24 * 3600_000);
    const id = await createAppointment(nurse.organisationId, { patientId, startAt: start, practitionerId: colleagueId });
    const before = await appointmentRow(id);

    const panel = await (await request(`/agenda/${id}`, { cookie: nurse.cookie })).text();
    expect(panel).toContain('Alleen wie de afspraak maakte of de behandelaar kan haar verplaatsen of annuleren.');
    expect(panel).not.toContain('Afspraak annuleren');

    const attempts: Record<string, string>[] = [
      { intent: 'annuleren', reason: 'weg ermee' },
      { intent: 'annuleren', bevestigd: 'ja', reason: 'weg ermee' },
      { intent: 'annuleren-ongedaan' },
      { intent: 'verplaatsen', ...tomorrowAt('08:00') },
      { intent: 'niet-verschenen' },
    ];
    for (const fields of attempts) {
      const response = await post(`/agenda/${id}`, fields);
      expect(response.status).toBe(403);
      expect(await response.text()).toContain('Geen toegang tot deze afspraak.');
    }
    expect(await appointmentRow(id)).toEqual(before);
    // The colleague can.
    expect((await post(`/agenda/${id}`, { intent: 'annuleren', bevestigd: 'ja', reasonCode: 'verhinderd' }, colleagueCookie)).status).toBe(
      302,
    );
  });

  it("answers another organisation's appointment id with 404, and an unknown intent with 400", async () => {
    const other = await signedInUser('psychiater');
    const otherPatient = await registerPatient(other.cookie);
    const foreign = await createAppointment(other.organisationId, {
      patientId: otherPatient,
      startAt: new Date(Date.now() + 24 * 3600_000),
      practitionerId: other.user.id,
    });
    expect((await request(`/agenda/${foreign}`, { cookie: nurse.cookie })).status).toBe(404);
    const attempts: Record<string, string>[] = [
      { intent: 'annuleren', reasonCode: 'dubbel' },
      { intent: 'annuleren', bevestigd: 'ja', reasonCode: 'dubbel' },
      { intent: 'annuleren-ongedaan' },
    ];
    for (const fields of attempts) expect((await post(`/agenda/${foreign}`, fields)).status).toBe(404);
    expect((await post('/agenda/nieuw', { patientId: otherPatient, type: 'intake', ...tomorrowAt('09:00'), duur: '30' })).status).toBe(400);

    const own = await createAppointment(nurse.organisationId, {
      patientId,
      startAt: new Date(Date.now() + 24 * 3600_000),
      practitionerId: nurse.user.id,
    });
    const odd = await post(`/agenda/${own}`, { intent: 'wissen' });
    expect(odd.status).toBe(400);
  });
});
