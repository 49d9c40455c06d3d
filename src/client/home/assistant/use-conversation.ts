import { useCallback, useEffect, useRef, useState } from 'react';
import { ASSISTANT_LIMITS, type AssistantEnd, type AssistantMessage } from '#shared/assistant';
import { AssistantError, askAssistant, NETWORK_FAILED } from './ask';

/** One message on screen: a visitor's question, or an answer with its pages and offer. */
export type Turn = { id: number; content: string } & (
  | { role: 'user' }
  | ({ role: 'assistant' } & AssistantEnd)
);

export interface Conversation {
  turns: Turn[];
  /** The answer streaming in now; null when none is. */
  streaming: string | null;
  /** Why the last question got no answer, in words; null otherwise. */
  error: string | null;
  ask(question: string): Promise<void>;
  /** The conversation as the server takes it (POST /api/assistant/handoff). */
  messages(): AssistantMessage[];
}

/** At most 1,000 characters a message: a longer answer is sent back cut. */
function sendable(turn: Turn): AssistantMessage {
  return { role: turn.role, content: turn.content.slice(0, ASSISTANT_LIMITS.contentMax) };
}

/** The last `max` turns: the conversation lives in memory only, and this long at most. */
function lastOf(turns: Turn[], max: number = ASSISTANT_LIMITS.messages): Turn[] {
  return turns.slice(Math.max(0, turns.length - max));
}

/**
 * The panel's conversation (docs/assistant.md, "The panel"): the last 10 messages, kept in
 * this component's memory only (no storage, no cookie), gone when the page is left.
 */
export function useConversation(): Conversation {
  const [turns, setTurns] = useState<Turn[]>([]);
  const [streaming, setStreaming] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const nextId = useRef(0);

  useEffect(() => () => abort.current?.abort(), []);

  const ask = useCallback(
    async (question: string) => {
      if (abort.current) return;
      const asked: Turn = { id: nextId.current++, role: 'user', content: question };
      // The question and up to 9 earlier messages, the empty answers left out.
      const history = turns.filter((turn) => turn.content.trim() !== '');
      const sent = [...lastOf(history, ASSISTANT_LIMITS.messages - 1), asked].map(sendable);
      setTurns((all) => lastOf([...all, asked]));
      setError(null);
      setStreaming('');
      const controller = new AbortController();
      abort.current = controller;
      let text = '';
      try {
        const end = await askAssistant(
          sent,
          (piece) => {
            text += piece;
            setStreaming(text);
          },
          controller.signal,
        );
        const answer: Turn = { id: nextId.current++, role: 'assistant', content: text, ...end };
        // Added whole to the conversation's polite log: said once (conversation-view.tsx).
        setTurns((all) => lastOf([...all, answer]));
      } catch (failure) {
        if (controller.signal.aborted) return;
        setError(failure instanceof AssistantError ? failure.message : NETWORK_FAILED);
      } finally {
        abort.current = null;
        if (!controller.signal.aborted) setStreaming(null);
      }
    },
    [turns],
  );

  const messages = useCallback(
    () => turns.filter((turn) => turn.content.trim() !== '').map(sendable),
    [turns],
  );

  return { turns, streaming, error, ask, messages };
}
