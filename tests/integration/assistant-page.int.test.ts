import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { asOwner, createAppointment, createUser, registerPatient, signedInUser, validBsns, type SignedIn } from '../support/factories';
import { login, request } from '../support/http';

/*
 * The assistant's page without JavaScript (issue 44, ADR 0081): the composer and the confirmation
 * are form posts to /assistent, answered here as the route's data (`_data`), against the real app,
 * database, Temporal and worker. No language model is configured: the local path answers.
 * Nothing is written before "Bevestigen"; a confirmation names the proposal by id, is refused for
 * anyone else's proposal, and written once however often it is posted.
 */

let nurse: SignedIn;
let patientId: string;
const sentence = 'maak een dagnotitie voor Jan de Vries: slaapt goed';

interface ChainStep {
  index: number;
  intent: string;
  status: string;
  summary: string;
  plan?: { content?: string; patientId?: string };
}
interface Chain {
  chainId: string;
  status: string;
  steps: ChainStep[];
}
interface Answer {
  kind: 'turn' | 'decision' | 'failure';
  message?: string;
  reply?: string;
  chain: Chain | null;
  fields?: Record<string, string>;
}

function post(cookie: string, fields: Record<string, string>): Promise<Response> {
  return request('/assistent?_data=routes/_app.assistent', { method: 'POST', cookie, body: new URLSearchParams(fields) });
}

async function answerOf(response: Response): Promise<Answer> {
  return (await response.json()) as Answer;
}

/** The patient's daily notes as stored, read as the table owner. */
function notes(): Promise<string[]> {
  return asOwner(nurse.organisationId, async (db) => {
    const { rows } = await db.query<{ content: string }>(
      "select content from reports where patient_id = $1 and type = 'dagnotitie' and deleted_at is null order by created_at",
      [patientId],
    );
    return rows.map((row) => row.content);
  });
}

async function propose(cookie = nurse.cookie, requestKey = randomUUID()): Promise<Chain> {
  const response = await post(cookie, { intent: 'send', message: sentence, requestKey });
  expect(response.status).toBe(200);
  const answer = await answerOf(response);
  expect(answer.kind).toBe('turn');
  expect(answer.chain?.status).toBe('wacht_op_bevestiging');
  return answer.chain!;
}

beforeAll(async () => {
  nurse = await signedInUser();
  patientId = await registerPatient(nurse.cookie, {
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: validBsns[3]! }],
  });
});

describe('POST /assistent (the assistant without JavaScript)', () => {
  it('needs a session: the page sends the clinician to the login', async () => {
    const response = await request('/assistent', { method: 'POST', body: new URLSearchParams({ intent: 'send', message: sentence }) });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(/^\/login/);
  });

  it('answers an empty message with a Dutch 400 on the message field', async () => {
    const response = await post(nurse.cookie, { intent: 'send', message: '   ' });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { fields: Record<string, string> };
    expect(body.fields.message).toBe('Typ een bericht.');
  });

  it('answers with the reply and the proposed daily note, and writes nothing yet', async () => {
    const requestKey = randomUUID();
    const response = await post(nurse.cookie, { intent: 'send', message: sentence, requestKey });
    expect(response.status).toBe(200);
    const answer = await answerOf(response);
    expect(answer.message).toBe(sentence);
    expect(answer.reply).toMatch(
      /^Dagnotitie voor Jan de Vries.*controleer de tekst hieronder\. Er wordt niets vastgelegd zonder je bevestiging\.$/,
    );
    expect(answer.chain?.status).toBe('wacht_op_bevestiging');
    expect(answer.chain?.steps).toHaveLength(1);
    expect(answer.chain?.steps[0]).toMatchObject({ intent: 'dagnotitie', status: 'klaar_voor_bevestiging', plan: { patientId } });
    expect(answer.chain?.steps[0]?.summary).toMatch(/^Dagnotitie voor Jan de Vries vastleggen .*: “Slaapt goed\.?”$/);
    expect(await notes()).toEqual([]);

    // The same form sent twice (a double click, a resend) is the same proposal, not a second one.
    const again = await answerOf(await post(nurse.cookie, { intent: 'send', message: sentence, requestKey }));
    expect(again.chain?.chainId).toBe(answer.chain?.chainId);
  });

  it('refuses another clinician’s proposal, of the same organisation or another, and writes nothing', async () => {
    const chain = await propose();
    const colleague = await createUser(nurse.organisationId, { role: 'verpleegkundige' });
    const { cookie: colleagueCookie } = await login(colleague.email, colleague.password);
    const stranger = await signedInUser();
    for (const cookie of [colleagueCookie!, stranger.cookie]) {
      const response = await post(cookie, { intent: 'confirm', chainId: chain.chainId, 'edits.0.content': 'Iets anders' });
      expect(response.status).toBe(404);
      const body = (await response.json()) as { message: string; chain: unknown };
      expect(body.message).toBe('Deze opdracht van de assistent is niet gevonden.');
      expect(body.chain).toBeNull();
    }
    // Not even a chain id: a 404 in Dutch, not a 500.
    const nonsense = await post(nurse.cookie, { intent: 'confirm', chainId: 'geen-id' });
    expect(nonsense.status).toBe(404);
    expect(await notes()).toEqual([]);
    // Looked at again by its address: the owner sees it, nobody else does.
    const look = (cookie: string) =>
      request(`/assistent?opdracht=${chain.chainId}&_data=routes/_app.assistent`, { cookie }).then(
        async (response) => ((await response.json()) as { proposal: { chain?: Chain; message?: string } }).proposal,
      );
    expect((await look(nurse.cookie)).chain?.status).toBe('wacht_op_bevestiging');
    expect(await look(colleagueCookie!)).toEqual({ message: 'Deze opdracht van de assistent is niet gevonden.' });
    // Still the owner's to decide.
    const rejected = await answerOf(await post(nurse.cookie, { intent: 'reject', chainId: chain.chainId }));
    expect(rejected.chain?.status).toBe('afgewezen');
    expect(await notes()).toEqual([]);
  });

  it('refuses an emptied text with a Dutch 400 on its field, and the proposal still waits', async () => {
    const chain = await propose();
    const response = await post(nurse.cookie, {
      intent: 'confirm',
      chainId: chain.chainId,
      'edits.0.content': '  ',
      'edits.0.category': 'observatie',
      'edits.0.includeInHandover': 'false',
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as Answer & { values: Record<string, string> };
    expect(body.fields?.['edits.0.content']).toBe('Vul de tekst van de dagnotitie in.');
    expect(body.chain?.status).toBe('wacht_op_bevestiging');
    expect(await notes()).toEqual([]);
    await post(nurse.cookie, { intent: 'reject', chainId: chain.chainId });
  });

  it('writes the confirmed note as the form showed it, once, however often the confirmation is posted', async () => {
    const chain = await propose();
    const confirmation = {
      intent: 'confirm',
      chainId: chain.chainId,
      'edits.0.content': 'Slaapt goed, rustige nacht.',
      'edits.0.category': 'observatie',
      'edits.0.includeInHandover': 'false',
    };
    const first = await post(nurse.cookie, confirmation);
    expect(first.status).toBe(200);
    const decided = await answerOf(first);
    expect(decided.kind).toBe('decision');
    expect(decided.chain?.status).toBe('voltooid');
    expect(decided.chain?.steps[0]?.status).toBe('klaar');
    expect(await notes()).toEqual(['Slaapt goed, rustige nacht.']);

    // Posted again (the back button, a second tab): refused in Dutch, the proposal shown as done, nothing written.
    const replay = await post(nurse.cookie, confirmation);
    expect(replay.status).toBe(409);
    const refused = (await replay.json()) as Answer & { message: string };
    expect(refused.message).toBe('Deze opdracht is al afgerond.');
    expect(refused.chain?.status).toBe('voltooid');
    expect(await notes()).toEqual(['Slaapt goed, rustige nacht.']);
  });

  it('writes once when the same confirmation arrives twice at the same moment', async () => {
    const chain = await propose();
    const confirmation = { intent: 'confirm', chainId: chain.chainId, 'edits.0.content': 'Tweemaal tegelijk bevestigd.' };
    const statuses = (await Promise.all([post(nurse.cookie, confirmation), post(nurse.cookie, confirmation)])).map(
      (response) => response.status,
    );
    // Both may be accepted (the workflow keeps the first decision) or the later refused as decided.
    expect(statuses).toContain(200);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    expect((await notes()).filter((content) => content === 'Tweemaal tegelijk bevestigd.')).toHaveLength(1);
  });

  it('cancels an appointment only with a reason from the form, as the chat asks for one', async () => {
    const start = new Date(Date.now() + 2 * 24 * 3600_000);
    start.setUTCHours(9, 0, 0, 0);
    const appointmentId = await createAppointment(nurse.organisationId, { patientId, practitionerId: nurse.user.id, startAt: start });
    const status = () =>
      asOwner(nurse.organisationId, async (db) => {
        const { rows } = await db.query<{ status: string; cancel_reason: string | null }>(
          'select status, cancel_reason from appointments where id = $1',
          [appointmentId],
        );
        return rows[0];
      });
    const response = await post(nurse.cookie, {
      intent: 'send',
      message: 'annuleer de afspraak van Jan de Vries',
      requestKey: randomUUID(),
    });
    const { chain } = await answerOf(response);
    expect(chain?.status).toBe('wacht_op_bevestiging');
    expect(chain?.steps[0]).toMatchObject({ intent: 'cancel_appointment', status: 'klaar_voor_bevestiging' });
    expect(chain?.steps[0]?.summary).toMatch(/annuleren$/);
    // Looked at again by its address, the proposal asks for the reason as a choice to tick (no JavaScript needed).
    const shown = await (await request(`/assistent?opdracht=${chain!.chainId}`, { cookie: nurse.cookie })).text();
    expect(shown).toContain('type="radio" name="edits.0.reasonCode" value="afgezegd"');

    const withoutReason = await post(nurse.cookie, { intent: 'confirm', chainId: chain!.chainId, 'edits.0.reason': '' });
    expect(withoutReason.status).toBe(400);
    expect(((await withoutReason.json()) as Answer).fields?.['edits.0.reason']).toBe(
      'Geef een reden voor het annuleren: kies er een of beschrijf hem.',
    );
    expect((await status())?.status).toBe('gepland');

    const confirmed = await post(nurse.cookie, {
      intent: 'confirm',
      chainId: chain!.chainId,
      'edits.0.reasonCode': 'afgezegd',
      'edits.0.reason': '',
    });
    expect(confirmed.status).toBe(200);
    expect((await answerOf(confirmed)).chain?.status).toBe('voltooid');
    expect(await status()).toEqual({ status: 'geannuleerd', cancel_reason: 'Patiënt heeft afgezegd' });
  });
});
