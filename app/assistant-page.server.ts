import { createHash, randomUUID } from 'node:crypto';
import type { AuditActor } from '../domain/audit/audit.service';
import { chatRequestSchema } from '../domain/chat/chat.schemas';
import { chatReply } from '../domain/chat/chat.service';
import { answerQuestion, type Antwoord } from '../domain/dossiervraag/dossiervraag.model';
import { upstreamFailure } from '../domain/chat/sse';
import { editableFieldNames, type ChainState, type Edits } from '../domain/intent/chain';
import type { ChainAction } from '../domain/intent/intent.schemas';
import { readChainState } from '../domain/intent/chain.use-cases';
import { classifyCore } from '../domain/intent/intent.service';
import { isNoShowCommand } from '../domain/noshow/noshow.command';
import { currentShift, wallClockToIso } from '../domain/shared/clinical-time';
import { AppError, fieldsOf } from '../domain/shared/errors';
import { isUuid } from '../domain/shared/ids';
import { parseOrThrow } from '../domain/shared/validation';
import { chainState, confirmChain, rejectChain, startChain } from '../temporal/chain';
import { classifyDeps, limitQuestion } from './assistant.server';
import { routeActions, type Routing } from './assistant/routing';
import type { FormValues } from './form.server';
import { requireTemporal } from './services.server';
import { perform } from './tenant.server';

/*
 * The assistant without JavaScript (issue 44, ADR 0081): the composer posts to /assistent, the
 * reply is read to its end on the server, and a request that changes the record is prepared as the
 * chat's own intent chain (the same workflow, the same use cases, the same stored proposal). The
 * confirmation form names that chain by id; the workflow refuses another clinician's chain, a chain
 * decided before, and writes each step at most once.
 */

/** What one message sent from the page answered. */
export interface PageTurn {
  kind: 'turn';
  message: string;
  reply: string;
  /** What the message opened, routed as the chat routes it. */
  routing: Routing;
  /** A request that changes the record, prepared and waiting in its workflow for "Bevestigen". */
  chain: ChainState | null;
  /** Dutch: why the request could not be prepared (a name that fits several patients, text missing). */
  refusal: { message: string; fields: Record<string, string> } | null;
  noShow: boolean;
  /** A question about a patient's record (`dossiervraag`), answered by the record's own use case. */
  answer: Antwoord | null;
}

/** The proposal after "Bevestigen" or "Afwijzen". */
export interface PageDecision {
  kind: 'decision';
  chain: ChainState;
}

const sendsAProposal = new Set(['dagnotitie', 'agenda-change', 'chain']);

/**
 * The actions of a routed message that become a chain: a daily note, an agenda change, or several
 * actions at once. The daily note's category defaults as the chat's note block defaults it.
 */
function proposedActions(routing: Routing): ChainAction[] | null {
  if (routing.kind !== 'block' || !sendsAProposal.has(routing.block.type)) return null;
  const { block } = routing;
  if (block.type === 'chain') return block.actions;
  if (block.type === 'agenda-change') return [block.action];
  if (block.type !== 'dagnotitie') return null;
  return [
    {
      intent: 'dagnotitie',
      entities: { patientId: block.patient.id, patientName: block.patient.name, category: block.category, content: block.content },
      confidence: 1,
    },
  ];
}

/** The key a page's composer sends along: a new one with every page. */
export function pageRequestKey(): string {
  return randomUUID();
}

/**
 * One message is one chain: the page's key (a fresh one with every page) and the message itself,
 * so the same form sent twice joins the chain it started, and another message starts its own.
 * The key is hashed into the chain id, never stored as text.
 */
function requestKeyOf(pageKey: string, message: string): string {
  const page = isUuid(pageKey) ? pageKey : randomUUID();
  return `pagina-${page}-${createHash('sha256').update(message).digest('hex').slice(0, 32)}`;
}

/** The reply read to its end; a model that fails halfway is said in Dutch, as the stream says it. */
async function wholeReply(source: AsyncIterable<string>): Promise<string> {
  let text = '';
  try {
    for await (const piece of source) text += piece;
  } catch (error) {
    if (error instanceof AppError) throw error;
    console.error(`[assistant-page] reply failed: ${error instanceof Error ? error.name : 'unknown error'}`);
    return text ? `${text.trim()}\n\n${upstreamFailure}` : upstreamFailure;
  }
  return text.trim();
}

/** `message` (and the page's `requestKey`) → the reply, and the proposal of what it asked to change. */
export async function sendFromPage(actor: AuditActor, values: FormValues, signal: AbortSignal): Promise<PageTurn> {
  const body = parseOrThrow(chatRequestSchema, { message: values.message ?? '', context: { shift: currentShift() } });
  const deps = await classifyDeps();
  const [reply, classification] = await Promise.all([
    wholeReply(chatReply(deps, actor, body, signal)),
    classifyCore(deps, actor, { input: body.message, context: body.context }),
  ]);
  const noShow = isNoShowCommand(body.message);
  const routing = noShow ? ({ kind: 'fallback' } as const) : routeActions(classification.chain.actions);
  const actions = proposedActions(routing);
  const turn: PageTurn = { kind: 'turn', message: body.message, reply, routing, chain: null, refusal: null, noShow, answer: null };
  if (routing.kind === 'block' && routing.block.type === 'dossiervraag') {
    const { patient, vraag } = routing.block;
    await limitQuestion(actor.userId, deps);
    return { ...turn, answer: await answerQuestion(deps, actor, { patientId: patient.id, vraag }, signal) };
  }
  if (!actions) return turn;
  try {
    const chain = await startChain(await requireTemporal(), actor, {
      actions,
      requestKey: requestKeyOf(values.requestKey ?? '', body.message),
    });
    return { ...turn, chain };
  } catch (error) {
    // A request the chain cannot take (text missing, a name that fits several patients) is said beside the reply.
    if (!(error instanceof AppError) || error.code !== 'validation_failed') throw error;
    return { ...turn, refusal: { message: error.message, fields: fieldsOf(error.details) ?? {} } };
  }
}

const editField = new RegExp(`^edits\\.(\\d+)\\.(${editableFieldNames.join('|')})$`);
const choiceField = /^choices\.(\d+)$/;

/**
 * The confirmation form → the chat's confirm body: a chosen appointment per step (`choices.N`) and
 * the prepared write as the form shows it (`edits.N.field`). The handover box sends "false" from a
 * hidden field before it and "true" when ticked; a datetime-local is the ward's clock.
 */
export function confirmationOf(values: FormValues): { choices: Record<string, string>; edits: Edits } {
  const choices: Record<string, string> = {};
  const edits: Record<string, Record<string, unknown>> = {};
  for (const [name, value] of Object.entries(values)) {
    const choice = choiceField.exec(name);
    if (choice) {
      if (value) choices[choice[1]!] = value;
      continue;
    }
    const edit = editField.exec(name);
    if (!edit) continue;
    const [, index, field] = edit as unknown as [string, string, string];
    const step = (edits[index] ??= {});
    if (field === 'includeInHandover') step.includeInHandover = value === 'true';
    else if (field === 'start') {
      if (value) step.start = wallClockToIso(value) ?? value;
    } else if (field === 'content' || value.trim() !== '') step[field] = value;
  }
  return { choices, edits: edits as Edits };
}

/** "Bevestigen" or "Afwijzen" of a proposal, named by `chainId`: the chat's own confirm and reject. */
export async function decideFromPage(actor: AuditActor, values: FormValues): Promise<PageDecision> {
  const temporal = await requireTemporal();
  const chainId = values.chainId ?? '';
  const chain =
    values.intent === 'reject'
      ? await rejectChain(temporal, actor, chainId)
      : await confirmChain(temporal, actor, chainId, confirmationOf(values));
  return { kind: 'decision', chain };
}

/** `/assistent?opdracht=<id>`: a proposal as it stands now (one still being written, looked at again). */
export async function proposalOnPage(actor: AuditActor, chainId: string): Promise<{ chain: ChainState } | { message: string }> {
  try {
    const temporal = await requireTemporal();
    return { chain: await perform(actor, readChainState, { chainId, state: () => chainState(temporal, actor, chainId) }) };
  } catch (error) {
    if (error instanceof AppError && error.code !== 'internal') return { message: error.message };
    throw error;
  }
}

/**
 * The proposal as it stands after a refused decision (a missing reason, decided in another tab), so
 * the page shows it again with the message; none for a chain this clinician cannot see.
 */
export async function proposalAfterRefusal(actor: AuditActor, values: FormValues, error: unknown): Promise<ChainState | null> {
  if (!(error instanceof AppError) || error.code === 'not_found' || !values.chainId) return null;
  return chainState(await requireTemporal(), actor, values.chainId).catch(() => null);
}
