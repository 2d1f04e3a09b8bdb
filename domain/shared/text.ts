/** "zaterdag 21 november" → "Zaterdag 21 november": only the first letter, Dutch rules for the rest. */
export function capitaliseFirst(text: string): string {
  return text ? text[0]!.toLocaleUpperCase('nl-NL') + text.slice(1) : text;
}
