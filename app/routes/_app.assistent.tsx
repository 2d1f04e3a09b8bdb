import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useEffect } from 'react';
import type { ChainState } from '../../domain/intent/chain';
import { decideFromPage, pageRequestKey, proposalAfterRefusal, proposalOnPage, sendFromPage } from '../assistant-page.server';
import { chatLimiter, requireAssistantEnabled } from '../assistant.server';
import { AssistantChat } from '../assistant/assistant-chat';
import { pageComposerId, useShortcutLabel } from '../assistant/assistant-panel';
import { useConversation } from '../assistant/conversation';
import { PageTurn, type PageAnswer } from '../assistant/page-turn';
import { requireUser } from '../auth.server';
import { PageHeader } from '../components/page';
import { formFailure, valuesOf } from '../form.server';
import { actorFor } from '../tenant.server';

export const meta: MetaFunction = () => [{ title: 'Assistent — GGZ-EPD' }];

/** A fresh key per page: the composer sends it, so the same message posted twice is one proposal. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const chainId = url.searchParams.get('opdracht');
  const proposal = chainId ? await proposalOnPage(actorFor(user, context, 'assistant'), chainId) : null;
  return { requestKey: pageRequestKey(), proposal, example: url.searchParams.get('vraag') ?? '' };
}

/**
 * The assistant without JavaScript (ADR 0081): `intent=send` answers a message with the reply and
 * the proposal of what it asks to change; `intent=confirm|reject` decides on that proposal by its
 * id. With JavaScript the chat streams and never posts here. Every refusal is said on the page.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const actor = actorFor(user, context, 'assistant');
  const values = valuesOf(await request.formData());
  const deciding = values.intent === 'confirm' || values.intent === 'reject';
  try {
    requireAssistantEnabled();
    if (deciding) return await decideFromPage(actor, values);
    await chatLimiter.take(user.id);
    return await sendFromPage(actor, values, request.signal);
  } catch (error) {
    const chain = deciding ? await proposalAfterRefusal(actor, values, error) : null;
    return formFailure(error, values, { shows: 'every-refusal', extra: { kind: 'failure', chain } });
  }
}

export default function AssistantPage() {
  const { messages } = useConversation();
  const { requestKey, proposal, example } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>() as PageAnswer | undefined;
  // A proposal looked at again by its address is shown as its decision would be.
  const answer: PageAnswer | undefined =
    posted ??
    (proposal === null
      ? undefined
      : 'chain' in proposal
        ? { kind: 'decision', chain: proposal.chain as ChainState }
        : { kind: 'failure', message: proposal.message, fields: {}, values: { intent: 'confirm' }, chain: null });
  // A refused message is said at the composer; a refused decision in the conversation, where its proposal was.
  const sendFailure =
    answer?.kind === 'failure' && answer.values.intent !== 'confirm' && answer.values.intent !== 'reject' ? answer : undefined;
  const started = messages.some((message) => message.role !== 'nudge') || (answer !== undefined && !sendFailure);
  const shortcut = useShortcutLabel();

  useEffect(() => {
    document.getElementById(pageComposerId)?.focus();
  }, []);

  return (
    <div className="assistant-page">
      <PageHeader
        title="Assistent"
        description={
          started
            ? 'Controleer wat de assistent voorbereidt: er wordt niets vastgelegd zonder jouw bevestiging.'
            : `Vraag of dicteer in gewone taal wat er moet gebeuren. Ook bereikbaar vanaf elke pagina met ${shortcut}.`
        }
      />
      <AssistantChat
        variant="page"
        composerId={pageComposerId}
        requestKey={requestKey}
        initialDraft={example}
        posted={answer && !sendFailure ? <PageTurn answer={answer} /> : null}
        postFailure={
          sendFailure ? { message: sendFailure.message, field: sendFailure.fields.message, draft: sendFailure.values.message } : null
        }
      />
    </div>
  );
}
