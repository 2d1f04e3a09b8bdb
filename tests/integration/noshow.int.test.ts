import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  asOwner,
  createAppointment,
  createGpLetter,
  createNudge,
  createUser,
  fhirPatientBody,
  signedInUser,
  validBsns,
  type SignedIn,
} from '../support/factories';
import { json, login, request } from '../support/http';

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

interface Context {
  appointment: { id: string; status: string; patientId: string };
  patient: { id: string; name: string };
  gp: { name: string | null; practice: string | null; address: string | null } | null;
  letter: { id: string; status: string; originalText: string; rewrittenText: string | null; finalText: string | null } | null;
  workflow: { workflowId: string; status: string; statusLabel: string; letterId: string | null } | null;
}

let nurse: SignedIn;
let other: SignedIn;
let colleagueCookie: string;
let colleagueId: string;
let patientId: string;
let letterId: string;
let foreignAppointment: string;

async function patient(owner: SignedIn, given: string, family: string, bsn: string): Promise<string> {
  const response = await json('/api/fhir/Patient', {
    method: 'POST',
    cookie: owner.cookie,
    body: fhirPatientBody({
      name: [{ family, given: [given] }],
      identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: bsn }],
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** No API books an appointment in the past, nor writes a draft letter: both through the factories. */
function appointment(owner: SignedIn, forPatient: string, start: Date, userId = owner.user.id): Promise<string> {
  return createAppointment(owner.organisationId, { patientId: forPatient, practitionerId: userId, startAt: start });
}

/** A whole quarter of an hour, `minutes` ago (Europe/Amsterdam is whole hours off UTC). */
const quarterAgo = (minutes: number) => new Date(Math.floor((Date.now() - minutes * 60_000) / 900_000) * 900_000);
const amsterdamTime = (date: Date) =>
  new Intl.DateTimeFormat('nl-NL', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Amsterdam' }).format(date);
const amsterdamDay = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(date);
/** Just after midnight, "zijn afspraak van 23:30" (no day named) is yesterday's: the day the product should search. */
const dayLabelOf = (start: Date) => (amsterdamDay(start) === amsterdamDay(new Date()) ? 'vandaag' : 'gisteren');

beforeAll(async () => {
  nurse = await signedInUser('verpleegkundige');
  other = await signedInUser('verpleegkundige');
  const colleague = await createUser(nurse.organisationId, { role: 'psychiater' });
  colleagueCookie = (await login(colleague.email, colleague.password)).cookie!;
  colleagueId = colleague.id;
  patientId = await patient(nurse, 'Jan', 'de Vries', validBsns[1]!);
  const text = 'Geachte collega Jansen,\n\nHierbij informeren wij u over uw patiënt Jan de Vries.\n\nMet collegiale groet,\n\nDr. A. Arts';
  letterId = await createGpLetter(nurse.organisationId, { patientId, createdBy: nurse.user.id, text });
  const foreignPatient = await patient(other, 'Fenna', 'Elders', validBsns[2]!);
  foreignAppointment = await appointment(other, foreignPatient, quarterAgo(60));
});

describe('no-show API: access and validation', () => {
  it('needs a session on every route (401, Dutch)', async () => {
    const id = randomUUID();
    const calls: [string, string][] = [
      ['GET', `/api/noshow/${id}/context`],
      ['POST', `/api/noshow/${id}/rescript`],
      ['POST', `/api/noshow/${id}/cancel`],
      ['POST', `/api/noshow/${id}/withdraw`],
      ['PATCH', `/api/noshow/${id}/dispatch`],
      ['GET', '/api/noshow/find?q=x'],
    ];
    for (const [method, path] of calls) {
      const response = await json(path, { method, body: method === 'GET' ? undefined : {} });
      expect(response.status, path).toBe(401);
      expect(((await response.json()) as ErrorBody).error).toEqual({ code: 'unauthorized', message: 'Sessie verlopen, log opnieuw in.' });
    }
  });

  it("answers 404 for another organisation's appointment, and for an id that is none", async () => {
    for (const id of [foreignAppointment, 'geen-id']) {
      const calls = [
        json(`/api/noshow/${id}/context`, { cookie: nurse.cookie }),
        json(`/api/noshow/${id}/rescript`, { method: 'POST', cookie: nurse.cookie, body: {} }),
        json(`/api/noshow/${id}/cancel`, { method: 'POST', cookie: nurse.cookie, body: {} }),
        json(`/api/noshow/${id}/withdraw`, { method: 'POST', cookie: nurse.cookie, body: {} }),
        json(`/api/noshow/${id}/dispatch`, { method: 'PATCH', cookie: nurse.cookie }),
      ];
      for (const response of await Promise.all(calls)) {
        expect(response.status).toBe(404);
        expect(((await response.json()) as ErrorBody).error.message).toBe('De gevraagde afspraak is niet gevonden.');
      }
    }
    // The other organisation's appointment is untouched.
    expect(
      await asOwner(
        other.organisationId,
        async (db) => (await db.query('select status from appointments where id = $1', [foreignAppointment])).rows[0],
      ),
    ).toEqual({ status: 'gepland' });
  });

  it('validates the body and the method (400, 405) with Dutch messages', async () => {
    const id = await appointment(nurse, patientId, quarterAgo(120));
    const notJson = await request(`/api/noshow/${id}/cancel`, {
      method: 'POST',
      cookie: nurse.cookie,
      headers: { 'Content-Type': 'application/json' },
      body: '{',
    });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as ErrorBody).error.message).toBe('De aanvraag bevat geen geldige JSON.');
    const tooLong = await json(`/api/noshow/${id}/cancel`, { method: 'POST', cookie: nurse.cookie, body: { followUp: 'x'.repeat(501) } });
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as ErrorBody).error.fields).toEqual({ followUp: 'Het vervolg mag maximaal 500 tekens lang zijn.' });
    const notText = await json(`/api/noshow/${id}/cancel`, { method: 'POST', cookie: nurse.cookie, body: { followUp: 12 } });
    expect(((await notText.json()) as ErrorBody).error.fields?.followUp).toBe('Beschrijf het vervolg als tekst.');

    const noName = await json('/api/noshow/find', { cookie: nurse.cookie });
    expect(noName.status).toBe(400);
    expect(((await noName.json()) as ErrorBody).error.fields?.patientName).toMatch(/^Noem de patiënt/);
    const noTime = await json(`/api/noshow/find?patientName=Jan&time=${encodeURIComponent('straks')}`, { cookie: nurse.cookie });
    expect(((await noTime.json()) as ErrorBody).error.fields).toEqual({ time: 'Geef de tijd als uu:mm, bijvoorbeeld 10:00.' });

    for (const step of ['cancel', 'rescript', 'withdraw'])
      expect((await json(`/api/noshow/${id}/${step}`, { cookie: nurse.cookie })).status).toBe(405);
    // The letter is rewritten only for a registered no-show; withdrawing needs one too.
    const rescriptFirst = await json(`/api/noshow/${id}/rescript`, { method: 'POST', cookie: nurse.cookie, body: {} });
    expect(rescriptFirst.status).toBe(409);
    expect(((await rescriptFirst.json()) as ErrorBody).error.message).toMatch(
      /^Bij deze afspraak is \(nog\) niet geregistreerd dat de patiënt niet verscheen/,
    );
    const withdrawFirst = await json(`/api/noshow/${id}/withdraw`, { method: 'POST', cookie: nurse.cookie, body: {} });
    expect(withdrawFirst.status).toBe(404);
    expect(((await withdrawFirst.json()) as ErrorBody).error.message).toBe(
      'Er loopt voor deze afspraak geen opvolging van ‘niet verschenen’.',
    );
    const post = await json(`/api/noshow/${id}/dispatch`, { method: 'POST', cookie: nurse.cookie, body: {} });
    expect(post.status).toBe(405);
    expect(((await post.json()) as ErrorBody).error.message).toBe('Gebruik PATCH op deze route.');
    // Nothing was started by any of these.
    expect(((await (await json(`/api/noshow/${id}/context`, { cookie: nurse.cookie })).json()) as Context).workflow).toBeNull();
  });

  it('refuses what cannot be a no-show: a colleague’s appointment (403), one that has not begun (409)', async () => {
    const colleagues = await appointment(nurse, patientId, quarterAgo(180), colleagueId);
    const forbidden = await json(`/api/noshow/${colleagues}/cancel`, { method: 'POST', cookie: nurse.cookie, body: {} });
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as ErrorBody).error.message).toBe('Geen toegang tot deze afspraak.');
    const future = await appointment(nurse, patientId, new Date(Date.now() + 3 * 3600_000));
    const early = await json(`/api/noshow/${future}/cancel`, { method: 'POST', cookie: nurse.cookie, body: {} });
    expect(early.status).toBe(409);
    expect(((await early.json()) as ErrorBody).error.message).toMatch(/nog niet begonnen/);
  });
});

describe('no-show API: from the chat sentence to a letter ready to send', () => {
  it('finds the appointment, cancels it once, rewrites the letter, waits for the review (409 before it), and dispatches after the approval on the review page', async () => {
    const start = quarterAgo(45);
    const appointmentId = await appointment(nurse, patientId, start);
    const sentence = `Jan de Vries is niet verschenen op zijn afspraak van ${amsterdamTime(start)}`;
    const found = await json(`/api/noshow/find?q=${encodeURIComponent(sentence)}`, { cookie: nurse.cookie });
    expect(found.status).toBe(200);
    const candidates = (await found.json()) as {
      query: { patientName: string; time: string; date: string; window: { from: string; to: string } };
      appointments: { appointmentId: string; label: string }[];
    };
    // The hour searched on either side of the time named, within the day.
    const [hour, minute] = amsterdamTime(start).split(':').map(Number) as [number, number];
    const at = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    const window = { from: at(Math.max(0, hour * 60 + minute - 60)), to: at(Math.min(24 * 60 - 1, hour * 60 + minute + 60)) };
    expect(candidates.query).toEqual({ patientName: 'Jan de Vries', time: amsterdamTime(start), date: dayLabelOf(start), window });
    expect(candidates.appointments.map((candidate) => candidate.appointmentId)).toEqual([appointmentId]);
    expect(candidates.appointments[0]!.label).toMatch(
      new RegExp(`^Behandelgesprek \\w+ \\d+ \\w+ ${amsterdamTime(start)} met Jan de Vries$`),
    );

    const started = await json(`/api/noshow/${appointmentId}/cancel`, {
      method: 'POST',
      cookie: nurse.cookie,
      body: { followUp: 'Wij bellen hem vandaag nog' },
    });
    expect(started.status).toBe(201);
    const cancelled = (await started.json()) as Context;
    expect(cancelled.appointment.status).toBe('niet-verschenen');
    expect(cancelled.workflow).toMatchObject({ workflowId: `noshow-${appointmentId}`, letterId });
    const rescripted = await json(`/api/noshow/${appointmentId}/rescript`, { method: 'POST', cookie: nurse.cookie, body: {} });
    expect(rescripted.status).toBe(200);
    const context = (await rescripted.json()) as Context;
    expect(context.workflow).toMatchObject({ workflowId: `noshow-${appointmentId}`, status: 'ter_beoordeling', letterId });
    expect(context.gp).toEqual({ name: 'Dr. H. Jansen', practice: 'Praktijk Jansen', address: null });
    expect(context.letter?.rewrittenText).toContain('Wij bellen hem vandaag nog.');

    const again = await json(`/api/noshow/${appointmentId}/cancel`, { method: 'POST', cookie: nurse.cookie, body: {} });
    expect(again.status).toBe(200);
    expect(((await again.json()) as Context).letter?.rewrittenText).toBe(context.letter?.rewrittenText);

    const early = await json(`/api/noshow/${appointmentId}/dispatch`, { method: 'PATCH', cookie: nurse.cookie });
    expect(early.status).toBe(409);
    expect(((await early.json()) as ErrorBody).error).toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(/^De huisartsbrief is nog niet beoordeeld/),
    });

    // The reviewers' inbox lists it; a colleague reviews and approves an edited text.
    const inbox = await request('/brieven', { cookie: colleagueCookie });
    expect(inbox.status).toBe(200);
    expect(await inbox.text()).toContain(`/brieven/${letterId}`);
    const finalText = `${context.letter!.rewrittenText!}\n\nPS: de patiënt is telefonisch bereikt.`;
    const approved = await request(`/brieven/${letterId}`, {
      method: 'POST',
      cookie: colleagueCookie,
      body: new URLSearchParams({ intent: 'approve', finalText }),
    });
    expect(approved.status).toBe(302);
    expect(approved.headers.get('location')).toBe(`/brieven/${letterId}`);

    const dispatched = await json(`/api/noshow/${appointmentId}/dispatch`, { method: 'PATCH', cookie: nurse.cookie });
    expect(dispatched.status).toBe(200);
    const done = (await dispatched.json()) as Context;
    expect(done.workflow?.status).toBe('verzendklaar');
    expect(done.letter).toMatchObject({ status: 'verzendklaar', finalText });
    const read = (await (await json(`/api/noshow/${appointmentId}/context`, { cookie: colleagueCookie })).json()) as Context;
    expect(read.letter?.status).toBe('verzendklaar');

    // Withdrawing after the review is refused; nothing goes back.
    const withdraw = await json(`/api/noshow/${appointmentId}/withdraw`, { method: 'POST', cookie: nurse.cookie, body: {} });
    expect(withdraw.status).toBe(409);
    expect(((await withdraw.json()) as ErrorBody).error.message).toMatch(/verzendklaar/);
  });

  it('withdraws before the review (POST …/withdraw): the appointment and the draft are restored; the review page refuses an approval then', async () => {
    const appointmentId = await appointment(nurse, patientId, quarterAgo(240));
    await json(`/api/noshow/${appointmentId}/cancel`, { method: 'POST', cookie: nurse.cookie, body: {} });
    const started = (await (
      await json(`/api/noshow/${appointmentId}/rescript`, { method: 'POST', cookie: nurse.cookie, body: {} })
    ).json()) as Context;
    const draftId = started.letter!.id;
    const withdrawn = await json(`/api/noshow/${appointmentId}/withdraw`, { method: 'POST', cookie: nurse.cookie, body: {} });
    expect(withdrawn.status).toBe(200);
    const body = (await withdrawn.json()) as Context;
    expect(body.workflow?.status).toBe('geannuleerd');
    expect(body.appointment.status).toBe('gepland');
    expect(body.letter).toMatchObject({ id: draftId, status: 'concept', rewrittenText: null });
    const refused = await request(`/brieven/${draftId}`, {
      method: 'POST',
      cookie: colleagueCookie,
      body: new URLSearchParams({ intent: 'approve', finalText: 'Een tekst die lang genoeg is om te versturen.' }),
    });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('Deze brief is nog niet herschreven en wacht niet op beoordeling.');
  });

  it('the review page withdraws the no-show with its own button (a plain form post)', async () => {
    const appointmentId = await appointment(nurse, patientId, quarterAgo(300));
    await json(`/api/noshow/${appointmentId}/cancel`, { method: 'POST', cookie: nurse.cookie, body: {} });
    const started = (await (
      await json(`/api/noshow/${appointmentId}/rescript`, { method: 'POST', cookie: nurse.cookie, body: {} })
    ).json()) as Context;
    const draftId = started.letter!.id;
    const page = await request(`/brieven/${draftId}`, { cookie: nurse.cookie });
    expect(await page.text()).toMatch(/name="intent" value="withdraw"/);
    const withdrawn = await request(`/brieven/${draftId}`, {
      method: 'POST',
      cookie: nurse.cookie,
      body: new URLSearchParams({ intent: 'withdraw' }),
    });
    expect(withdrawn.status).toBe(302);
    const context = (await (await json(`/api/noshow/${appointmentId}/context`, { cookie: nurse.cookie })).json()) as Context;
    expect(context.workflow?.status).toBe('geannuleerd');
    expect(context.appointment.status).toBe('gepland');
    expect(context.letter).toMatchObject({ id: draftId, status: 'concept' });
  });
});

describe('reminders for the assistant: GET /api/assistant/nudges', () => {
  /** The workflow writes these (workflows/noshow); here as the table owner, one per audience. */
  async function nudge(organisationId: string, userId: string | null, text: string, dismissed = false): Promise<void> {
    await createNudge(organisationId, {
      userId,
      kind: 'huisartsbrief_beoordelen',
      text,
      href: `/brieven/${letterId}`,
      subjectId: letterId,
      dismissedAt: dismissed ? new Date() : null,
    });
  }

  it("lists the clinician's own open reminders and the organisation's, newest first — not a colleague's, a dismissed one or another organisation's", async () => {
    await nudge(nurse.organisationId, null, 'Voor de hele afdeling');
    await nudge(nurse.organisationId, nurse.user.id, 'Voor de verpleegkundige');
    await nudge(nurse.organisationId, colleagueId, 'Voor de psychiater');
    await nudge(nurse.organisationId, nurse.user.id, 'Al afgehandeld', true);
    await nudge(other.organisationId, null, 'Andere organisatie');

    const response = await request('/api/assistant/nudges', { cookie: nurse.cookie });
    expect(response.status).toBe(200);
    const { nudges } = (await response.json()) as { nudges: { kind: string; text: string; href: string; subjectId: string }[] };
    expect(nudges.map((item) => item.text)).toEqual(['Voor de verpleegkundige', 'Voor de hele afdeling']);
    expect(nudges[0]).toMatchObject({ kind: 'huisartsbrief_beoordelen', href: `/brieven/${letterId}`, subjectId: letterId });

    const colleague = (await (await request('/api/assistant/nudges', { cookie: colleagueCookie })).json()) as {
      nudges: { text: string }[];
    };
    expect(colleague.nudges.map((item) => item.text)).toEqual(['Voor de psychiater', 'Voor de hele afdeling']);
  });

  it('needs a session (401) and is read-only (405), in Dutch', async () => {
    const anonymous = await request('/api/assistant/nudges');
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as ErrorBody).error.message).toBe('Sessie verlopen, log opnieuw in.');
    const post = await json('/api/assistant/nudges', { method: 'POST', cookie: nurse.cookie, body: {} });
    expect(post.status).toBe(405);
    expect(((await post.json()) as ErrorBody).error.message).toBe('Gebruik GET op deze route.');
  });
});
