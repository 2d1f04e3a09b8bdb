/*
 * What the product may not say on screen (docs/style-guide.md, "Verboden woorden"): English and
 * developer words, the other register, capitals in dates and hand-made plurals. The style guide
 * lists the same words; tests/ui-language.test.ts keeps the two lists equal.
 */

/** Words that never appear in visible text, matched as whole words whatever their case. */
export const bannedWords = [
  // English where Dutch has a word
  'no-show',
  'noshow',
  'business-id',
  'time-out',
  'timeout',
  'running',
  'completed',
  'failed',
  'terminated',
  'canceled',
  'cancelled',
  'paused',
  'loading',
  'submit',
  'cancel',
  'delete',
  'save',
  'error',
  'warning',
  'dashboard',
  'settings',
  'stacktrace',
  'extractieve',
  'geconfigureerd',
  'john doe',
  // raw names from the code
  'intentChain',
  'handoverGeneration',
  'treatmentPlanGeneration',
  'healthCheck',
  'TimedOut',
  'ContinuedAsNew',
  'undefined',
  'NaN',
  'null',
  '[object Object]',
  'Invalid Date',
  // raw status codes where a label belongs
  'niet-verschenen',
  'planned',
  'active',
  'finished',
  // one word for one thing
  'notitie',
  'behandelnotitie',
  'afwijkende vitale waarden',
  'cliënt',
  'cliënten',
] as const;

const monthNames = [
  'Januari',
  'Februari',
  'Maart',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Augustus',
  'September',
  'Oktober',
  'November',
  'December',
];
/** Short months: "Jan" is also a first name, so these count only as a date goes on ("23 Nov.", "23 Nov 2026", "23 Nov,"). */
const shortMonthNames = ['Jan', 'Feb', 'Mrt', 'Apr', 'Jun', 'Jul', 'Aug', 'Sep', 'Sept', 'Okt', 'Nov', 'Dec'];
const dayNames = ['Maandag', 'Dinsdag', 'Woensdag', 'Donderdag', 'Vrijdag', 'Zaterdag', 'Zondag', 'Ma', 'Di', 'Wo', 'Do', 'Vr', 'Za', 'Zo'];

/** Plural nouns the product counts: after a lone "1" they give "1 risico's". */
const pluralNouns = [
  'crises',
  'incidenten',
  "risico's",
  'metingen',
  'rapportages',
  'dagnotities',
  'patiënten',
  'afspraken',
  'brieven',
  'maatregelen',
  'scores',
  'diagnoses',
  'allergieën',
  'uitvoeringen',
  'stappen',
  'tekens',
  'dagen',
  'uren',
  'minuten',
  'weken',
  'punten',
  'medicijnen',
  'toedieningen',
  'resultaten',
  'alerts',
  'signalen',
];

/** The units a measurement on screen carries. */
const measurementUnits = ['°C', 'mmol/l', 'mmHg', 'mg', 'kg', 'ml', 'cm', '%', '/min'];

/** Units that stand apart from their number (the check leaves "97%" and "5mg" in a product name alone). */
const spacedUnits = ['°C', 'mmol/l', 'mmHg'];

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// Letters of Dutch words, including accented ones: a word boundary that \b would put inside "patiënt".
const edge = (pattern: string) => `(?<![\\p{L}\\p{N}_-])(?:${pattern})(?![\\p{L}\\p{N}_-])`;

/** The patterns with what each one finds, in the order a reader fixes them. */
export const languageRules: { rule: string; pattern: RegExp }[] = [
  ...bannedWords.map((word) => ({ rule: `verboden woord "${word}"`, pattern: new RegExp(edge(escape(word)), 'giu') })),
  {
    // The product says "je" and "jouw". "u" and "uw" count before a word in lower case ("u bent",
    // "uw sessie"), so the AVPU score's "U : reageert niet" is left alone.
    rule: '"u" of "uw" in plaats van "je" of "jouw"',
    pattern: new RegExp(`(?<![\\p{L}\\p{N}_-])(?:[Uu]|[Uu]w)\\s+(?=\\p{Ll})`, 'gu'),
  },
  {
    // "23 November", not the "10:00 Jan de Vries" of an agenda.
    rule: 'hoofdletter in een maand',
    pattern: new RegExp(`(?<![\\d:.])\\d{1,2}\\.?\\s+${edge(monthNames.join('|'))}`, 'gu'),
  },
  {
    // "23 Nov." or "23 Nov 2026", not a count beside a name: "Wacht op beoordeling 1 Jan de Vries".
    rule: 'hoofdletter in een maand',
    pattern: new RegExp(`(?<![\\d:.])\\d{1,2}\\.?\\s+(?:${shortMonthNames.join('|')})(?=\\.|,|\\s*\\d)`, 'gu'),
  },
  { rule: 'hoofdletter in een dag', pattern: new RegExp(`${edge(dayNames.join('|'))}\\.?\\s+\\d{1,2}(?!\\d|:)`, 'gu') },
  { rule: 'punt na een afgekorte maand', pattern: /(?<![\d:.])\d{1,2} (?:jan|feb|mrt|apr|jun|jul|aug|sep|sept|okt|nov|dec)\./gu },
  { rule: 'meervoud na 1', pattern: new RegExp(`(?<![\\d,.])1\\s+${edge(pluralNouns.map(escape).join('|'))}`, 'gu') },
  { rule: '"er staan" bij 1', pattern: /\b[Ee]r staan 1 /gu },
  {
    // "39.4 °C", "2.6 mmol/l": a measurement with a decimal point where Dutch writes a comma.
    rule: 'punt als decimaalteken',
    pattern: new RegExp(
      `(?<![\\p{L}\\p{N}.,:/-])\\d{1,4}\\.\\d{1,3}(?=\\s?(?:${measurementUnits.map(escape).join('|')})(?![\\p{L}/]))`,
      'gu',
    ),
  },
  {
    // "39,4°C", "2,6mmol/l": a number and its unit with a space between (a percentage stays "97%").
    rule: 'eenheid zonder spatie',
    pattern: new RegExp(`\\d(?:${spacedUnits.map(escape).join('|')})(?![\\p{L}/])`, 'gu'),
  },
];

export interface LanguageProblem {
  rule: string;
  found: string;
  context: string;
}

/** Every place in a text that breaks the style guide, with a little context to find it by. */
export function languageProblems(text: string): LanguageProblem[] {
  const problems: LanguageProblem[] = [];
  for (const { rule, pattern } of languageRules) {
    for (const match of text.matchAll(pattern)) {
      const start = Math.max(0, match.index - 40);
      const context = text.slice(start, match.index + match[0].length + 40).replace(/\s+/g, ' ');
      problems.push({ rule, found: match[0], context });
    }
  }
  return problems;
}

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
};

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code.startsWith('#x') || code.startsWith('#X')) return String.fromCodePoint(parseInt(code.slice(2), 16));
    if (code.startsWith('#')) return String.fromCodePoint(Number(code.slice(1)));
    return entities[code.toLowerCase()] ?? whole;
  });
}

/** Attributes a person reads or hears: tooltips, placeholders, image texts and labels for screen readers. */
const visibleAttributes = /\s(?:aria-label|aria-description|title|placeholder|alt)="([^"]*)"/gi;

/**
 * Not the product's own words: what people wrote (a letter to a GP says "u" to the GP) is marked
 * `data-authored`, an identifier or code (a workflow id) `translate="no"`.
 */
const markedElement = /<([a-z][a-z0-9]*)\b[^>]*?\s(?:data-authored(?:="[^"]*")?|translate="no")(?=[\s/>])[^>]*>/i;

function withoutMarkedElements(html: string): string {
  let rest = html;
  for (let open = markedElement.exec(rest); open; open = markedElement.exec(rest)) {
    const tag = open[1]!;
    const tags = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'gi');
    tags.lastIndex = open.index + open[0].length;
    let depth = 1;
    let end = rest.length;
    for (let next = tags.exec(rest); next; next = tags.exec(rest)) {
      depth += next[1] ? -1 : 1;
      if (depth === 0) {
        end = next.index + next[0].length;
        break;
      }
    }
    rest = `${rest.slice(0, open.index)} ${rest.slice(end)}`;
  }
  return rest;
}

/**
 * The text of a server-rendered page as a person meets it: the tab title, the body's text and the
 * attributes above; scripts (Remix's state), styles, hidden inputs, what a text field holds and
 * the marked elements above left out.
 */
export function visibleText(html: string): string {
  const title = /<title>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? '';
  const body = withoutMarkedElements(
    (/<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html)
      .replace(/<script[\s\S]*?<\/script>/gi, ' ')
      .replace(/<style[\s\S]*?<\/style>/gi, ' ')
      .replace(/<input[^>]*type="hidden"[^>]*>/gi, ' ')
      .replace(/(<textarea[^>]*>)[\s\S]*?<\/textarea>/gi, '$1</textarea>'),
  );
  const attributes = [...body.matchAll(visibleAttributes)].map((match) => match[1]);
  const text = body.replace(/<[^>]+>/g, ' ');
  return decode([title, text, ...attributes].join('\n')).replace(/[ \t]+/g, ' ');
}
