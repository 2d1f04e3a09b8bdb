import { dutchDay, formatTime } from '../shared/clinical-time';
import { appointmentTypeLabels, type AppointmentType } from '../agenda/agenda.schemas';
import { refusedNotice, type AiPort } from '../ai/ai.port';
import { gpLetterNoShowMessages, gpLetterNoShowPrompt, type NoShowFacts } from '../ai/prompts/gp-letter-noshow.prompt';
import { jsonFromAnswer } from '../ai/json-answer';
import { Pseudonymiser } from '../ai/pseudonymise';
import { noShowMessages, type LetterRewrite, type NoShowJob, type PreparedNoShow } from './noshow';

/*
 * Step 2 of the no-show process: the draft GP letter rewritten to report the no-show and the
 * follow-up. With a model: pseudonymised through the AI port. Without one (or when it fails): a
 * deterministic paragraph, so the process never depends on the model being there.
 */

const closings = /^(met (vriendelijke|collegiale) groet(en)?|hoogachtend|vriendelijke groet(en)?)\b/im;

export const localRewriteHeading = 'Niet verschenen op afspraak';
const modelUnavailable = 'Het taalmodel reageerde niet; de brief is aangevuld met een standaardalinea.';
const modelUnusable = 'Het taalmodel gaf een onbruikbaar antwoord; de brief is aangevuld met een standaardalinea.';

export function noShowFacts(prepared: PreparedNoShow, job: NoShowJob): NoShowFacts {
  const start = new Date(prepared.appointment.start);
  return {
    when: `${dutchDay(start, 'EEEE d MMMM yyyy')} om ${formatTime(start)}`,
    type: (appointmentTypeLabels[prepared.appointment.type as AppointmentType] ?? prepared.appointment.type).toLowerCase(),
    followUp: job.followUp ?? noShowMessages.defaultFollowUp,
  };
}

/** The draft with one templated paragraph about the no-show, placed before the closing when there is one. */
export function localNoShowRewrite(draft: string, patientName: string, facts: NoShowFacts): string {
  const followUp = /[.!?]$/.test(facts.followUp) ? facts.followUp : `${facts.followUp}.`;
  const paragraph = `${localRewriteHeading}\nOp ${facts.when} is ${patientName} niet verschenen op de geplande afspraak (${facts.type}). ${followUp}`;
  const text = draft.replace(/\s+$/, '');
  const closing = closings.exec(text);
  if (!closing) return `${text}\n\n${paragraph}`;
  const before = text.slice(0, closing.index).replace(/\s+$/, '');
  return `${before}\n\n${paragraph}\n\n${text.slice(closing.index)}`;
}

/** `{"brief": "…"}`, bare or wrapped; null when there is no usable letter in it. */
export function parseModelLetter(answer: string, draft: string): { letter: string; repaired: boolean } | null {
  const parsed = jsonFromAnswer(answer);
  const brief = (parsed?.json as { brief?: unknown } | null | undefined)?.brief;
  const text = typeof brief === 'string' ? brief.trim() : '';
  // Shorter than half the draft means the model dropped content the clinician wrote.
  if (!parsed || text.length < 40 || text.length < draft.trim().length / 2 || text === draft.trim()) return null;
  return { letter: text, repaired: parsed.repaired };
}

export async function rewriteLetter(ai: AiPort, job: NoShowJob, prepared: PreparedNoShow): Promise<LetterRewrite> {
  const facts = noShowFacts(prepared, job);
  const local = (melding?: string): LetterRewrite => ({
    text: localNoShowRewrite(prepared.draft, prepared.patientName, facts),
    bron: 'lokaal',
    model: null,
    ...(melding ? { melding } : {}),
  });
  const context = {
    organisationId: job.actor.organisationId,
    userId: job.actor.userId,
    patientId: prepared.patientId,
    workflowId: job.workflowId,
  };
  if (!ai.configured) {
    await ai.recordLocal({ capability: 'gp_letter', prompt: gpLetterNoShowPrompt, context, reason: 'geen taalmodel ingesteld' });
    return local();
  }
  const answer = await ai.complete({
    capability: 'gp_letter',
    prompt: gpLetterNoShowPrompt,
    messages: gpLetterNoShowMessages(prepared.draft, facts),
    context,
    pseudonymiser: new Pseudonymiser(prepared.people),
    parse: (text) => {
      const parsed = parseModelLetter(text, prepared.draft);
      return { value: parsed?.letter ?? null, malformed: !parsed || parsed.repaired };
    },
    json: true,
  });
  if (!('value' in answer)) return local(answer.outcome === 'geweigerd' ? refusedNotice : modelUnavailable);
  if (!answer.value) return local(modelUnusable);
  return { text: answer.value, bron: 'taalmodel', model: answer.model };
}
