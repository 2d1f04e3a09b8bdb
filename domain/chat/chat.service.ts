import { dutchDay } from '../shared/clinical-time';
import { AiRefusedError, refusedNotice, type AiPort } from '../ai/ai.port';
import { peopleOfCall } from '../ai/known-people';
import { chatAssistantPrompt, chatSystemMessages } from '../ai/prompts/chat-assistant.prompt';
import { Pseudonymiser } from '../ai/pseudonymise';
import type { AuditActor } from '../audit/audit.service';
import type { MikroORM } from '../db/orm';
import { tenantOf, withTenant } from '../db/tenant';
import { classifyCore, trustedContext } from '../intent/intent.service';
import { classifyReflex } from '../intent/reflex';
import { isNoShowCommand } from '../noshow/noshow.command';
import type { ChatRequest } from './chat.schemas';
import { localReply, noShowReply } from './local-reply';

export interface ChatDeps {
  orm: MikroORM;
  ai: AiPort;
}

/**
 * Everyone the record knows who may be in the conversation (the active patient with contact
 * persons and GPs, staff, other patients named), and every name the conversation mentions.
 */
async function peopleInConversation(orm: MikroORM, actor: AuditActor, request: ChatRequest): Promise<Pseudonymiser> {
  const texts = [request.message, ...request.messages.map((message) => message.content)];
  const patientIds = request.context?.activePatient ? [request.context.activePatient.id] : [];
  const { record, staff } = await withTenant(orm, tenantOf(actor), (em) => peopleOfCall(em, actor.organisationId, { patientIds, texts }));
  const names = new Set(texts.flatMap((text) => classifyReflex(text, request.context).names));
  if (request.context?.activePatient) names.add(request.context.activePatient.name);
  return new Pseudonymiser([...record, ...[...names].map((name) => ({ name }))], [staff]);
}

/** The local reply goes out in a few pieces too, so the client reads one kind of stream. */
function* pieces(text: string): Generator<string> {
  const words = text.split(/(?<=\s)/);
  for (let index = 0; index < words.length; index += 4) yield words.slice(index, index + 4).join('');
}

/**
 * The assistant's reply, as text pieces while they arrive. With a model: the conversation
 * (pseudonymised, last 20 messages) streamed through the AI port, aborted with `signal`. Without
 * one: the local classification answered in a templated line.
 */
export async function* chatReply(
  deps: ChatDeps,
  actor: AuditActor,
  claimed: ChatRequest,
  signal: AbortSignal,
  now = new Date(),
): AsyncGenerator<string, void, undefined> {
  const request = { ...claimed, context: await trustedContext(deps.orm, actor, claimed.context) };
  const context = { organisationId: actor.organisationId, userId: actor.userId, patientId: request.context?.activePatient?.id ?? null };
  const local = async function* (notice?: string): AsyncGenerator<string, void, undefined> {
    if (notice) yield* pieces(`${notice}\n\n`);
    if (isNoShowCommand(request.message)) {
      yield* pieces(noShowReply);
      return;
    }
    const classification = await classifyCore(deps, actor, { input: request.message, context: request.context }, now);
    yield* pieces(localReply(classification.chain.actions));
  };
  if (!deps.ai.configured) {
    await deps.ai.recordLocal({ capability: 'chat', prompt: chatAssistantPrompt, context, reason: 'geen taalmodel ingesteld' });
    yield* local();
    return;
  }
  const reply = deps.ai.stream({
    capability: 'chat',
    prompt: chatAssistantPrompt,
    messages: [
      ...chatSystemMessages(request.context, dutchDay(now, 'EEEE d MMMM yyyy')),
      ...request.messages,
      { role: 'user', content: request.message },
    ],
    context,
    pseudonymiser: await peopleInConversation(deps.orm, actor, request),
    signal,
  });
  try {
    yield* reply;
  } catch (error) {
    // Refused before anything was sent or shown: the local answer, with the reason.
    if (!(error instanceof AiRefusedError)) throw error;
    yield* local(refusedNotice);
  }
}
