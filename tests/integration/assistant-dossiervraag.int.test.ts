import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '../../domain/db/orm';
import { withTenant } from '../../domain/db/tenant';
import { noAnswer } from '../../domain/dossiervraag/dossiervraag.vocabulary';
import { appOrm } from '../support/app-orm';
import { readAskFile, seedAskRecord, type AskFile, type SeededRecord } from '../support/ask-record';
import { asOwner, signedInUser, type SignedIn } from '../support/factories';
import { json, request } from '../support/http';

/*
 * A question about one patient's record asked in the chat (issue 47, point 1): the assistant hears
 * intent `dossiervraag`, resolves the patient as for every intent, and the chat answers it through
 * the record's own use case — with JavaScript by the record's API door, without it on the
 * assistant's page. The answer cites this patient's rows only; every question is in the access log.
 * No language model is configured: the local path answers.
 */

interface Bron {
  type: string;
  id: string;
  datum: string;
  auteur: string | null;
  tekst: string;
  link: string;
}
interface Antwoord {
  antwoord: string;
  bronnen: Bron[];
  bron: string;
}
interface Action {
  intent: string;
  entities: { patientId?: string; patientName?: string; vraag?: string };
  confidence: number;
}

const devFile = readAskFile(path.resolve(import.meta.dirname, '../fixtures/ask/ask-dev.json'));
/** A neighbour on the same ward whose record holds what Jan's does not (haloperidol). */
const neighbour: AskFile = {
  now: devFile.now,
  patient: { given: 'Karel', family: 'Oudshoorn', birthDate: '1961-02-03', gender: 'man' },
  sources: [
    {
      key: 'N1',
      type: 'rapportage',
      at: '2026-11-18T10:00:00+01:00',
      author: 'T. Bos, verpleegkundige',
      text: 'Na een val in de badkamer haloperidol gekregen.',
    },
  ],
  questions: [],
};

let orm: MikroORM;
let psychiater: SignedIn;
let jan: SeededRecord;
let karel: SeededRecord;

const seed = (file: AskFile) =>
  withTenant(orm, { organisationId: psychiater.organisationId, userId: psychiater.user.id }, (em) =>
    seedAskRecord(em, psychiater.organisationId, file),
  );

async function classify(input: string): Promise<Action[]> {
  const response = await json('/api/core/classify', { method: 'POST', cookie: psychiater.cookie, body: { input } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { chain: { actions: Action[] } }).chain.actions;
}

/** What the chat's block asks once the message is classified. */
async function blockAnswer(action: Action): Promise<Antwoord> {
  const response = await json(`/api/patients/${action.entities.patientId}/dossiervraag`, {
    method: 'POST',
    cookie: psychiater.cookie,
    body: { vraag: action.entities.vraag },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Antwoord;
}

async function questionsLogged(): Promise<{ patient_ids: string[]; details: Record<string, unknown> }[]> {
  return asOwner(
    psychiater.organisationId,
    async (db) =>
      (
        await db.query<{ patient_ids: string[]; details: Record<string, unknown> }>(
          `select patient_ids, details from audit_events
            where organisation_id = $1 and resource_type = 'Dossiervraag' and action = 'read' order by occurred_at`,
          [psychiater.organisationId],
        )
      ).rows,
  );
}

beforeAll(async () => {
  orm = await appOrm({ poolMax: 2 });
  psychiater = await signedInUser('psychiater');
  jan = await seed(devFile);
  karel = await seed(neighbour);
});

afterAll(async () => {
  await orm.close();
});

describe('the chat with JavaScript: a record question is intent dossiervraag', () => {
  it('resolves the patient and answers from his own rows, with type, date, author and a link', async () => {
    const before = (await questionsLogged()).length;
    const [action, ...rest] = await classify('Wanneer is de clozapine van Jan de Vries verhoogd?');
    expect(rest).toEqual([]);
    expect(action).toMatchObject({
      intent: 'dossiervraag',
      entities: { patientId: jan.patientId, patientName: 'Jan de Vries', vraag: 'Wanneer is de clozapine van Jan de Vries verhoogd?' },
    });
    const answer = await blockAnswer(action!);
    expect(answer.bronnen[0]!.id).toBe(jan.rowOf.get('S11'));
    const janRows = new Set(jan.rowOf.values());
    for (const bron of answer.bronnen) {
      expect(janRows.has(bron.id), bron.tekst).toBe(true);
      expect(bron.link.startsWith(`/patients/${jan.patientId}/`) || !bron.link.startsWith('/patients/')).toBe(true);
      expect(bron.datum).toMatch(/\d{1,2} \w{3} \d{4}/);
      expect(bron.auteur).toBeTruthy();
    }
    const logged = await questionsLogged();
    expect(logged).toHaveLength(before + 1);
    expect(logged.at(-1)).toEqual({ patient_ids: [jan.patientId], details: { bronnen: answer.bronnen.length } });
    expect(JSON.stringify(logged)).not.toContain('clozapine');
  });

  it("never shows another patient's rows: the neighbour's haloperidol is no answer about Jan", async () => {
    const [action] = await classify('heeft Jan de Vries ooit haloperidol gehad vraagteken');
    expect(action).toMatchObject({ intent: 'dossiervraag', entities: { patientId: jan.patientId } });
    const answer = await blockAnswer(action!);
    expect(answer).toMatchObject({ antwoord: noAnswer, bronnen: [] });
    expect(JSON.stringify(answer)).not.toContain(karel.rowOf.get('N1'));
  });

  it('keeps the fixed intents: a risk question is still risico_query', async () => {
    expect((await classify("wat zijn de risico's van Jan de Vries?"))[0]!.intent).toBe('risico_query');
  });
});

describe('the assistant page without JavaScript', () => {
  it('answers the question in the turn with its sources, logged as a read naming the patient', async () => {
    const before = (await questionsLogged()).length;
    const response = await request('/assistent?_data=routes/_app.assistent', {
      method: 'POST',
      cookie: psychiater.cookie,
      body: new URLSearchParams({ intent: 'send', message: 'wat was de laatste NEWS2 van Jan de Vries vraagteken' }),
    });
    expect(response.status).toBe(200);
    const turn = (await response.json()) as {
      kind: string;
      chain: unknown;
      routing: { kind: string; block?: { type: string; patient: { id: string } } };
      answer: Antwoord | null;
    };
    expect(turn.kind).toBe('turn');
    expect(turn.chain).toBeNull();
    expect(turn.routing).toMatchObject({ kind: 'block', block: { type: 'dossiervraag', patient: { id: jan.patientId } } });
    expect(turn.answer!.bronnen[0]!.id).toBe(jan.rowOf.get('S19'));
    expect(turn.answer!.bronnen.every((bron) => new Set(jan.rowOf.values()).has(bron.id))).toBe(true);
    expect(JSON.stringify(turn)).not.toContain('Oudshoorn');
    const logged = await questionsLogged();
    expect(logged).toHaveLength(before + 1);
    expect(logged.at(-1)!.patient_ids).toEqual([jan.patientId]);
  });

  it('renders the answer on the page, with the link to the source in the record', async () => {
    const response = await request('/assistent', {
      method: 'POST',
      cookie: psychiater.cookie,
      body: new URLSearchParams({ intent: 'send', message: 'wat was de laatste NEWS2 van Jan de Vries vraagteken' }),
    });
    const html = await response.text();
    expect(html).toContain('data-testid="block-dossiervraag"');
    expect(html).toContain('NEWS2 5');
    expect(html).toContain(`href="/patients/${jan.patientId}/metingen#meting-${jan.rowOf.get('S19')}"`);
  });
});
