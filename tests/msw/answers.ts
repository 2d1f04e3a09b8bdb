import { plusDays } from '../../domain/treatment-plan/draft';
import type { ModelRequest } from './model';

/*
 * What a well-behaved model answers to the product's prompts, shared by the tests that script the
 * msw model and those that run the model as a server for another process.
 */

/** A handover summary citing every source it was given, in order, plus whatever the test adds. */
export function handoverAnswer(request: ModelRequest, extra: { aandachtspunten?: object[]; actiepunten?: object[] } = {}) {
  const refs = [...request.messages[1]!.content.matchAll(/^\[([RVK]\d+)\]/gm)].map((match) => match[1]!);
  return {
    content: JSON.stringify({
      ernst: 'let op',
      situatie: 'Onrustige dagen met een incident.',
      aandachtspunten: [...refs.map((ref) => ({ tekst: `Punt over ${ref}`, bron: ref })), ...(extra.aandachtspunten ?? [])],
      actiepunten: extra.actiepunten ?? [
        {
          tekst: 'Bloeddruk opnieuw meten',
          eigenaar: 'verpleegkundige',
          alsDan: 'Als > 180, dan arts bellen',
          bron: refs.find((ref) => ref.startsWith('V')) ?? null,
        },
      ],
    }),
  };
}

/** A whole treatment plan, with dates counted from the date in the prompt. */
export function treatmentPlanAnswer(request: ModelRequest, change: Record<string, unknown> = {}): string {
  const today = /^Datum: (\d{4}-\d{2}-\d{2})$/m.exec(request.messages[1]!.content)![1]!;
  return JSON.stringify({
    hulpvraag: 'Ik wil weer grip op mijn dagen en minder spanning.',
    probleemanalyse: 'Psychotische kwetsbaarheid met wisselende therapietrouw en recente agressie.',
    classificatie: [{ code: 'F20.0', omschrijving: 'Schizofrenie', soort: 'hoofd' }],
    doelen: [
      { omschrijving: 'De patiënt neemt de medicatie volgens afspraak in.', evaluatiedatum: plusDays(today, 42) },
      { omschrijving: 'Geen fysieke incidenten.', evaluatiedatum: plusDays(today, 42) },
    ],
    interventies: ['Medicatieconsult', 'Spanningsregulatie'],
    medicatie: ['Clozapine volgens voorschrift'],
    frequentie: 'Wekelijks',
    duur: '3 maanden',
    crisisplan: { signalen: ['Slecht slapen'], acties: ['Melden bij het team'], contact: 'Dienstdoende psychiater' },
    evaluatiemomenten: [{ datum: plusDays(today, 42), omschrijving: 'Tussenevaluatie' }],
    ...change,
  });
}

/** The (pseudonymised) draft GP letter of the prompt with a no-show paragraph added. */
export function noShowAnswer(request: ModelRequest) {
  const user = request.messages[1]!.content;
  const draft = user.slice(user.indexOf('Conceptbrief:\n') + 'Conceptbrief:\n'.length);
  return { content: JSON.stringify({ brief: `${draft}\n\nDe patiënt is niet verschenen; wij plannen een nieuwe afspraak.` }) };
}
