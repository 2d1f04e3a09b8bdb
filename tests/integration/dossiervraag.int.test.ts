import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '../../domain/db/orm';
import { withTenant } from '../../domain/db/tenant';
import { noModelNotice } from '../../domain/dossiervraag/dossiervraag.model';
import { noAnswer } from '../../domain/dossiervraag/dossiervraag.vocabulary';
import { appOrm } from '../support/app-orm';
import { readAskFile, seedAskRecord, type AskFile, type SeededRecord } from '../support/ask-record';
import { asOwner, signedInUser, type SignedIn } from '../support/factories';
import { json, request } from '../support/http';

/*
 * "Vraag het dossier" (issue 47, ADR 0078), the local path: answers cite the record's own rows,
 * say "Ik weet het niet" when the record holds nothing, never show another patient's or another
 * organisation's rows, and every question lands in the access log naming the patient.
 */

interface Answer {
  antwoord: string;
  bronnen: { type: string; id: string; datum: string; auteur: string | null; tekst: string; link: string }[];
}

const devFile = readAskFile(path.resolve(import.meta.dirname, '../fixtures/ask/ask-dev.json'));

/** Another patient of the same ward, with what the first one does not have. */
const neighbour: AskFile = {
  now: devFile.now,
  patient: { given: 'Karel', family: 'Oudshoorn', birthDate: '1961-02-03', gender: 'man' },
  sources: [
    {
      key: 'N1',
      type: 'rapportage',
      at: '2026-11-18T10:00:00+01:00',
      author: 'T. Bos, verpleegkundige',
      text: 'Na een val in de badkamer haloperidol gekregen; ECT-behandeling besproken.',
    },
    {
      key: 'N2',
      type: 'contactpersoon',
      at: '2026-11-01T10:00:00+01:00',
      author: 'T. Bos, verpleegkundige',
      name: 'Wim Oudshoorn',
      relation: 'mentor',
      phone: '0611111111',
    },
    {
      key: 'N3',
      type: 'rapportage',
      at: '2026-11-20T11:00:00+01:00',
      author: 'E. Willems, diëtist',
      text: 'Drinkvoeding 3dd bij onvoldoende orale intake, gewicht 1x per week.',
    },
    {
      key: 'N4',
      type: 'dagnotitie',
      category: 'somatiek',
      at: '2026-11-21T13:00:00+01:00',
      author: 'T. Bos, verpleegkundige',
      text: 'Urineretentie, blaasscan 620 ml; katheter ingebracht.',
    },
  ],
  questions: [],
};

let orm: MikroORM;
let psychiater: SignedIn;
let other: SignedIn;
let jan: SeededRecord;
let karel: SeededRecord;
let foreign: SeededRecord;

const seed = (who: SignedIn, file: AskFile) =>
  withTenant(orm, { organisationId: who.organisationId, userId: who.user.id }, (em) => seedAskRecord(em, who.organisationId, file));
const ask = (patientId: string, body: unknown, cookie = psychiater.cookie, headers: Record<string, string> = {}) =>
  json(`/api/patients/${patientId}/dossiervraag`, { method: 'POST', cookie, body, headers });
const answerTo = async (patientId: string, vraag: string): Promise<Answer> => {
  const response = await ask(patientId, { vraag });
  expect(response.status).toBe(200);
  return (await response.json()) as Answer;
};

beforeAll(async () => {
  orm = await appOrm({ poolMax: 2 });
  [psychiater, other] = await Promise.all([signedInUser('psychiater'), signedInUser('psychiater')]);
  jan = await seed(psychiater, devFile);
  karel = await seed(psychiater, neighbour);
  foreign = await seed(other, devFile);
});

afterAll(async () => {
  await orm.close();
});

describe('Vraag het dossier: the answer', () => {
  it('cites the row the question is about, with type, date, author and a link into the record', async () => {
    const answer = await answerTo(jan.patientId, 'Wat was de laatste NEWS2?');
    const [first] = answer.bronnen;
    expect(first).toMatchObject({ type: 'meting', id: jan.rowOf.get('S19'), datum: '18 nov 2026', auteur: 'R. Haddou, verpleegkundige' });
    expect(first!.tekst).toContain('NEWS2 5');
    expect(first!.link).toBe(`/patients/${jan.patientId}/metingen#meting-${jan.rowOf.get('S19')}`);
    expect(answer.antwoord).toContain(`${first!.tekst} (meting, 18 nov 2026, R. Haddou, verpleegkundige)`);
  });

  it('answers every sentence from a cited source of this patient', async () => {
    const answer = await answerTo(jan.patientId, 'Wanneer is de clozapine verhoogd?');
    const ids = new Set(jan.rowOf.values());
    expect(answer.bronnen.length).toBeGreaterThan(0);
    expect(answer.bronnen.length).toBeLessThanOrEqual(5);
    expect(answer.bronnen[0]!.id).toBe(jan.rowOf.get('S11'));
    for (const bron of answer.bronnen) {
      expect(ids.has(bron.id), bron.tekst).toBe(true);
      expect(answer.antwoord).toContain(bron.tekst);
    }
    // One line per source besides the opening line: no sentence without its source.
    expect(answer.antwoord.split('\n')).toHaveLength(answer.bronnen.length + 1);
  });

  it('says "Ik weet het niet" when the record holds nothing about the question, without sources', async () => {
    for (const vraag of ['Wat is zijn bloedgroep?', 'Heeft hij ooit lithium gebruikt?', 'Wat is de laatste saturatie?']) {
      expect(await answerTo(jan.patientId, vraag)).toEqual({ antwoord: noAnswer, bronnen: [], bron: 'lokaal', melding: null });
    }
  });

  it('never answers a complaint the record does not hold by the medicine named beside it (ADR 0108)', async () => {
    // Jan's record has clozapine orders and a note on drooling, but nothing on constipation or stiffness.
    for (const vraag of ['Heeft hij last van obstipatie door de clozapine?', 'Is hij stijf van de clozapine?']) {
      expect((await answerTo(jan.patientId, vraag)).antwoord, vraag).toBe(noAnswer);
    }
    // The broader word finds the narrower one; the narrower one keeps to itself.
    for (const vraag of ['Welke bijwerkingen zijn er gezien?', 'Kwijlt hij?'])
      expect(
        (await answerTo(jan.patientId, vraag)).bronnen.map((bron) => bron.id),
        vraag,
      ).toContain(jan.rowOf.get('S35'));
  });

  it('answers a clinical word the record holds whatever general word stands beside it, and still declines the rest (ADR 0108, round seven)', async () => {
    // Jan's note of 16 November: "Kwijlt veel overdag, klaagt over speekselvloed." Nothing says "mond".
    for (const vraag of ['Loopt het speeksel hem uit de mond?', 'Staat de speekselvloed in een verslag van de kliniek?'])
      expect(
        (await answerTo(jan.patientId, vraag)).bronnen.slice(0, 3).map((bron) => bron.id),
        vraag,
      ).toContain(jan.rowOf.get('S35'));
    // A general word beside a clinical word the record lacks, or beside only the asker's own words, answers nothing.
    for (const vraag of ['Is er een vragenlijst over obstipatie afgenomen?', 'Heeft een collega zijn dorst bekeken?'])
      expect((await answerTo(jan.patientId, vraag)).antwoord, vraag).toBe(noAnswer);
  });

  it('answers a medicine asked by what it is for with a medicine only, and nothing when none was given for it (ADR 0108)', async () => {
    // Jan's quetiapine was given for "Slaapproblemen"; his notes on sleep are no answer to it.
    const sleep = await answerTo(jan.patientId, 'Krijgt hij iets om te slapen?');
    expect(sleep.bronnen.map((bron) => bron.id)).toContain(jan.rowOf.get('S13'));
    expect(new Set(sleep.bronnen.map((bron) => bron.type))).toEqual(new Set(['medicatieopdracht']));
    expect((await answerTo(jan.patientId, 'slaappil?')).bronnen.map((bron) => bron.id)).toContain(jan.rowOf.get('S13'));
    expect((await answerTo(jan.patientId, 'Krijgt hij iets tegen de hoofdpijn?')).antwoord).toBe(noAnswer);
  });

  it('counts the doses given under a zo-nodig order by what the order is for (ADR 0108, round five)', async () => {
    // Jan's lorazepam is ordered zo nodig "bij onrust of angst"; the dose of 18 November carries no reason of its own.
    const extra = await answerTo(jan.patientId, "Hoevaak kreeg hij iets extra's tegen de angst?");
    expect(extra.antwoord).toMatch(/^Het dossier noemt dit/);
    expect(extra.bronnen.slice(0, 3).map((bron) => bron.id)).toContain(jan.rowOf.get('S17'));
    expect(new Set(extra.bronnen.map((bron) => bron.type))).toEqual(new Set(['medicatieopdracht', 'toediening']));
  });

  it('answers a moment asked with nothing else by what the record holds of that day (ADR 0108)', async () => {
    const day = await answerTo(jan.patientId, 'Wat is er op 14 november gebeurd?');
    expect(day.bronnen.map((bron) => bron.id)).toEqual(expect.arrayContaining([jan.rowOf.get('S32'), jan.rowOf.get('S46')]));
    expect(day.bronnen.every((bron) => bron.datum.startsWith('14 nov'))).toBe(true);
    expect((await answerTo(jan.patientId, 'Wat is er op 29 oktober gebeurd?')).antwoord).toBe(noAnswer);
  });

  it('links each cited source to its own row on the record page', async () => {
    const questions = [
      'Wat was de laatste NEWS2?',
      'Wanneer is de clozapine verhoogd?',
      'Welk suïciderisico is ingeschat?',
      'Sinds wanneer heeft hij een zorgmachtiging?',
      'Is hij gesepareerd geweest?',
      'Hoe sliep hij afgelopen nacht?',
    ];
    const types = new Set<string>();
    for (const vraag of questions)
      for (const bron of (await answerTo(jan.patientId, vraag)).bronnen) {
        const [page, anchor] = bron.link.split('#');
        if (!anchor) continue;
        const response = await request(page!, { cookie: psychiater.cookie });
        expect(response.status, bron.link).toBe(200);
        expect(await response.text(), `${bron.type}: ${bron.link}`).toContain(`id="${anchor}"`);
        types.add(bron.type);
      }
    // Reports, measurements, orders, risks, the legal status and measures: each kind lands on its row.
    expect(types.size).toBeGreaterThanOrEqual(5);
  });

  it('answers by who wrote a note and cites the author by discipline (ADR 0106)', async () => {
    const answer = await answerTo(karel.patientId, 'wat adviseerde de diëtist?');
    expect(answer.bronnen[0]).toMatchObject({ id: karel.rowOf.get('N3'), auteur: 'E. Willems, diëtist' });
  });

  it('finds a long word by its first letters as written, where the stemmer would change them (ADR 0106)', async () => {
    const answer = await answerTo(karel.patientId, 'uitslag blaasscan');
    expect(answer.bronnen.map((bron) => bron.id)).toEqual([karel.rowOf.get('N4')]);
    expect(answer.bronnen[0]!.tekst).toContain('620 ml');
  });

  it("never shows another patient's rows, even on the same ward", async () => {
    // Only Karel's record mentions haloperidol and ECT: for Jan the record says nothing.
    expect((await answerTo(jan.patientId, 'Heeft hij ooit haloperidol gehad?')).antwoord).toBe(noAnswer);
    const mentor = await answerTo(jan.patientId, 'Wie is zijn mentor?');
    expect(mentor.bronnen.map((bron) => bron.id)).toEqual([jan.rowOf.get('S43')]);
    expect(mentor.antwoord).not.toContain('Oudshoorn');
    expect((await answerTo(karel.patientId, 'Wie is zijn mentor?')).bronnen.map((bron) => bron.id)).toEqual([karel.rowOf.get('N2')]);
  });
});

describe('Vraag het dossier: the API door', () => {
  it("is a 404 in Dutch for another organisation's patient, and shows none of its rows", async () => {
    const response = await ask(foreign.patientId, { vraag: 'Wat was de laatste NEWS2?' });
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.message).toBe('De gevraagde patiënt is niet gevonden.');
    expect(JSON.stringify(body)).not.toContain(foreign.rowOf.get('S19'));
  });

  it('refuses a missing, empty or too long question with a Dutch message on the field', async () => {
    for (const [body, message] of [
      [{}, 'Stel een vraag over het dossier.'],
      [{ vraag: ' ' }, 'Stel een vraag van minstens 3 tekens.'],
      [{ vraag: 'x'.repeat(301) }, 'Een vraag is hoogstens 300 tekens.'],
    ] as const) {
      const response = await ask(jan.patientId, body);
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as { error: { code: string; fields?: Record<string, string> } };
      expect(error.fields?.vraag).toBe(message);
    }
  });

  it('says the answer is local when no model is configured', async () => {
    const answer = (await answerTo(jan.patientId, 'Wie is zijn mentor?')) as Answer & { bron: string; melding: string | null };
    expect(answer).toMatchObject({ bron: 'lokaal', melding: noModelNotice });
  });

  it('streams the answer as the chat events with Accept: text/event-stream, and a 404 before any stream', async () => {
    const response = await ask(jan.patientId, { vraag: 'Wie is zijn mentor?' }, psychiater.cookie, { Accept: 'text/event-stream' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = (await response.text())
      .split('\n\n')
      .filter(Boolean)
      .map((frame) => JSON.parse(frame.replace(/^data: /, '')) as { type: string; text?: string });
    expect(events.at(-1)).toEqual({ type: 'done' });
    const text = events.map((event) => event.text ?? '').join('');
    expect(text).toContain(noModelNotice);
    expect(text).toContain('Peter Smit (mentor)');
    const foreignResponse = await ask(foreign.patientId, { vraag: 'Wie is zijn mentor?' }, psychiater.cookie, {
      Accept: 'text/event-stream',
    });
    expect(foreignResponse.status).toBe(404);
    expect(foreignResponse.headers.get('content-type')).toContain('application/json');
  });

  it('needs a session', async () => {
    expect((await ask(jan.patientId, { vraag: 'Wie is zijn mentor?' }, '')).status).toBe(401);
  });

  it('logs every question as a read naming the patient, with the number of sources and never the question', async () => {
    await answerTo(jan.patientId, 'Wie is de bewindvoerder?');
    const rows = await asOwner(
      psychiater.organisationId,
      async (db) =>
        (
          await db.query<{ action: string; outcome: string; patient_ids: string[]; details: Record<string, unknown> }>(
            `select action, outcome, patient_ids, details from audit_events
              where organisation_id = $1 and resource_type = 'Dossiervraag' order by occurred_at desc limit 1`,
            [psychiater.organisationId],
          )
        ).rows,
    );
    expect(rows).toEqual([{ action: 'read', outcome: 'success', patient_ids: [jan.patientId], details: { bronnen: 1 } }]);
    expect(JSON.stringify(rows)).not.toContain('bewindvoerder');
  });
});

describe('Vraag het dossier: the record page without JavaScript', () => {
  it('answers a posted form on the page itself, with links to the sources', async () => {
    const response = await request(`/patients/${jan.patientId}/dossiervraag`, {
      method: 'POST',
      cookie: psychiater.cookie,
      body: new URLSearchParams({ vraag: 'Wie is zijn mentor?' }),
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Peter Smit (mentor), bereikbaar op 0201234567.');
    expect(html).toContain(`href="/patients/${jan.patientId}#contactpersonen"`);
  });

  it('shows the field message beside the box for an empty question', async () => {
    const response = await request(`/patients/${jan.patientId}/dossiervraag`, {
      method: 'POST',
      cookie: psychiater.cookie,
      body: new URLSearchParams({ vraag: '' }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Stel een vraag van minstens 3 tekens.');
  });

  it('has the box on every tab of the record', async () => {
    const html = await (await request(`/patients/${jan.patientId}/rapportages`, { cookie: psychiater.cookie })).text();
    expect(html).toMatch(/<form[^>]*action="\/patients\/[^"]+\/dossiervraag"/);
    expect(html).toContain('Vraag het dossier');
  });
});
