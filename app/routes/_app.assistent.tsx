import type { MetaFunction } from '@remix-run/node';
import { useEffect } from 'react';
import { AssistantChat } from '../assistant/assistant-chat';
import { pageComposerId, useShortcutLabel } from '../assistant/assistant-panel';
import { useConversation } from '../assistant/conversation';
import { PageHeader } from '../components/page';

export const meta: MetaFunction = () => [{ title: 'Assistent — GGZ-EPD' }];

export default function AssistantPage() {
  const { messages } = useConversation();
  const started = messages.some((message) => message.role !== 'nudge');
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
      <AssistantChat variant="page" composerId={pageComposerId} />
    </div>
  );
}
