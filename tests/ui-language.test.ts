import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bannedWords, languageProblems, visibleText } from './support/ui-language';

const rulesFound = (text: string) => languageProblems(text).map((problem) => problem.rule);

describe('the language check (docs/style-guide.md)', () => {
  it.each([
    ['Type Business-ID Status', 'verboden woord "business-id"'],
    ['Opdrachtketen assistent intentChain', 'verboden woord "intentChain"'],
    ['No-show opvolgen', 'verboden woord "no-show"'],
    ['noShow', 'verboden woord "noshow"'],
    ['Lopend Voltooid Time-out', 'verboden woord "time-out"'],
    ['Extractieve samenvatting — geen taalmodel geconfigureerd', 'verboden woord "extractieve"'],
    ['Stacktrace en volledige geschiedenis', 'verboden woord "stacktrace"'],
    ['Notitie', 'verboden woord "notitie"'],
    ['3 afwijkende vitale waarden', 'verboden woord "afwijkende vitale waarden"'],
    ['Geboren undefined', 'verboden woord "undefined"'],
    ['Uw sessie is verlopen.', '"u" of "uw" in plaats van "je" of "jouw"'],
    ['Meldt u in de assistent', '"u" of "uw" in plaats van "je" of "jouw"'],
    ['Ma 23 Nov. 09:00', 'hoofdletter in een dag'],
    ['Maandag 23 November', 'hoofdletter in een dag'],
    ['Tijd Maandag 23 november, 09:00', 'hoofdletter in een dag'],
    ['op 23 November', 'hoofdletter in een maand'],
    ['23 Nov 2026, 09:14', 'hoofdletter in een maand'],
    ['ma 23 nov. di 24 nov.', 'punt na een afgekorte maand'],
    ["Jan de Vries: 1 risico's", 'meervoud na 1'],
    ['Er staan 1 crisis en 2 incidenten open', '"er staan" bij 1'],
    ['Status: Niet-Verschenen', 'verboden woord "niet-verschenen"'],
    ['Status: niet-verschenen', 'verboden woord "niet-verschenen"'],
    // Issue 44: what the handover and its PDF wrote, and the treatment plan's other word for the patient.
    ['Temperatuur 39.4 °C (HH)', 'punt als decimaalteken'],
    ['Glucose 2.6 mmol/l: kritiek laag', 'punt als decimaalteken'],
    ['Temperatuur 39,4°C', 'eenheid zonder spatie'],
    ['Instemming van de cliënt', 'verboden woord "cliënt"'],
    ['Cliënt stemt in', 'verboden woord "cliënt"'],
  ])('finds the old wording %j', (text, rule) => {
    expect(rulesFound(text)).toContain(rule);
  });

  it.each([
    'maandag 23 november, 09:00–10:00 Jan de Vries, Behandelgesprek',
    '09:30 – 10:30 Jan de Vries Behandelgesprek',
    'Wacht op beoordeling 1 Jan de Vries Ter beoordeling',
    'ma 23 nov · vandaag 09:14 · gisteren 23:08 · 22 nov 2026, 23:08',
    "1 risico, 2 risico's, 1 kritieke meting, 11 metingen, 1,5 uren",
    'Je sessie is verlopen. Kies een behandelaar van je eigen instelling.',
    'AVPU A : Alert V : Reageert op aanspreken P : Reageert op pijn U : Reageert niet',
    'Zo nodig gegeven · Dagnotitie opslaan · Niet verschenen registreren · Tijdslimiet verstreken',
    'Open bij Jan de Vries: 1 crisis en 2 incidenten.',
    'Temperatuur 39,4 °C · glucose 2,6 mmol/l · saturatie 97% · versie 1.2 · 23.11.2026',
    'Instemming van de patiënt',
  ])('leaves the style guide’s own wording alone: %j', (text) => {
    expect(languageProblems(text)).toEqual([]);
  });

  it('reads what a person sees: text and labels, not scripts, typed text, letters or identifiers', () => {
    const html = `<html><head><title>Brieven — GGZ-EPD</title></head><body>
      <h1>Brieven</h1>
      <button aria-label="Sluit de afspraak" title="Sluiten"><svg></svg></button>
      <input type="search" placeholder="Zoek op naam">
      <input type="hidden" name="intent" value="noshow">
      <script>window.__remixContext = {"state":"undefined","type":"noShow"};</script>
      <style>.error { color: red }</style>
      <textarea name="text" placeholder="Reden">Hierbij informeren wij u over uw patiënt.</textarea>
      <div class="letter-text" data-authored="true"><p>Geachte collega, wij informeren <span>u</span> over uw patiënt.</p><p>nog een alinea</p></div>
      <td class="mono" translate="no">noshow-1234</td>
      <p>Na de brief</p>
    </body></html>`;
    const text = visibleText(html);
    for (const shown of ['Brieven — GGZ-EPD', 'Sluit de afspraak', 'Sluiten', 'Zoek op naam', 'Reden', 'Na de brief']) {
      expect(text).toContain(shown);
    }
    for (const hidden of ['__remixContext', 'color: red', 'informeren', 'noshow', 'nog een alinea']) {
      expect(text).not.toContain(hidden);
    }
    expect(languageProblems(text)).toEqual([]);
  });

  it('leaves capitals to the text: no stylesheet capitalises words', () => {
    // The check reads the HTML; a stylesheet's capitalize would show "niet-verschenen" as
    // "Niet-Verschenen" and "ma 23 nov" as "Ma 23 Nov" behind its back (issue 27).
    const styles = new URL('../app/styles/', import.meta.url);
    const sheets = readdirSync(styles).filter((name) => name.endsWith('.css'));
    expect(sheets.length).toBeGreaterThan(0);
    for (const sheet of sheets) {
      expect(readFileSync(new URL(sheet, styles), 'utf8'), sheet).not.toMatch(/text-transform:\s*capitalize/);
    }
  });

  it('bans the words the style guide lists, no more and no fewer', () => {
    const guide = readFileSync(new URL('../docs/style-guide.md', import.meta.url), 'utf8');
    const section = /<!-- verboden-woorden -->([\s\S]*?)<!-- \/verboden-woorden -->/.exec(guide)?.[1] ?? '';
    const listed = [...section.matchAll(/^- (.+)$/gm)].map((match) => match[1]!.trim());
    expect(listed).toEqual([...bannedWords]);
  });
});
