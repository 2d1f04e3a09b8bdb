/** "zaterdag 21 november" → "Zaterdag 21 november": only the first letter, Dutch rules for the rest. */
export function capitaliseFirst(text: string): string {
  return text ? text[0]!.toLocaleUpperCase('nl-NL') + text.slice(1) : text;
}

/**
 * How many characters a person counts in a text: code points, so an emoji or an accented letter
 * typed as one is one (JavaScript's `length` counts UTF-16 units: 300 emoji would be 600).
 * PostgreSQL's `char_length` counts the same way.
 */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** "Een dagnotitie is maximaal 500 tekens; deze is 37 tekens te lang." */
export function tooLongMessage(what: string, max: number, count: number): string {
  const over = count - max;
  return `${what} is maximaal ${max} tekens; deze is ${over} ${over === 1 ? 'teken' : 'tekens'} te lang.`;
}
