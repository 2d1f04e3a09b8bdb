import { describe, expect, it } from 'vitest';
import { localNoShowRewrite, parseModelLetter } from './rewrite';

const facts = { when: 'maandag 23 november 2026 om 10:00', type: 'behandelgesprek', followUp: 'Wij bellen hem morgen' };
const draft = 'Geachte collega Jansen,\n\nDe heer De Vries is stabiel.\n\nMet collegiale groet,\n\nDr. A. Arts';

describe('the local rewrite of a GP letter after a no-show', () => {
  it('adds one templated paragraph before the closing and keeps everything else', () => {
    const rewritten = localNoShowRewrite(draft, 'Jan de Vries', facts);
    expect(rewritten).toBe(
      'Geachte collega Jansen,\n\nDe heer De Vries is stabiel.\n\nNiet verschenen op afspraak\nOp maandag 23 november 2026 om 10:00 is Jan de Vries niet verschenen op de geplande afspraak (behandelgesprek). Wij bellen hem morgen.\n\nMet collegiale groet,\n\nDr. A. Arts',
    );
    // Deterministic: the same draft gives the same letter.
    expect(localNoShowRewrite(draft, 'Jan de Vries', facts)).toBe(rewritten);
  });

  it('appends at the end when the draft has no closing yet', () => {
    expect(localNoShowRewrite('Geachte collega,\n\nKort bericht.\n', 'Jan de Vries', { ...facts, followUp: 'Volgt.' })).toBe(
      'Geachte collega,\n\nKort bericht.\n\nNiet verschenen op afspraak\nOp maandag 23 november 2026 om 10:00 is Jan de Vries niet verschenen op de geplande afspraak (behandelgesprek). Volgt.',
    );
  });
});

describe("the model's rewritten letter", () => {
  const longer = `${draft}\n\nAanvulling: de patiënt is niet verschenen.`;

  it('is taken from JSON; one inside a code fence is used but counted as repaired', () => {
    expect(parseModelLetter(JSON.stringify({ brief: longer }), draft)).toEqual({ letter: longer, repaired: false });
    expect(parseModelLetter(`\`\`\`json\n${JSON.stringify({ brief: longer })}\n\`\`\``, draft)).toEqual({ letter: longer, repaired: true });
  });

  it('is refused when it is no letter, the draft unchanged, or much shorter than the draft', () => {
    expect(parseModelLetter('Hier is de brief: …', draft)).toBeNull();
    expect(parseModelLetter(JSON.stringify({ brief: draft }), draft)).toBeNull();
    expect(parseModelLetter(JSON.stringify({ tekst: longer }), draft)).toBeNull();
    expect(
      parseModelLetter(
        JSON.stringify({ brief: 'Geachte collega, de patiënt kwam niet. Groet.' }),
        `${draft}\n\n${'Lange alinea. '.repeat(20)}`,
      ),
    ).toBeNull();
  });
});
