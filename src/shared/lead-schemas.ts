import { z } from 'zod';
import { contactSubjectValues } from './schemas';

export const MESSAGES_PAGE_SIZE = 25;
export const SUBSCRIBERS_PAGE_SIZE = 50;
/** Longer searches are no use against fields of at most 5,000 characters' worth of words. */
export const SEARCH_MAX = 200;

export const LEAD_MESSAGES = {
  page: 'Page must be a positive whole number',
  search: `Search must be at most ${SEARCH_MAX} characters`,
  subject: 'Subject must be consulting, custom, partnership or other',
  read: 'Read must be true or false',
} as const;

/** A page number, or its digits as they arrive in a query string; blank is the first page. */
const pageField = z
  .union(
    [
      z
        .number(LEAD_MESSAGES.page)
        .int(LEAD_MESSAGES.page)
        .positive(LEAD_MESSAGES.page)
        .max(1_000_000_000, LEAD_MESSAGES.page),
      z
        .string()
        .regex(/^([1-9]\d{0,8})?$/)
        .transform((digits) => (digits ? Number(digits) : 1)),
    ],
    LEAD_MESSAGES.page,
  )
  .optional()
  .transform((page) => page ?? 1);

/**
 * The search and subject filter shared by the list and the CSV export. Blank values (an empty
 * query-string parameter) mean "no filter".
 */
export const messageFilterInput = z.object({
  q: z
    .string()
    .trim()
    .max(SEARCH_MAX, LEAD_MESSAGES.search)
    .optional()
    .transform((q) => (q ? q : undefined)),
  subject: z
    .union([z.enum(contactSubjectValues), z.literal('')], LEAD_MESSAGES.subject)
    .optional()
    .transform((subject) => (subject ? subject : undefined)),
});
export type MessageFilter = z.output<typeof messageFilterInput>;

export const messageListInput = messageFilterInput.extend({ page: pageField }).prefault({});
export type MessageListInput = z.input<typeof messageListInput>;

export const subscriberListInput = z.object({ page: pageField }).prefault({});
