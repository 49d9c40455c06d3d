/**
 * The Mail screen's words (docs/mail.md, "The Mail screen"): what the admin lists and how, for
 * the server's procedures and the screen.
 */
import { z } from 'zod/mini';
import { pageField } from './validation';
import { outboxFilterValues } from './address-values';

// Zod-free, for the router's check of an address (address-values.ts).
export { outboxFilterValues, type OutboxFilter } from './address-values';

export const OUTBOX_PAGE_SIZE = 50;

export const OUTBOX_MESSAGES = {
  status: 'Status must be queued, failed or sent.',
  notFound: 'No such mail.',
  notFailed: 'Only a failed mail can be sent again.',
  codeGone: 'A sign-in code is not sent again: its text is gone once settled. Sign in again.',
  erased: 'This mail was to a person who has been erased: it is not sent again.',
} as const;

export const outboxListInput = z.prefault(
  z.object({
    status: z._default(z.enum(outboxFilterValues, OUTBOX_MESSAGES.status), 'queued'),
    page: pageField,
  }),
  {},
);
export type OutboxListInput = z.input<typeof outboxListInput>;
