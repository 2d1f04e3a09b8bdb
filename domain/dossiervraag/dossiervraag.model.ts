import { AiRefusedError, refusedNotice, type AiPort } from '../ai/ai.port';
import { peopleOfCall } from '../ai/known-people';
import { dossiervraagMessages, dossiervraagPrompt, modelDoesNotKnow } from '../ai/prompts/dossiervraag.prompt';
import { Pseudonymiser } from '../ai/pseudonymise';
import type { AuditActor } from '../audit/audit.service';
import { runUseCase } from '../audit/use-case';
import type { MikroORM } from '../db/orm';
import { tenantOf, withTenant } from '../db/tenant';
import { AnswerCheck, droppedNotice, type LabelledSource } from './dossiervraag.check';
import { citation, type Bron, type Dossierantwoord } from './dossiervraag.service';
import { askTheRecord } from './dossiervraag.use-cases';

/**
 * "Vraag het dossier" with a model (issue 47 point 4, ADR 0084). The record's own retrieval
 * (ADR 0078) picks the sources; they go to the model labelled B1..Bn, pseudonymised and fenced as
 * data; every sentence of the answer is checked against the sources it cites before it is shown,
 * and only then re-identified. Without a model, when the record holds nothing, and when the model
 * fails, the local answer, saying which.
 */

export interface DossiervraagDeps {
  orm: MikroORM;
  ai: AiPort;
}

/** The answer as the API and the page show it: where it came from, and what the clinician should know about that. */
export interface Antwoord extends Dossierantwoord {
  /** `taalmodel`: checked sentences of a model; `lokaal`: the record's own retrieval. */
  bron: 'taalmodel' | 'lokaal';
  melding: string | null;
}

export const noModelNotice = 'Er is geen taalmodel ingesteld: dit antwoord komt rechtstreeks uit het dossier.';
export const modelFailedNotice = 'Het taalmodel gaf geen antwoord (storing of time-out): dit antwoord komt rechtstreeks uit het dossier.';

/** The question read from the record: the access-log row is written here, before any model is asked. */
export interface Prepared {
  patientId: string;
  vraag: string;
  local: Dossierantwoord;
}

/** Runs the record's use case (tenant, validation, 404 for another organisation's patient, the access-log row). */
export async function prepareQuestion(
  deps: DossiervraagDeps,
  actor: AuditActor,
  input: { patientId: string; vraag: string },
): Promise<Prepared> {
  const local = await runUseCase(deps.orm, actor, askTheRecord, input);
  return { patientId: input.patientId, vraag: input.vraag.trim(), local };
}

/**
 * "Clozapine, 300 mg … (medicatieopdracht, 12 nov 2026, dr. A. Visser, psychiater)": the passage
 * first. A role word right before the passage ("psychiater: Clozapine") reads to the pseudonymiser
 * as a titled person and would hide the medicine from the model.
 */
const lineOf = (bron: Bron) => `${bron.tekst} (${citation(bron)})`;

/** The labelled sources and the question out of the user message exactly as it was pseudonymised. */
function asSent(content: string): { sources: LabelledSource[]; question: string } {
  // Only after the sources' heading: a question cannot bring a "[B1] …" line of its own into the check.
  const sourcePart = content.slice(content.lastIndexOf('\nBronnen:\n'));
  const sources = [...sourcePart.matchAll(/^\[(B\d+)\] (.*)$/gm)].map((match) => ({ label: match[1]!, text: match[2]! }));
  const question = /<gegevens>\n([\s\S]*?)\n<\/gegevens>/.exec(content)?.[1] ?? '';
  return { sources, question };
}

/**
 * The answer as pieces of text while it is checked (for the chat's event stream), returning the
 * whole answer. Pieces are only ever checked sentences, notices and the local answer.
 */
export async function* answerPieces(
  deps: DossiervraagDeps,
  actor: AuditActor,
  prepared: Prepared,
  signal?: AbortSignal,
): AsyncGenerator<string, Antwoord, undefined> {
  const { local, patientId } = prepared;
  const context = { organisationId: actor.organisationId, userId: actor.userId, patientId };
  const sourceIds = local.bronnen.map((bron) => bron.id);
  // The question's one `ai_events` row when no model call is made (the port records those it makes).
  const recordLocal = (reason: string, bronnen: string[]) =>
    deps.ai.recordLocal({ capability: 'dossiervraag', prompt: dossiervraagPrompt, context, reason, details: { bronnen } });
  const localAnswer = async function* (melding: string | null): AsyncGenerator<string, Antwoord, undefined> {
    yield melding ? `${melding}\n\n${local.antwoord}` : local.antwoord;
    return { ...local, bron: 'lokaal', melding };
  };

  // Nothing in the record answers: "Ik weet het niet", and nothing to give a model to guess from.
  if (local.bronnen.length === 0) {
    await recordLocal('het dossier bevat hier niets over', []);
    return yield* localAnswer(null);
  }
  if (!deps.ai.configured) {
    await recordLocal('geen taalmodel ingesteld', sourceIds);
    return yield* localAnswer(noModelNotice);
  }

  const shown: string[] = [];
  const progress = { asked: false };
  try {
    return yield* checkedAnswer(deps, actor, prepared, { shown, progress }, signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    // Only the class: an upstream message can quote the request.
    if (!(error instanceof AiRefusedError))
      console.error(`[dossiervraag] model path failed: ${error instanceof Error ? error.name : 'unknown'}`);
    const melding = error instanceof AiRefusedError ? refusedNotice : modelFailedNotice;
    // The port records every call it made; a failure before it still leaves the question's one row.
    if (!progress.asked) await recordLocal('fout vóór de aanroep', sourceIds);
    // Sentences already shown were checked; the answer that stands is the record's own.
    if (shown.length) yield '\n\n';
    return yield* localAnswer(melding);
  }
}

/** The model's answer, sentence by checked sentence (`shown`: what has gone out so far; `asked`: the port has the call). */
async function* checkedAnswer(
  deps: DossiervraagDeps,
  actor: AuditActor,
  { local, patientId, vraag }: Prepared,
  { shown, progress }: { shown: string[]; progress: { asked: boolean } },
  signal?: AbortSignal,
): AsyncGenerator<string, Antwoord, undefined> {
  const labelled = local.bronnen.map((bron, index) => ({ label: `B${index + 1}`, bron }));
  const { record, staff } = await withTenant(deps.orm, tenantOf(actor), (em) =>
    peopleOfCall(em, actor.organisationId, { patientIds: [patientId], texts: [vraag, ...local.bronnen.map(lineOf)] }),
  );
  const pseudonymiser = new Pseudonymiser(record, [staff]);
  const [system, user] = dossiervraagMessages(
    vraag,
    labelled.map(({ label, bron }) => ({ label, line: lineOf(bron) })),
  );
  // Pseudonymised here, once, so the check compares the answer with the very text the model read.
  const sentUser = { ...user!, content: pseudonymiser.pseudonymise(user!.content) };
  const sent = asSent(sentUser.content);
  const check = new AnswerCheck(sent.sources, sent.question, (sentence) => pseudonymiser.pseudonymise(sentence) !== sentence);
  const idOf = new Map(labelled.map(({ label, bron }) => [label, bron.id]));
  const details = () => {
    check.finish();
    const { kept, dropped, cited } = check.tally;
    return {
      bronnen: local.bronnen.map((bron) => bron.id),
      geciteerd: cited.map((label) => idOf.get(label)),
      zinnen: kept,
      verwijderd: Object.values(dropped).reduce((sum, count) => sum + count, 0),
      redenen: dropped,
    };
  };
  const show = function* (checked: ReturnType<AnswerCheck['take']>): Generator<string> {
    for (const sentence of checked) {
      // Only a sentence with a source it was given is an answer; the model's own "ik weet het niet" is said below, in one wording.
      if (!sentence.kept || sentence.labels.length === 0) continue;
      const piece = `${shown.length ? ' ' : ''}${pseudonymiser.reidentify(sentence.text)}`;
      shown.push(piece);
      yield piece;
    }
  };
  const stream = deps.ai.stream({
    capability: 'dossiervraag',
    prompt: dossiervraagPrompt,
    messages: [system!, sentUser],
    context: { organisationId: actor.organisationId, userId: actor.userId, patientId },
    pseudonymiser,
    signal,
    pseudonymised: true,
    details,
  });
  progress.asked = true;
  for await (const text of stream) {
    check.push(text);
    yield* show(check.take());
  }
  check.finish();
  yield* show(check.take());

  const notice = droppedNotice(check.tally.dropped);
  if (shown.length === 0) {
    // Nothing of the model stands: it says so, and the stream (which has no list of sources) gives the record's own.
    const antwoord = `${modelDoesNotKnow}${notice ? ` ${notice}` : ''}`;
    yield `${antwoord}\n\n${local.antwoord}`;
    return { antwoord, bronnen: local.bronnen, bron: 'taalmodel', melding: notice };
  }
  if (notice) {
    const piece = `\n\n${notice}`;
    shown.push(piece);
    yield piece;
  }
  const cited = new Set(check.tally.cited);
  return {
    antwoord: shown.join(''),
    bronnen: labelled.filter(({ label }) => cited.has(label)).map(({ label, bron }) => ({ ...bron, label })),
    bron: 'taalmodel',
    melding: notice,
  };
}

/** The whole answer at once (the API's JSON and the record's page). */
export async function answerQuestion(
  deps: DossiervraagDeps,
  actor: AuditActor,
  input: { patientId: string; vraag: string },
  signal?: AbortSignal,
): Promise<Antwoord> {
  const pieces = answerPieces(deps, actor, await prepareQuestion(deps, actor, input), signal);
  for (;;) {
    const next = await pieces.next();
    if (next.done) return next.value;
  }
}
