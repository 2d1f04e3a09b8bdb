import type { MetaFunction } from '@remix-run/node';
import { useEffect } from 'react';
import { requestJson } from '../assistant/api';
import { AssistantChat } from '../assistant/assistant-chat';
import { pageComposerId } from '../assistant/assistant-panel';
import { useConversation } from '../assistant/conversation';
import { wardNudges, type WardPatient } from '../assistant/nudges';
import { PageHeader } from '../components/page';

export const meta: MetaFunction = () => [{ title: 'Assistent — GGZ-EPD' }];

export default function AssistantPage() {
  const { addNudges, messages } = useConversation();
  const started = messages.some((message) => message.role !== 'nudge');

  // Hints from the ward's alerts of the last 24 hours; without them the page works just the same.
  useEffect(() => {
    const controller = new AbortController();
    void requestJson<{ patients: WardPatient[] }>('/api/overdracht/patients?alerts=true', { signal: controller.signal }).then((result) => {
      if (result.ok && !controller.signal.aborted) addNudges(wardNudges(result.data.patients));
    });
    return () => controller.abort();
  }, [addNudges]);

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
            : 'Vraag of dicteer in gewone taal wat er moet gebeuren. Ook bereikbaar vanaf elke pagina met Ctrl+K.'
        }
      />
      <AssistantChat variant="page" composerId={pageComposerId} />
    </div>
  );
}
