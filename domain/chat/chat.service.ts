import { dutchDay } from '../agenda/agenda.dates';
import type { AiPort } from '../ai/ai.port';
import { chatAssistantPrompt, chatSystemPrompt } from '../ai/prompts/chat-assistant.prompt';
import { Pseudonymiser, type KnownPerson } from '../ai/pseudonymise';
import type { AuditActor } from '../audit/audit.service';
import type { MikroORM } from '../db/orm';
import { classifyCore, trustedContext } from '../intent/intent.service';
import { classifyReflex } from '../intent/reflex';
import { isNoShowCommand } from '../noshow/noshow.command';
import type { ChatRequest } from './chat.schemas';
import { localReply, noShowReply } from './local-reply';

export interface ChatDeps {
  orm: MikroORM;
  ai: AiPort;
}

/** Every name the conversation mentions, so pseudonymisation hides it before the model sees it. */
function mentionedPeople(request: ChatRequest): KnownPerson[] {
  const texts = [request.message, ...request.messages.map((message) => message.content)];
  const names = new Set(texts.flatMap((text) => classifyReflex(text, request.context).names));
  if (request.context?.activePatient) names.add(request.context.activePatient.name);
  return [...names].map((name) => ({ name }));
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
export async function* chatReply(deps: ChatDeps, actor: AuditActor, claimed: ChatRequest, signal: AbortSignal, now = new Date()): AsyncGenerator<string, void, undefined> {
  const request = { ...claimed, context: await trustedContext(deps.orm, actor, claimed.context) };
  if (!deps.ai.configured) {
    if (isNoShowCommand(request.message)) {
      yield* pieces(noShowReply);
      return;
    }
    const classification = await classifyCore(deps, actor, { input: request.message, context: request.context }, now);
    yield* pieces(localReply(classification.chain.actions));
    return;
  }
  yield* deps.ai.stream({
    capability: 'chat',
    prompt: chatAssistantPrompt,
    messages: [
      { role: 'system', content: chatSystemPrompt(request.context, dutchDay(now, 'EEEE d MMMM yyyy')) },
      ...request.messages,
      { role: 'user', content: request.message },
    ],
    context: { organisationId: actor.organisationId, userId: actor.userId, patientId: request.context?.activePatient?.id ?? null },
    pseudonymiser: new Pseudonymiser(mentionedPeople(request)),
    signal,
  });
}
