import { mkdir, writeFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate, isoDay } from '../../domain/shared/clinical-time';
import { onlySignerApproves } from '../../domain/gp-letter/gp-letter.schemas';
import { asOwner, createAppointment, createGpLetter, createUser, signedInUser, type SignedIn } from '../support/factories';
import { json, login, request } from '../support/http';
import { pdfText } from '../support/pdf';

let psychiatrist: SignedIn;
let patientId: string;

function post(path: string, fields: Record<string, string>, cookie = psychiatrist.cookie) {
  return request(path, { method: 'POST', cookie, body: new URLSearchParams(fields) });
}

async function letterRow(id: string) {
  return asOwner(psychiatrist.organisationId, async (db) => {
    const letter = (
      await db.query('select status, subject, original_text, gp_name, gp_practice, gp_address from gp_letters where id = $1', [id])
    ).rows[0];
    const versions = (await db.query<{ event: string }>('select event from gp_letter_versions where letter_id = $1 order by version', [id]))
      .rows;
    return { ...letter, events: versions.map((version) => version.event) };
  });
}

beforeAll(async () => {
  psychiatrist = await signedInUser('psychiater');
  const created = await json('/api/fhir/Patient', {
    method: 'POST',
    cookie: psychiatrist.cookie,
    body: {
      resourceType: 'Patient',
      identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: '111222333' }],
      name: [{ family: 'Janssen', given: ['Eline'] }],
      gender: 'female',
      birthDate: '1984-06-02',
    },
  });
  patientId = ((await created.json()) as { id: string }).id;
});

describe('a letter to the GP from the record', () => {
  it('starts a concept from the record, with Dutch field messages for what is missing', async () => {
    const invalid = await post(`/brieven/nieuw?patient=${patientId}`, { subject: 'Be', text: 'Kort.', gpName: 'Dr. A. de Wit' });
    expect(invalid.status).toBe(400);
    const html = await invalid.text();
    expect(html).toContain('Vul een onderwerp in.');
    expect(html).toContain('De brief is te kort; schrijf minstens een paar zinnen.');
    expect(html).toContain('value="Dr. A. de Wit"');

    const created = await post(`/brieven/nieuw?patient=${patientId}`, {
      subject: 'Start behandeling',
      text: 'Geachte collega,\n\nMevrouw Janssen is bij ons aangemeld voor behandeling van een depressie.\n\nMet vriendelijke groet,',
      gpName: 'Dr. A. de Wit',
      gpPractice: 'Huisartsenpraktijk De Linde',
      gpAddress: 'Lindelaan 4\n3811 AB Amersfoort',
    });
    expect(created.status).toBe(302);
    const id = created.headers.get('location')!.split('/')[2]!;
    expect(await letterRow(id)).toMatchObject({
      status: 'concept',
      gp_name: 'Dr. A. de Wit',
      gp_address: 'Lindelaan 4\n3811 AB Amersfoort',
      events: ['concept'],
    });

    // The concept is edited on its page: a version of its own, shown in the history.
    const edited = await post(`/brieven/${id}`, {
      intent: 'opslaan',
      subject: 'Start behandeling depressie',
      text: 'Geachte collega,\n\nMevrouw Janssen start volgende week met cognitieve gedragstherapie.\n\nMet vriendelijke groet,',
    });
    expect(edited.status).toBe(302);
    expect(await letterRow(id)).toMatchObject({ subject: 'Start behandeling depressie', events: ['concept', 'aangepast'] });
    const page = await (await request(`/brieven/${id}`, { cookie: psychiatrist.cookie })).text();
    expect(page).toContain('Concept aangepast');
    expect(page).toContain('cognitieve gedragstherapie');

    const tooShort = await post(`/brieven/${id}`, { intent: 'opslaan', subject: 'Start', text: 'Te kort' });
    expect(tooShort.status).toBe(400);
    expect(await tooShort.text()).toContain('De brief is te kort; schrijf minstens een paar zinnen.');
    expect((await letterRow(id)).events).toEqual(['concept', 'aangepast']);
  });

  it('does not show or print a letter of another organisation (404), nor print one that is not ready (409)', async () => {
    const other = await signedInUser('psychiater');
    const id = await createGpLetter(psychiatrist.organisationId, {
      patientId,
      createdBy: psychiatrist.user.id,
      text: 'Geachte collega, een concept van ons.',
    });
    expect((await request(`/brieven/${id}`, { cookie: other.cookie })).status).toBe(404);
    expect((await request(`/brieven/${id}/pdf`, { cookie: other.cookie })).status).toBe(404);
    const notReady = await request(`/brieven/${id}/pdf`, { cookie: psychiatrist.cookie });
    expect(notReady.status).toBe(409);
    expect(await notReady.text()).toContain('Alleen een verzendklare brief kan worden afgedrukt of gedownload.');
    expect((await post(`/brieven/${id}`, { intent: 'huisarts', gpName: 'Dr. X' }, other.cookie)).status).toBe(404);
  });
});

describe('a rewritten letter without a known GP', () => {
  it('is not approved until the GP is chosen; once ready it prints and downloads as a PDF with the letterhead, GP, patient, date and approver', async () => {
    const letterId = await createGpLetter(psychiatrist.organisationId, {
      patientId,
      createdBy: psychiatrist.user.id,
      gpName: null,
      gpPractice: null,
      subject: 'Behandeling Eline Janssen',
      text: 'Geachte collega,\n\nMevrouw Janssen is in behandeling op onze afdeling.\n\nMet vriendelijke groet,',
    });
    const appointmentId = await createAppointment(psychiatrist.organisationId, {
      patientId,
      practitionerId: psychiatrist.user.id,
      startAt: new Date(Date.now() - 3 * 24 * 3600_000),
    });
    expect((await json(`/api/noshow/${appointmentId}/cancel`, { method: 'POST', cookie: psychiatrist.cookie, body: {} })).status).toBe(201);
    const rewritten = await json(`/api/noshow/${appointmentId}/rescript`, { method: 'POST', cookie: psychiatrist.cookie, body: {} });
    expect(((await rewritten.json()) as { letter: { id: string } }).letter.id).toBe(letterId);

    const review = await (await request(`/brieven/${letterId}`, { cookie: psychiatrist.cookie })).text();
    expect(review).toContain('Deze brief heeft nog geen huisarts. Kies eerst aan welke huisarts de brief gaat');
    const finalText =
      'Geachte collega,\n\nMevrouw Janssen is niet verschenen op haar afspraak. Wij nemen contact met haar op.\n\nMet vriendelijke groet,';
    const refused = await post(`/brieven/${letterId}`, { intent: 'approve', finalText });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('Deze brief heeft nog geen huisarts.');
    expect((await letterRow(letterId)).status).toBe('ter_beoordeling');

    const noName = await post(`/brieven/${letterId}`, { intent: 'huisarts', gpName: '' });
    expect(noName.status).toBe(400);
    expect(await noName.text()).toContain('Vul de naam van de huisarts in.');
    expect(
      (
        await post(`/brieven/${letterId}`, {
          intent: 'huisarts',
          gpName: 'Dr. M. Bakker',
          gpPractice: 'Gezondheidscentrum Zuid',
          gpAddress: 'Zuidsingel 12\n3811 HB Amersfoort',
        })
      ).status,
    ).toBe(302);
    expect((await post(`/brieven/${letterId}`, { intent: 'approve', finalText })).status).toBe(302);
    expect((await post(`/brieven/${letterId}`, { intent: 'dispatch' })).status).toBe(302);
    expect((await letterRow(letterId)).status).toBe('verzendklaar');

    const download = await request(`/brieven/${letterId}/pdf`, { cookie: psychiatrist.cookie });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="huisartsbrief-\d{4}-\d{2}-\d{2}\.pdf"$/);
    const bytes = new Uint8Array(await download.arrayBuffer());
    await mkdir('test-results', { recursive: true });
    await writeFile('test-results/huisartsbrief.pdf', bytes);
    const { pages, title } = await pdfText(bytes);
    const text = pages.join('\n');
    const organisation = await asOwner(
      psychiatrist.organisationId,
      async (db) =>
        (await db.query<{ name: string }>('select name from organisations where id = $1', [psychiatrist.organisationId])).rows[0]!.name,
    );
    expect(text).toContain(organisation);
    expect(text).toContain('Dr. M. Bakker');
    expect(text).toContain('Gezondheidscentrum Zuid');
    expect(text).toContain('3811 HB Amersfoort');
    expect(text).toContain(`Datum: ${formatDate(isoDay(new Date()))}`);
    expect(text).toContain('Patiënt: Eline Janssen');
    expect(text).toContain('geboren 02-06-1984');
    expect(text).toContain('BSN 111222333');
    expect(text).toContain('Mevrouw Janssen is niet verschenen op haar afspraak.');
    expect(text).toContain('Test Zorgverlener');
    expect(text).toContain('Goedgekeurd op');
    expect(title).toBe('Huisartsbrief — Behandeling Eline Janssen');

    const print = await (await request(`/brieven/${letterId}/afdrukken`, { cookie: psychiatrist.cookie })).text();
    expect(print).toContain('Dr. M. Bakker');
    expect(print).toContain('Mevrouw Janssen is niet verschenen op haar afspraak.');
    expect(print).toContain('BSN 111222333');
  });
});

describe('who approves and signs a GP letter', () => {
  it('a nurse prepares the letter but cannot approve it (403 in Dutch, the button disabled with why); the psychiatrist approves, and the letter carries their name and title', async () => {
    const organisationId = psychiatrist.organisationId;
    const nurse = await createUser(organisationId, { role: 'verpleegkundige', displayName: 'Sanne Bos' });
    const lead = await createUser(organisationId, { role: 'psychiater', displayName: 'Dr. P. de Groot' });
    const nurseCookie = (await login(nurse.email, nurse.password)).cookie!;
    const leadCookie = (await login(lead.email, lead.password)).cookie!;
    const letterId = await createGpLetter(organisationId, {
      patientId,
      createdBy: nurse.id,
      gpName: 'Dr. R. Smit',
      gpPractice: 'Praktijk Smit',
      subject: 'Gemiste afspraak Eline Janssen',
      text: 'Geachte collega,\n\nMevrouw Janssen is bij ons in behandeling met wekelijkse gesprekken.\n\nMet collegiale groet,',
    });
    const appointmentId = await createAppointment(organisationId, {
      patientId,
      practitionerId: nurse.id,
      startAt: new Date(Date.now() - 2 * 24 * 3600_000),
    });
    // The nurse prepares: registers the no-show, the letter is rewritten for review.
    expect((await json(`/api/noshow/${appointmentId}/cancel`, { method: 'POST', cookie: nurseCookie, body: {} })).status).toBe(201);
    const rewritten = await json(`/api/noshow/${appointmentId}/rescript`, { method: 'POST', cookie: nurseCookie, body: {} });
    expect(((await rewritten.json()) as { letter: { id: string; status: string } }).letter).toMatchObject({
      id: letterId,
      status: 'ter_beoordeling',
    });

    const nursePage = await (await request(`/brieven/${letterId}`, { cookie: nurseCookie })).text();
    const approveButton = nursePage.match(/<button[^>]*value="approve"[^>]*>/)?.[0];
    expect(approveButton).toContain('disabled=""');
    expect(approveButton).toContain('aria-describedby="approve-who"');
    expect(nursePage).toContain(`id="approve-who">${onlySignerApproves}</p>`);

    const finalText =
      'Geachte collega,\n\nMevrouw Janssen is niet verschenen op haar afspraak. Wij bellen haar deze week.\n\nMet collegiale groet,';
    const refused = await post(`/brieven/${letterId}`, { intent: 'approve', finalText }, nurseCookie);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(onlySignerApproves);
    expect(await letterRow(letterId)).toMatchObject({ status: 'ter_beoordeling', events: ['concept', 'herschreven'] });

    const leadPage = await (await request(`/brieven/${letterId}`, { cookie: leadCookie })).text();
    expect(leadPage.match(/<button[^>]*value="approve"[^>]*>/)?.[0]).not.toContain('disabled');
    expect(leadPage).not.toContain(onlySignerApproves);
    expect((await post(`/brieven/${letterId}`, { intent: 'approve', finalText }, leadCookie)).status).toBe(302);
    const approvedPage = await (await request(`/brieven/${letterId}`, { cookie: nurseCookie })).text();
    expect(approvedPage).toContain('Dr. P. de Groot (Psychiater, regiebehandelaar)');
    // Making it ready to send is part of preparing: the nurse may.
    expect((await post(`/brieven/${letterId}`, { intent: 'dispatch' }, nurseCookie)).status).toBe(302);

    const download = await request(`/brieven/${letterId}/pdf`, { cookie: nurseCookie });
    expect(download.status).toBe(200);
    const text = (await pdfText(new Uint8Array(await download.arrayBuffer()))).pages.join('\n');
    expect(text).toMatch(/Met collegiale groet,\s+Dr\. P\. de Groot\s+Psychiater, regiebehandelaar\s+Goedgekeurd op/);
    expect(text).not.toContain('Sanne Bos');
    const print = await (await request(`/brieven/${letterId}/afdrukken`, { cookie: nurseCookie })).text();
    expect(print).toMatch(/<strong>Dr\. P\. de Groot<\/strong><span>Psychiater, regiebehandelaar<\/span>/);
  });
});

describe('rejecting a rewrite', () => {
  it('sends the letter back to the original as a concept, keeps the reason in its history, and leaves the no-show standing', async () => {
    const original = 'Geachte collega,\n\nMevrouw Janssen krijgt bij ons wekelijks gesprekken.\n\nMet vriendelijke groet,';
    const letterId = await createGpLetter(psychiatrist.organisationId, { patientId, createdBy: psychiatrist.user.id, text: original });
    const appointmentId = await createAppointment(psychiatrist.organisationId, {
      patientId,
      practitionerId: psychiatrist.user.id,
      startAt: new Date(Date.now() - 2 * 24 * 3600_000),
    });
    expect((await json(`/api/noshow/${appointmentId}/cancel`, { method: 'POST', cookie: psychiatrist.cookie, body: {} })).status).toBe(201);
    await json(`/api/noshow/${appointmentId}/rescript`, { method: 'POST', cookie: psychiatrist.cookie, body: {} });
    expect((await letterRow(letterId)).status).toBe('ter_beoordeling');

    const noReason = await post(`/brieven/${letterId}`, { intent: 'reject', reason: '' });
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).toContain('Geef kort aan waarom de herschreven brief wordt afgewezen.');

    const rejected = await post(`/brieven/${letterId}`, { intent: 'reject', reason: 'De toon past niet bij deze huisarts' });
    expect(rejected.status).toBe(302);
    const letter = await letterRow(letterId);
    expect(letter).toMatchObject({ status: 'concept', original_text: original });
    expect(letter.events).toEqual(['concept', 'herschreven', 'afgewezen']);
    const notes = await asOwner(
      psychiatrist.organisationId,
      async (db) =>
        (
          await db.query<{ note: string | null }>("select note from gp_letter_versions where letter_id = $1 and event = 'afgewezen'", [
            letterId,
          ])
        ).rows,
    );
    expect(notes).toEqual([{ note: 'De toon past niet bij deze huisarts' }]);
    const appointment = await asOwner(
      psychiatrist.organisationId,
      async (db) => (await db.query<{ status: string }>('select status from appointments where id = $1', [appointmentId])).rows[0]!,
    );
    expect(appointment.status).toBe('niet-verschenen');
    const context = (await (await json(`/api/noshow/${appointmentId}/context`, { cookie: psychiatrist.cookie })).json()) as {
      workflow: { status: string; statusLabel: string };
    };
    expect(context.workflow).toMatchObject({ status: 'afgewezen', statusLabel: 'Herschrijving afgewezen' });

    const page = await (await request(`/brieven/${letterId}`, { cookie: psychiatrist.cookie })).text();
    expect(page).toContain('Herschrijving afgewezen, terug naar het origineel');
    expect(page).toContain('Reden: De toon past niet bij deze huisarts');
    expect(page).not.toContain('>Goedkeuren<');

    // A second rejection finds nothing to reject.
    const again = await post(`/brieven/${letterId}`, { intent: 'reject', reason: 'Nogmaals' });
    expect(again.status).toBe(409);
  });
});
