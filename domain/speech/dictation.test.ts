import { describe, expect, it } from 'vitest';
import { appendDictation, applyDictation } from './dictation';

describe('applyDictation for the chat input', () => {
  const text = (spoken: string) => applyDictation(spoken, { layout: 'text' });

  it('turns the spoken commands into punctuation and line breaks', () => {
    expect(text('heeft goed gegeten komma daarna gedoucht punt')).toBe('heeft goed gegeten, daarna gedoucht.');
    expect(text('medicatie ingenomen nieuwe regel stemming vlak')).toBe('medicatie ingenomen\nStemming vlak');
    expect(text('eerste deel nieuwe alinea tweede deel')).toBe('eerste deel\n\nTweede deel');
    expect(text('afspraken dubbele punt gesprek om tien uur')).toBe('afspraken: gesprek om tien uur');
    expect(text('heeft hij gegeten vraagteken nee uitroepteken')).toBe('heeft hij gegeten? Nee!');
  });

  it('starts a new sentence with a capital after a spoken full stop', () => {
    expect(text('rustig punt sliep goed punt')).toBe('rustig. Sliep goed.');
  });

  it('is not fooled by capitals or by a mark the recogniser added itself', () => {
    expect(text('Komma')).toBe(',');
    expect(text('Hij at goed komma. Daarna rust Punt')).toBe('Hij at goed, Daarna rust.');
    expect(text('zei punt, niet meer')).toBe('zei. Niet meer');
  });

  it('leaves words that only contain a command alone', () => {
    expect(text('de punten van het behandelplan')).toBe('de punten van het behandelplan');
    expect(text('kommaneuker')).toBe('kommaneuker');
    expect(text('puntsgewijs besproken')).toBe('puntsgewijs besproken');
  });
});

describe('applyDictation for the intent reflex', () => {
  it('keeps one line: a new line ends a sentence', () => {
    expect(applyDictation('noteer bij Jan komma heeft gegeten nieuwe regel sliep goed punt')).toBe(
      'noteer bij Jan, heeft gegeten. sliep goed. ',
    );
  });
});

describe('appendDictation', () => {
  it('starts an empty input with a capital', () => {
    expect(appendDictation('', 'heeft goed gegeten komma')).toBe('Heeft goed gegeten,');
  });

  it('adds a piece after what is there with one space, and a capital after a sentence end', () => {
    expect(appendDictation('Heeft goed gegeten,', 'daarna gedoucht punt')).toBe('Heeft goed gegeten, daarna gedoucht.');
    expect(appendDictation('Heeft goed gegeten.', 'daarna gedoucht')).toBe('Heeft goed gegeten. Daarna gedoucht');
    expect(appendDictation('Noteer bij Jan:', 'sliep slecht')).toBe('Noteer bij Jan: sliep slecht');
  });

  it('glues a spoken comma to the word before it and adds nothing after a line break', () => {
    expect(appendDictation('Heeft gegeten', 'komma daarna rust')).toBe('Heeft gegeten, daarna rust');
    expect(appendDictation('Regel een\n', 'regel twee')).toBe('Regel een\nRegel twee');
  });

  it('ignores an empty piece', () => {
    expect(appendDictation('Blijft zo', '   ')).toBe('Blijft zo');
  });
});
