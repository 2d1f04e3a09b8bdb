import { describe, expect, it } from 'vitest';
import { AnswerCheck, checkAnswer, droppedNotice, factsOf, sentencesOf, type LabelledSource } from './dossiervraag.check';

const sources: LabelledSource[] = [
  {
    label: 'B1',
    text: 'medicatieopdracht, 12 nov 2026, [PERSOON_1]: Clozapine, 300 mg om 08:00, 20:00 vanaf 12 nov 2026; reden: psychose.',
  },
  { label: 'B2', text: 'meting, 18 nov 2026, [PERSOON_2]: Gemeten op 18 nov 2026, 14:30: NEWS2 5 (risico middel), temperatuur 38,2 °C.' },
  { label: 'B3', text: 'rapportage, 3-11-2026, [PERSOON_2]: [PATIENT_1] weigerde de lorazepam 2,5 mg; moeder [PERSOON_3] belde.' },
];

const kept = (answer: string, question = '') =>
  checkAnswer(answer, sources, question)
    .filter((s) => s.kept)
    .map((s) => s.text);
const reasons = (answer: string) => checkAnswer(answer, sources).map((s) => (s.kept ? 'kept' : s.reason));

describe('splitting an answer into sentences', () => {
  it('takes citations after the full stop and on the next line into the sentence, and keeps abbreviations and decimals whole', () => {
    expect(sentencesOf('De clozapine is 300 mg. [B1] Dr. Visser schreef 2.5 mg voor [B3].\n[B2]\n- Tweede punt [B2].')).toEqual([
      'De clozapine is 300 mg. [B1]',
      'Dr. Visser schreef 2.5 mg voor [B3]. [B2]',
      'Tweede punt [B2].',
    ]);
    expect(sentencesOf('1. De clozapine is 300 mg [B1].\n2. De NEWS2 was 5 [B2].\n—')).toEqual([
      'De clozapine is 300 mg [B1].',
      'De NEWS2 was 5 [B2].',
    ]);
  });
});

describe('the facts of a sentence', () => {
  it('reads Dutch dates in words, numeric and ISO alike, clock times, decimals with a comma and medicines by brand', () => {
    const facts = factsOf('Op 12 november, 12-11-2026, 2026-11-12 en 12 nov om 8:00 uur kreeg [PATIENT_1] 2,5 mg Leponex [B1].');
    expect(facts.dates).toEqual([
      { day: 12, month: 11, year: 2026 },
      { day: 12, month: 11, year: null },
      { day: 12, month: 11, year: null },
      { day: 12, month: 11, year: 2026 },
    ]);
    expect(facts.times).toEqual(['8:00']);
    expect(facts.numbers).toEqual([2.5]);
    expect(facts.medicines).toEqual(['clozapine']);
    expect(facts.people).toEqual(['[PATIENT_1]']);
  });
});

describe('checking an answer against its sources', () => {
  it('keeps sentences whose numbers, dates, times, medicines and people are in the sources they cite', () => {
    const answer =
      'De clozapine is op 12 november gestart met 300 mg om 8:00 en 20:00 [B1]. De laatste NEWS2 was 5, op 18-11-2026 [B2]. Op 3 nov weigerde [PATIENT_1] lorazepam 2.5 mg [B3].';
    expect(reasons(answer)).toEqual(['kept', 'kept', 'kept']);
  });

  it('accepts a year, a day or an hour the cited source holds inside a date or a clock time', () => {
    expect(reasons('De clozapine loopt sinds november 2026, om 8 uur en om 20 uur [B1].')).toEqual(['kept']);
    expect(reasons('De clozapine loopt sinds november 2025 [B1].')).toEqual(['niet-onderbouwd']);
  });

  it('accepts a brand for the medicine the source names, and a cited source set [B1, B3]', () => {
    expect(reasons('Leponex 300 mg en lorazepam 2,5 mg [B1, B3].')).toEqual(['kept']);
  });

  it('drops an invented dose, a decimal that differs, a wrong date and a wrong clock time', () => {
    expect(reasons('De clozapine is verhoogd naar 400 mg [B1].')).toEqual(['niet-onderbouwd']);
    expect(reasons('Temperatuur 38,5 graden [B2].')).toEqual(['niet-onderbouwd']);
    expect(reasons('De clozapine is op 14 november gestart [B1].')).toEqual(['niet-onderbouwd']);
    expect(reasons('De clozapine is op 12-10-2026 gestart [B1].')).toEqual(['niet-onderbouwd']);
    expect(reasons('De clozapine gaat om 09:00 [B1].')).toEqual(['niet-onderbouwd']);
  });

  it('drops a medicine the cited source does not name, known or merely shaped like one', () => {
    expect(reasons('Hij kreeg haloperidol [B1].')).toEqual(['niet-onderbouwd']);
    expect(reasons('Hij weigerde de lorazepam [B1].')).toEqual(['niet-onderbouwd']);
    expect(reasons('Hij kreeg xylotiapine [B1].')).toEqual(['niet-onderbouwd']);
    // The fact is in another source than the one cited: not supported by what it cites.
    expect(reasons('Hij weigerde de lorazepam [B3].')).toEqual(['kept']);
  });

  it('drops a person the cited source does not name, unless the question named them', () => {
    expect(reasons('[PERSOON_9] belde op 3 nov [B3].')).toEqual(['niet-onderbouwd']);
    expect(kept('[PERSOON_9] belde niet [B3].', 'Heeft [PERSOON_9] gebeld?')).toHaveLength(1);
  });

  it('drops a sentence that names someone by name, where the model was given placeholders only', () => {
    const named = (sentence: string) => /Oudshoorn/.test(sentence);
    const checked = checkAnswer('Meneer Oudshoorn kreeg ook clozapine [B1]. De clozapine is 300 mg [B1].', sources, '');
    expect(checked.map((s) => s.kept)).toEqual([true, true]);
    const check = new AnswerCheck(sources, '', named);
    check.push('Meneer Oudshoorn kreeg ook clozapine [B1]. De clozapine is 300 mg [B1].');
    check.finish();
    expect(check.take().map((s) => (s.kept ? 'kept' : s.reason))).toEqual(['niet-onderbouwd', 'kept']);
  });

  it('drops a sentence without a citation and one citing a label or an id it was not given', () => {
    expect(reasons('De clozapine is 300 mg.')).toEqual(['geen-bron']);
    expect(reasons('De clozapine is 300 mg [B7].')).toEqual(['onbekende-bron']);
    expect(reasons('De clozapine is 300 mg [B1, B7].')).toEqual(['onbekende-bron']);
    expect(reasons('Haloperidol 5 mg [0b6f3c2e-2d9a-4c51-9b1f-6a1f0a9f7d11].')).toEqual(['onbekende-bron']);
  });

  it('keeps the model saying it does not know, without a source, but not when it slips in a fact', () => {
    expect(reasons('Ik weet het niet: het dossier zegt hier niets over.')).toEqual(['kept']);
    expect(reasons('Ik weet het niet, maar waarschijnlijk 400 mg.')).toEqual(['geen-bron']);
  });
});

describe('checking while the answer streams', () => {
  it('judges a sentence only once its citation after the full stop has arrived, the same as at once', () => {
    const answer = 'De clozapine is 300 mg. [B1] De NEWS2 was 7 [B2]. Hij weigerde lorazepam [B3].';
    const check = new AnswerCheck(sources);
    const seen: string[] = [];
    for (const piece of answer.match(/.{1,3}/gs)!) {
      check.push(piece);
      seen.push(...check.take().map((s) => (s.kept ? 'kept' : s.reason)));
    }
    check.finish();
    seen.push(...check.take().map((s) => (s.kept ? 'kept' : s.reason)));
    expect(seen).toEqual(['kept', 'niet-onderbouwd', 'kept']);
    expect(check.tally).toEqual({ kept: 2, dropped: { 'geen-bron': 0, 'onbekende-bron': 0, 'niet-onderbouwd': 1 }, cited: ['B1', 'B3'] });
  });
});

describe('the notice of what was dropped', () => {
  it('says in Dutch how many sentences were removed and why', () => {
    expect(droppedNotice({ 'geen-bron': 0, 'onbekende-bron': 0, 'niet-onderbouwd': 1 })).toBe(
      '1 zin verwijderd: niet te herleiden tot het dossier.',
    );
    expect(droppedNotice({ 'geen-bron': 1, 'onbekende-bron': 1, 'niet-onderbouwd': 2 })).toBe(
      '4 zinnen verwijderd: 1 zonder bronvermelding, 1 verwijst naar een bron die niet bij deze vraag hoort, 2 niet te herleiden tot het dossier.',
    );
    expect(droppedNotice({ 'geen-bron': 0, 'onbekende-bron': 0, 'niet-onderbouwd': 0 })).toBeNull();
  });
});
