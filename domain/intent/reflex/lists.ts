/**
 * Chains written as lists (issue 43, ADR 0105 round 15): "1) zoek mw. X 2) laat haar risico's zien", "a) … b) …", "ten eerste
 * …, ten tweede …", "stap 1 … stap 2 …", "- … - …" and " / " between items. Each item is a sentence of its own, so the parts
 * split where the list does. Only a marker whose list goes on counts: "1)" with a "2)" after it, "ten eerste" with "ten
 * tweede"; a dash only when the text opens with one, so a dash within a sentence ("— nou, geen groot rapport") stays.
 */
const lists = [
  // "1)", "1.", "1:" and "stap 1" before a word: the digits 1 to 6 in order.
  ['1', '2', '3', '4', '5', '6'].map((item) => new RegExp(`(^|[\\s,;:])\\s*(?:stap\\s+${item}\\b[).:]?|${item}[).:])(?=\\s+\\p{L})`, 'iu')),
  ['a', 'b', 'c', 'd', 'e'].map((item) => new RegExp(`(^|[\\s,;:])\\s*${item}\\)(?=\\s+\\p{L})`, 'iu')),
  ['eerste', 'tweede', 'derde', 'vierde'].map((item) => new RegExp(`(^|[\\s,;:])\\s*ten ${item}\\b:?,?`, 'iu')),
];
const mayList = /[1a]\)|[1:.]\s|ten eerste|stap\s*1|^\s*[-–—•]\s|\s\/\s/i;

export function listItemsAsSentences(text: string): string {
  if (!mayList.test(text)) return text;
  let listed = text;
  for (const markers of lists) {
    const found = markers.map((marker) => marker.exec(listed)?.index ?? -1);
    if (found[0]! < 0 || found[1]! < 0 || found[1]! < found[0]!) continue;
    for (const [index, marker] of markers.entries()) {
      if (found[index]! < 0) break;
      listed = listed.replace(marker, index === 0 ? '$1' : '. ');
    }
  }
  if (/^\s*[-–—•]\s/.test(listed)) listed = listed.replace(/^\s*[-–—•]\s+/, '').replace(/\s+[-–—•]\s+/g, '. ');
  return listed
    .replace(/\s+\/\s+/g, '. ')
    .replace(/\s*\.\s*\.\s*/g, '. ')
    .replace(/^\s*\.?\s*/, '')
    .replace(/\s{2,}/g, ' ');
}
