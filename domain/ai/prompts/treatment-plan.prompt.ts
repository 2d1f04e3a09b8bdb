import { dutchDay } from '../../shared/clinical-time';
import { episodeStatusLabels } from '../../patient/patient.schemas';
import type { PlanSources } from '../../treatment-plan/sources';
import type { Message, PromptRef } from '../ai.port';
import { dataRule, fenced } from './fence';

/** Change the text → raise the version: every `ai_events` row names the version that produced it. */
export const treatmentPlanPrompt: PromptRef = { id: 'treatment-plan', version: '2' };

const shape = `{"hulpvraag":"…","probleemanalyse":"…","classificatie":[{"code":"F32.2","omschrijving":"…","soort":"hoofd|neven"}],"doelen":[{"omschrijving":"…","evaluatiedatum":"JJJJ-MM-DD"}],"interventies":["…"],"medicatie":["…"],"frequentie":"…","duur":"…","crisisplan":{"signalen":["…"],"acties":["…"],"contact":"…"},"evaluatiemomenten":[{"datum":"JJJJ-MM-DD","omschrijving":"…"}]}`;

/**
 * The record as the model reads it: no database ids, no practitioners' names (the plan's
 * practitioners are filled in by the server), the patient's own data pseudonymised by the port.
 */
export function treatmentPlanMessages(sources: PlanSources): Message[] {
  const system = `Je stelt een concept-behandelplan op voor een patiënt in de Nederlandse GGZ. De regiebehandelaar bespreekt het met de patiënt en past het aan; jij levert een bruikbaar eerste concept.
Onderdelen: hulpvraag (in de woorden van de patiënt, voor zover bekend), probleemanalyse (beschrijvend: klachten, beloop, risico's, beschermende factoren), DSM-5-classificatie, doelen, interventies en medicatie, frequentie en duur, signalerings- en crisisplan, evaluatiemomenten.
Regels:
- Gebruik alleen de gegevens hieronder. Verzin geen diagnoses, medicatie, gebeurtenissen of namen.
- Classificaties komen alleen uit de vastgelegde diagnoses, met dezelfde code.
- Noem medicatie alleen als die in de gegevens staat; anders een lege lijst.
- Doelen zijn SMART: specifiek, meetbaar, acceptabel, realistisch en tijdgebonden. Twee tot vijf doelen, het belangrijkste eerst, elk met een evaluatiedatum.
- Alle data liggen na ${sources.today} en hebben de vorm JJJJ-MM-DD.
- Het crisisplan noemt vroege signalen, wat de patiënt en het team dan doen, en wie bij een crisis te bereiken is.
- Kort en zakelijk Nederlands; schrijf over "de patiënt".
- ${dataRule}
Antwoord alleen met JSON, zonder markdown:
${shape}`;

  const when = (iso: string) => dutchDay(new Date(iso), 'd MMM yyyy');
  const list = (lines: string[], none: string) => (lines.length ? lines.join('\n') : none);
  const user = [
    `Datum: ${sources.today}`,
    `Patiënt: ${sources.patient.name}${sources.patient.age !== null ? `, ${sources.patient.age} jaar` : ''}; episode: ${episodeStatusLabels[sources.patient.status].toLowerCase()}`,
    `Intake: ${sources.intake.completionPercentage}% afgerond${sources.intake.open.length ? `; open: ${sources.intake.open.join(', ')}` : ''}`,
    'Diagnoses (DSM-5):',
    list(
      sources.diagnoses.map(
        (row) =>
          `- ${row.code} ${row.label} (${row.kind === 'hoofd' ? 'hoofdclassificatie' : 'nevenclassificatie'}, ${when(row.diagnosedAt)})`,
      ),
      '(nog geen diagnose vastgelegd)',
    ),
    "Actuele risico's:",
    list(
      sources.risks.map((risk) => `- ${risk.riskType}: ${risk.riskLevel} — ${risk.rationale.replace(/\s+/g, ' ')}`),
      '(geen risicotaxatie vastgelegd)',
    ),
    'Recente rapportages, nieuwste eerst:',
    sources.reports.length
      ? fenced(
          sources.reports
            .map(
              (report) =>
                `- ${when(report.createdAt)} · ${report.type}${report.category ? ` (${report.category})` : ''}: ${report.content}`,
            )
            .join('\n'),
        )
      : '(geen rapportages)',
  ].join('\n');
  return [
    { role: 'system', content: system, fixed: true },
    { role: 'user', content: user },
  ];
}
