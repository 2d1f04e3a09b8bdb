/**
 * Dutch numbers written as words, one place for every reader of them (dates in a question, amounts
 * in a time phrase, figures in a model's sentence): "een" … "negenennegentig" and "honderd", with
 * "één" and both spellings of the joined forms ("tweeëntwintig", "tweeentwintig").
 */
const units = ['een', 'twee', 'drie', 'vier', 'vijf', 'zes', 'zeven', 'acht', 'negen'];
const teens = ['tien', 'elf', 'twaalf', 'dertien', 'veertien', 'vijftien', 'zestien', 'zeventien', 'achttien', 'negentien'];
const tens = ['twintig', 'dertig', 'veertig', 'vijftig', 'zestig', 'zeventig', 'tachtig', 'negentig'];

const values: ReadonlyMap<string, number> = (() => {
  const map = new Map<string, number>([['één', 1]]);
  units.forEach((word, i) => map.set(word, i + 1));
  teens.forEach((word, i) => map.set(word, i + 10));
  tens.forEach((ten, t) => {
    map.set(ten, (t + 2) * 10);
    units.forEach((unit, i) => {
      map.set(`${unit}en${ten}`, (t + 2) * 10 + i + 1);
      if (unit.endsWith('e')) map.set(`${unit}ën${ten}`, (t + 2) * 10 + i + 1);
    });
  });
  map.set('honderd', 100);
  return map;
})();

/** The value of a Dutch number word ("vijfentwintig" is 25), or null for any other word. */
export const numberWord = (word: string): number | null => values.get(word.toLowerCase()) ?? null;

/** The hour a number word says on a twelve-hour clock ("drie" is 3), or null. */
export const hourWord = (word: string): number | null => {
  const value = numberWord(word);
  return value !== null && value <= 12 ? value : null;
};

/** The number words from `min` to `max`, longest first: safe as the alternatives of a regular expression. */
export const numberWordsBetween = (min: number, max: number): string[] =>
  [...values]
    .filter(([, value]) => value >= min && value <= max)
    .map(([word]) => word)
    .sort((a, b) => b.length - a.length);

/** The number words up to `max`, longest first. */
export const numberWordsUpTo = (max: number): string[] => numberWordsBetween(1, max);

/** The words a long number is spelled from ("negentienhonderdvijfenveertig"): units, teens, tens, honderd, duizend. */
export const numberWordParts: readonly string[] = [...units, 'één', ...teens, ...tens, 'honderd', 'duizend'];
