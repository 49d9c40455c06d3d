/**
 * The engagement's thread (docs/engagements.md, "The thread"): the client's message from their
 * page, its limits and its words, written once for the page's form and the server.
 */
import { z } from 'zod/mini';
import { storedText } from '../validation';

/**
 * The outbox's `ref` topic of the owner's notices: `engagement-messages:<engagement id>`; an
 * erased lead's notice still waiting goes with it (leads/engagement-records.ts).
 */
export const THREAD_NOTICE_TOPIC = 'engagement-messages';

export const THREAD_LIMITS = {
  /** A client's message, in characters after trimming. */
  messageMax: 5000,
  /** The owner is mailed at most once in this long per engagement, however many messages come. */
  ownerNoticeMs: 5 * 60 * 1000,
} as const;

export const THREAD_MESSAGES = {
  messageRequired: 'Write a message before sending it.',
  messageMax: `A message can be at most ${THREAD_LIMITS.messageMax.toLocaleString('en')} characters.`,
  closed: 'This engagement is closed: its page can be read but no longer takes messages.',
} as const;

/** The client's message: its text trimmed, 1-5,000 characters. */
export const clientMessageInput = z.object({
  text: storedText().check(
    z.trim(),
    z.minLength(1, THREAD_MESSAGES.messageRequired),
    z.maxLength(THREAD_LIMITS.messageMax, THREAD_MESSAGES.messageMax),
  ),
});
export type ClientMessageInput = z.input<typeof clientMessageInput>;
