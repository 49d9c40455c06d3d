/**
 * The site assistant's inputs and fixed words (docs/assistant.md): what a visitor may send,
 * what the switch takes, and the answers that never come from the model.
 */
import { z } from 'zod/mini';
import { contactInput } from './contact';
import { storedText } from './validation';

export const ASSISTANT_LIMITS = { messages: 10, contentMin: 1, contentMax: 1000 } as const;

export const ASSISTANT_MESSAGES = {
  role: 'Role must be user or assistant',
  content: `Each message must be ${ASSISTANT_LIMITS.contentMin}-${ASSISTANT_LIMITS.contentMax} characters`,
  messages: `Send 1-${ASSISTANT_LIMITS.messages} messages, the last one the visitor's question`,
  enabled: 'Must be on or off',
  notAvailable: 'The assistant is not available.',
} as const;

/** The fixed answer when the site's words hold nothing on the question: the model is not asked. */
export const ASSISTANT_OFFER =
  "The site doesn't say. Please write to us with the form or book a call, and a person will answer.";

const assistantMessage = z.object({
  role: z.enum(['user', 'assistant'], ASSISTANT_MESSAGES.role),
  content: storedText().check(
    z.minLength(ASSISTANT_LIMITS.contentMin, ASSISTANT_MESSAGES.content),
    z.maxLength(ASSISTANT_LIMITS.contentMax, ASSISTANT_MESSAGES.content),
  ),
});
export type AssistantMessage = z.output<typeof assistantMessage>;

const messagesField = z.array(assistantMessage).check(
  z.minLength(1, ASSISTANT_MESSAGES.messages),
  z.maxLength(ASSISTANT_LIMITS.messages, ASSISTANT_MESSAGES.messages),
  z.refine((messages) => messages.at(-1)?.role === 'user', ASSISTANT_MESSAGES.messages),
);

/** POST /api/assistant. */
export const assistantInput = z.object({ messages: messagesField });

/** POST /api/assistant/handoff: the conversation and the contact form's fields but its subject. */
export const handoffInput = z.object({
  messages: z
    .array(assistantMessage)
    .check(
      z.minLength(1, ASSISTANT_MESSAGES.messages),
      z.maxLength(ASSISTANT_LIMITS.messages, ASSISTANT_MESSAGES.messages),
    ),
  name: contactInput.shape.name,
  email: contactInput.shape.email,
  company: contactInput.shape.company,
  privacy: contactInput.shape.privacy,
  website: contactInput.shape.website,
});
export type HandoffInput = z.input<typeof handoffInput>;

/** PUT /api/assistant/settings. */
export const assistantSettingsInput = z.object({
  enabled: z.boolean(ASSISTANT_MESSAGES.enabled),
});

/** What ends every answer's stream (docs/api.md): the pages it drew on, and what to offer. */
export interface AssistantEnd {
  sources: { title: string; url: string }[];
  offer: 'contact' | 'booking' | null;
}
