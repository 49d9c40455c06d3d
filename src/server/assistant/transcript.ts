import type { AssistantMessage } from '#shared/assistant';

/**
 * A handed-off conversation as the enquiry's text (docs/assistant.md, "Send this to a
 * person"): who said what, in order. The only place a visitor's questions are ever stored.
 */
export function transcriptOf(messages: readonly AssistantMessage[]): string {
  const lines = messages.map(
    (m) => `${m.role === 'user' ? 'Visitor' : 'Assistant'}: ${m.content.trim()}`,
  );
  return ['Conversation with the site assistant:', ...lines].join('\n\n');
}
