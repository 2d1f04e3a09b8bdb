import { describe, expect, it } from 'vitest';
import { cueAnswers, readQuestion, termQuery } from './dossiervraag.question';

describe('reading a question about the record', () => {
  it('keeps what is asked about, not the question words, the pronouns or the patient’s name', () => {
    const question = readQuestion('Hoe sliep Jan de afgelopen week?', ['Jan', 'de Vries']);
    expect(question.terms.map((term) => term.word)).toEqual(['sliep']);
    // The synonyms the Dutch stemmer does not join: "sliep" also searches "slapen" and "nachtrust".
    expect(question.terms[0]!.words).toEqual(expect.arrayContaining(['slapen', 'nachtrust', 'geslapen']));
  });

  it('reads a brand name as its medicine, and one term for a word and its synonym', () => {
    const question = readQuestion('Welke dosis Leponex of clozapine krijgt hij?');
    expect(question.terms.map((term) => term.word)).toEqual(['dosis', 'leponex']);
    expect(termQuery(question.terms[1]!)).toBe('leponex:* | clozapine:*');
  });

  it('asks for the newest, the first, the next, or by fit; and counts for "hoe vaak"', () => {
    expect(readQuestion('Wat was de laatste NEWS2?').order).toBe('newest');
    expect(readQuestion('Sinds wanneer heeft hij een zorgmachtiging?').order).toBe('oldest');
    expect(readQuestion('Wanneer is de volgende afspraak?').order).toBe('next');
    expect(readQuestion('Heeft hij koorts gehad?').order).toBe('fit');
    expect(readQuestion('Hoe vaak is hij gesepareerd?').counts).toBe(true);
  });

  it('lets a cue answer for the kind of record it names: the last NEWS2 is a NEWS2 round, not any round', () => {
    const [news2] = readQuestion('Wat was de laatste NEWS2?').terms;
    expect(cueAnswers(news2!, 'meting', 'news2')).toBe(true);
    expect(cueAnswers(news2!, 'meting', 'hartfrequentie')).toBe(false);
    expect(cueAnswers(news2!, 'rapportage', 'verpleegkundig')).toBe(false);
    const [mentor] = readQuestion('Wie is zijn mentor?').terms;
    expect(cueAnswers(mentor!, 'contactpersoon', 'mentor')).toBe(true);
    expect(cueAnswers(mentor!, 'contactpersoon', 'zus')).toBe(false);
  });

  it('reads a compound by its head and a named day as a date', () => {
    const [risk] = readQuestion('Is er een suïciderisico?').terms;
    expect(cueAnswers(risk!, 'risico', 'suïcide')).toBe(true);
    const question = readQuestion('Wat was de temperatuur op 18 november?');
    expect(question.day).toBe('11-18');
    expect(question.terms.map((term) => term.word)).toEqual(['temperatuur']);
  });
});

describe('a question with alternatives', () => {
  it('reads "A of B" of one kind of record as one term either answers', () => {
    const question = readQuestion('Heeft hij een zorgmachtiging of is hij vrijwillig opgenomen?');
    expect(question.terms.map((term) => term.word)).toEqual(['zorgmachtiging', 'opgenomen']);
    expect(cueAnswers(question.terms[0]!, 'juridisch', 'vrijwillig')).toBe(true);
    expect(cueAnswers(question.terms[0]!, 'juridisch', 'wvggz-zorgmachtiging')).toBe(true);
  });
});
