import { currentShift } from '../../domain/shared/clinical-time';
import { useMatches } from '@remix-run/react';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ChainAction } from '../../domain/intent/intent.schemas';
import { isNoShowCommand } from '../../domain/noshow/noshow.command';
import { leaveForExpiredSession } from '../lib/api-client';
import { requestJson } from './api';
import type { AssistantError } from './errors';
import type { Nudge } from './nudges';
import { routeActions, type PatientRef, type Routing } from './routing';
import { streamChat, type ChatRequestBody } from './stream';

/** The request carries at most this many earlier messages (CONTRACT §7). */
export const historyLimit = 20;

export type RoutingState = { kind: 'classifying' } | { kind: 'failed'; error: AssistantError } | Routing;

export type Message =
  | { id: string; role: 'user'; content: string }
  | {
      id: string;
      role: 'assistant';
      content: string;
      status: 'streaming' | 'done' | 'error';
      error?: AssistantError;
      /** What was sent, so a failed reply or classification can be asked again as it was. */
      request: ChatRequestBody;
      routing: RoutingState;
    }
  | ({ role: 'nudge' } & Nudge);

export type AssistantMessage = Extract<Message, { role: 'assistant' }>;

interface Classification {
  chain: { actions: ChainAction[] };
}

interface ConversationValue {
  messages: Message[];
  streaming: boolean;
  languageModelConfigured: boolean;
  /** A speech provider is configured: the composer offers dictation (ADR 0016). */
  speechConfigured: boolean;
  activePatient: PatientRef | null;
  send(text: string): void;
  retryReply(id: string): void;
  retryRouting(id: string): void;
  setRouting(id: string, routing: Routing): void;
  addNudges(nudges: Nudge[]): void;
  reset(): void;
  blockState: Record<string, unknown>;
  setBlockState(key: string, update: (previous: unknown) => unknown): void;
}

const ConversationContext = createContext<ConversationValue | null>(null);
const TurnContext = createContext<string>('');

export function useConversation(): ConversationValue {
  const value = useContext(ConversationContext);
  if (!value) throw new Error('useConversation needs an AssistantProvider');
  return value;
}

/** The patient whose record is open: the panel's requests are about them unless another is named. */
export function useActivePatient(): PatientRef | null {
  const matches = useMatches();
  const record = matches.find((match) => match.id === 'routes/_app.patients.$id');
  const patient = (record?.data as { patient?: { id?: unknown; displayName?: unknown } } | undefined)?.patient;
  return typeof patient?.id === 'string' && typeof patient.displayName === 'string' ? { id: patient.id, name: patient.displayName } : null;
}

let counter = 0;
// Unique beyond this page: an assistant message's id is the request key of the chain it starts.
const nextId = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * One conversation for the whole shell: the side panel and the /assistent page show the same
 * messages, and a reply keeps streaming while the panel is closed or the page changes. What a
 * block has loaded or saved lives here too, so reopening the panel does not offer a saved note again.
 */
export function AssistantProvider({
  languageModelConfigured,
  speechConfigured,
  children,
}: {
  languageModelConfigured: boolean;
  speechConfigured: boolean;
  children: ReactNode;
}) {
  const [messages, setMessages] = useState<Message[]>([]);
  const [blockState, setBlockStateMap] = useState<Record<string, unknown>>({});
  const activePatient = useActivePatient();
  const running = useRef(new Map<string, () => void>());

  useEffect(() => {
    const requests = running.current;
    return () => requests.forEach((cancel) => cancel());
  }, []);

  const updateAssistant = useCallback((id: string, change: (message: AssistantMessage) => AssistantMessage) => {
    setMessages((current) => current.map((message) => (message.id === id && message.role === 'assistant' ? change(message) : message)));
  }, []);

  const stream = useCallback(
    (id: string, request: ChatRequestBody) => {
      running.current.get(`${id}:stream`)?.();
      const cancel = streamChat(request, {
        onChunk: (text) => updateAssistant(id, (message) => ({ ...message, content: message.content + text })),
        onDone: () => {
          running.current.delete(`${id}:stream`);
          updateAssistant(id, (message) => ({ ...message, status: 'done' }));
        },
        onError: (error) => {
          running.current.delete(`${id}:stream`);
          updateAssistant(id, (message) => ({ ...message, status: 'error', error }));
          if (error.code === 'unauthorized') leaveForExpiredSession();
        },
      });
      running.current.set(`${id}:stream`, cancel);
    },
    [updateAssistant],
  );

  const classify = useCallback(
    (id: string, request: ChatRequestBody) => {
      // A no-show needs only a name and a time, found by its own route (ADR 14), not an intent.
      if (isNoShowCommand(request.message)) {
        updateAssistant(id, (message) => ({
          ...message,
          routing: { kind: 'block', block: { type: 'noshow', sentence: request.message } },
        }));
        return;
      }
      const controller = new AbortController();
      running.current.get(`${id}:classify`)?.();
      running.current.set(`${id}:classify`, () => controller.abort());
      const patient = request.context?.activePatient ?? null;
      void requestJson<Classification>('/api/core/classify', {
        body: { input: request.message, context: request.context },
        signal: controller.signal,
        timeoutMs: 20_000,
      }).then((result) => {
        if (controller.signal.aborted) return;
        running.current.delete(`${id}:classify`);
        const routing: RoutingState = result.ok
          ? routeActions(result.data.chain.actions, patient)
          : { kind: 'failed', error: result.error };
        updateAssistant(id, (message) => ({ ...message, routing }));
      });
    },
    [updateAssistant],
  );

  const activeRef = useRef(activePatient);
  activeRef.current = activePatient;
  const messagesRef = useRef(messages);
  messagesRef.current = messages;

  const send = useCallback(
    (text: string) => {
      const message = text.trim();
      if (!message) return;
      const active = activeRef.current;
      const context: ChatRequestBody['context'] = { shift: currentShift(), ...(active ? { activePatient: active } : {}) };
      const assistantId = nextId('assistant');
      const history = messagesRef.current
        .flatMap((item) =>
          item.role === 'user' || (item.role === 'assistant' && item.content) ? [{ role: item.role, content: item.content }] : [],
        )
        .slice(-historyLimit);
      const request: ChatRequestBody = { message, messages: history, context };
      const turn: Message[] = [
        { id: nextId('user'), role: 'user', content: message },
        { id: assistantId, role: 'assistant', content: '', status: 'streaming', request, routing: { kind: 'classifying' } },
      ];
      messagesRef.current = [...messagesRef.current, ...turn];
      setMessages((current) => [...current, ...turn]);
      // The chat reply and the routing of the message run side by side: the block can open before the reply is complete.
      stream(assistantId, request);
      classify(assistantId, request);
    },
    [classify, stream],
  );

  const findAssistant = useCallback(
    (id: string) => messages.find((message): message is AssistantMessage => message.id === id && message.role === 'assistant'),
    [messages],
  );

  const retryReply = useCallback(
    (id: string) => {
      const message = findAssistant(id);
      if (!message) return;
      updateAssistant(id, (current) => ({ ...current, content: '', status: 'streaming', error: undefined }));
      stream(id, message.request);
    },
    [findAssistant, stream, updateAssistant],
  );

  const retryRouting = useCallback(
    (id: string) => {
      const message = findAssistant(id);
      if (!message) return;
      updateAssistant(id, (current) => ({ ...current, routing: { kind: 'classifying' } }));
      classify(id, message.request);
    },
    [classify, findAssistant, updateAssistant],
  );

  const setRouting = useCallback(
    (id: string, routing: Routing) => updateAssistant(id, (message) => ({ ...message, routing })),
    [updateAssistant],
  );

  const addNudges = useCallback((nudges: Nudge[]) => {
    setMessages((current) => {
      const known = new Set(current.map((message) => message.id));
      const fresh = nudges.filter((nudge) => !known.has(nudge.id)).map((nudge) => ({ ...nudge, role: 'nudge' as const }));
      return fresh.length ? [...fresh, ...current] : current;
    });
  }, []);

  const reset = useCallback(() => {
    running.current.forEach((cancel) => cancel());
    running.current.clear();
    setMessages([]);
    setBlockStateMap({});
  }, []);

  const setBlockState = useCallback((key: string, update: (previous: unknown) => unknown) => {
    setBlockStateMap((current) => ({ ...current, [key]: update(current[key]) }));
  }, []);

  const streaming = messages.some((message) => message.role === 'assistant' && message.status === 'streaming');
  const value = useMemo<ConversationValue>(
    () => ({
      messages,
      streaming,
      languageModelConfigured,
      speechConfigured,
      activePatient,
      send,
      retryReply,
      retryRouting,
      setRouting,
      addNudges,
      reset,
      blockState,
      setBlockState,
    }),
    [
      messages,
      streaming,
      languageModelConfigured,
      speechConfigured,
      activePatient,
      send,
      retryReply,
      retryRouting,
      setRouting,
      addNudges,
      reset,
      blockState,
      setBlockState,
    ],
  );
  return <ConversationContext.Provider value={value}>{children}</ConversationContext.Provider>;
}

/** Gives the blocks of one assistant message their own slice of the conversation's block state. */
export function TurnScope({ id, children }: { id: string; children: ReactNode }) {
  return <TurnContext.Provider value={id}>{children}</TurnContext.Provider>;
}

/** The id of the message a block belongs to. */
export function useTurnId(): string {
  return useContext(TurnContext);
}

/** Like useState, but kept in the conversation under this turn, so it survives closing the panel. */
export function useTurnState<T>(key: string, initial: T): [T, (next: T | ((previous: T) => T)) => void] {
  const { blockState, setBlockState } = useConversation();
  const turn = useContext(TurnContext);
  const full = `${turn}:${key}`;
  const initialRef = useRef(initial);
  const value = (full in blockState ? blockState[full] : initialRef.current) as T;
  const set = useCallback(
    (next: T | ((previous: T) => T)) =>
      setBlockState(full, (previous) => {
        const current = (previous === undefined ? initialRef.current : previous) as T;
        return typeof next === 'function' ? (next as (previous: T) => T)(current) : next;
      }),
    [full, setBlockState],
  );
  return [value, set];
}
