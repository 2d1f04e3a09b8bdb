import type { HandoverPeriod, HandoverRole } from '../../handover/handover.schemas';
import { itemLimits, periodLabels } from '../../handover/handover.schemas';
import type { Message, PromptRef } from '../ai.port';
import { dataRule, fenced } from './fence';

/** Change the text → raise the version: every `ai_events` row names the version that produced it. */
export const handoverSummaryPrompt: PromptRef = { id: 'handover-summary', version: '2' };

const roleFocus: Record<HandoverRole, string> = {
  psychiater: `De lezer is de psychiater. Houd alleen: medicatieproblemen (weigering, bijwerkingen, dosiswijziging), verandering in stemming of gedrag, agitatie, risicosignalen (suïcidaliteit, zelfbeschadiging, agressie), psychotische symptomen, crisis of dwang (separeer, fixatie, dwangmedicatie) en sterk afwijkende vitale waarden (HH, LL) met gevolgen voor de behandeling. Laat weg: routinematige medicatie, ADL tenzij afwijkend, sociale activiteiten, standaardobservaties, normale vitale waarden, dagstructuur.`,
  verpleegkundige: `De lezer is de verpleegkundige van de volgende dienst. Houd wat de zorg in deze dienst raakt: veiligheid en risico's, incidenten, medicatie, afwijkingen in ADL, slaap en stemming, afwijkende vitale waarden, afspraken en taken. Laat routine en sociale activiteiten weg.`,
};

/** The role travels from the page, through the API and the workflow, into this prompt. */
export function handoverMessages(role: HandoverRole, period: HandoverPeriod, patient: string, lines: string[]): Message[] {
  const limits = itemLimits[role];
  const system = `Je schrijft een overdracht voor een GGZ-afdeling in de vorm van I-PASS/SBAR: ernst, situatie, aandachtspunten, actiepunten met eigenaar en als-dan.
${roleFocus[role]}
Gebruik alleen de genummerde bronnen. Elk aandachtspunt noemt precies één bron ("R1", "V2", "K1"); verzin niets wat niet in een bron staat.
${dataRule}
Maximaal ${limits.aandachtspunten} aandachtspunten en ${limits.actiepunten} actiepunten, het belangrijkste eerst. Kort en zakelijk Nederlands.
Antwoord alleen met JSON, zonder markdown:
{"ernst":"stabiel|let op|instabiel","situatie":"…","aandachtspunten":[{"tekst":"…","bron":"R1"}],"actiepunten":[{"tekst":"…","eigenaar":"verpleegkundige|psychiater|team","alsDan":"Als …, dan …","bron":"R1"}]}`;
  const user = `Patiënt: ${patient}\nPeriode: afgelopen ${periodLabels[period]}\nRol: ${role}\nBronnen:\n${lines.length ? fenced(lines.join('\n')) : '(geen relevante bronnen)'}`;
  return [
    { role: 'system', content: system, fixed: true },
    { role: 'user', content: user },
  ];
}
