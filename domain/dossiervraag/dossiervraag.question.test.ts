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

describe('a question in another hand', () => {
  const words = (text: string) => readQuestion(text).terms.map((term) => term.word);

  it('reads dictation: spoken punctuation is not asked about, and a compound written apart is one word', () => {
    expect(words('sinds wanneer heeft meneer een zorg machtiging punt')).toEqual(['zorgmachtiging']);
    const [ect] = readQuestion('is er al gestart met elektro convulsie therapie vraagteken').terms.filter(
      (term) => term.word !== 'gestart',
    );
    expect(ect!.words).toEqual(expect.arrayContaining(['ect', 'elektroconvulsietherapie']));
  });

  it('reads hurried shorthand: a shortened word is the one known word it starts, abbreviations are their word', () => {
    const [risk] = readQuestion('suic risico nu').terms;
    expect(cueAnswers(risk!, 'risico', 'suïcide')).toBe(true);
    const [pressure] = readQuestion('RR laatst').terms;
    expect(cueAnswers(pressure!, 'meting', 'bloeddruk')).toBe(true);
    expect(cueAnswers(readQuestion('sinds wnr ZM?').terms[0]!, 'juridisch', 'wvggz-zorgmachtiging')).toBe(true);
    // Too short to be sure of: left as written.
    expect(words('dwa')).toEqual(['dwa']);
  });

  it('asks how something went without searching for "beloop" or "stand van zaken"', () => {
    expect(words('gewicht beloop sinds opn')).toEqual(['gewicht', 'opn']);
    expect(readQuestion('gewicht beloop sinds opn').terms[1]!.words).toContain('opname');
    expect(words('decubitus stand v zaken')).toEqual(['decubitus']);
  });

  it('reads a brand as its medicine and a class of medicines as any of its members', () => {
    const [metformin] = readQuestion('glucophage gestopt?').terms;
    expect(cueAnswers(metformin!, 'medicatieopdracht', 'Metformine 500 mg')).toBe(true);
    const [antipsychotic] = readQuestion('Welk antipsychoticum krijgt hij?').terms;
    expect(cueAnswers(antipsychotic!, 'medicatieopdracht', 'Haloperidol')).toBe(true);
    expect(cueAnswers(antipsychotic!, 'medicatieopdracht', 'Oxazepam')).toBe(false);
  });

  it('does not search for regional pronouns and auxiliaries', () => {
    expect(words('hedde gij al gezien of ie zen Haldol neemt?')).toEqual(['gezien', 'haldol']);
  });

  it('lets only a letter of that kind answer an "ontslagbrief"', () => {
    const [letter] = readQuestion('ontslagbrief al klaar?').terms;
    expect(cueAnswers(letter!, 'brief', 'brief huisarts')).toBe(false);
    expect(cueAnswers(readQuestion('welke brieven zijn er?').terms[0]!, 'brief', 'brief huisarts')).toBe(true);
  });
});
