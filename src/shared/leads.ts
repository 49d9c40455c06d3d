import { z } from 'zod/mini';
import { contactSubjectValues } from './contact';
import { LIMITS } from './constants';
import { MESSAGES } from './messages';
import { subscriberShownStatusValues } from './newsletter';
import { pageField } from './validation';

export const MESSAGES_PAGE_SIZE = 25;
export const SUBSCRIBERS_PAGE_SIZE = 50;

export const SUBJECT_FILTER_MESSAGE = `Subject must be ${contactSubjectValues.slice(0, -1).join(', ')} or ${contactSubjectValues.at(-1)}`;

/**
 * The search and subject filter shared by the list and the CSV export. Blank values (an empty
 * query-string parameter) mean "no filter".
 */
export const messageFilterInput = z.object({
  q: z.pipe(
    z.optional(
      z.string().check(
        z.trim(),
        z.maxLength(LIMITS.searchMax, MESSAGES.search),
        // The full-text index cannot take a NUL in a query (SQLite: "unterminated string").
        z.refine((q) => !q.includes('\0'), MESSAGES.searchNul),
      ),
    ),
    z.transform((q) => (q ? q : undefined)),
  ),
  subject: z.pipe(
    z.optional(z.union([z.enum(contactSubjectValues), z.literal('')], SUBJECT_FILTER_MESSAGE)),
    z.transform((subject) => (subject ? subject : undefined)),
  ),
});
export type MessageFilter = z.output<typeof messageFilterInput>;

export const messageListInput = z.prefault(z.extend(messageFilterInput, { page: pageField }), {});
export type MessageListInput = z.input<typeof messageListInput>;

export const STATUS_FILTER_MESSAGE = `Status must be ${subscriberShownStatusValues.slice(0, -1).join(', ')} or ${subscriberShownStatusValues.at(-1)}`;

/**
 * The search (part of the address, any letter case) and status filter shared by the
 * subscribers list and its CSV export; blank values mean "no filter".
 */
export const subscriberFilterInput = z.object({
  q: z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(LIMITS.searchMax, MESSAGES.search))),
    z.transform((q) => (q ? q : undefined)),
  ),
  status: z.pipe(
    z.optional(
      z.union([z.enum(subscriberShownStatusValues), z.literal('')], STATUS_FILTER_MESSAGE),
    ),
    z.transform((status) => (status ? status : undefined)),
  ),
});
export type SubscriberFilter = z.output<typeof subscriberFilterInput>;

export const subscriberListInput = z.prefault(
  z.extend(subscriberFilterInput, { page: pageField }),
  {},
);
export type SubscriberListInput = z.input<typeof subscriberListInput>;
