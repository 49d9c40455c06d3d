import { z } from 'zod/mini';
import { emailField } from './validation';

/**
 * The owner's subscriber tools (docs/newsletter.md, "Added by the owner"): one address by
 * hand, a CSV import sent in parts, and resending the confirmation mail. Written once for the
 * procedures and the Subscribers screen.
 */

/** The API takes at most 64 KiB a body: each part of an import stays under this as JSON. */
export const IMPORT_PART_MAX_BYTES = 60_000;
/** At most this many addresses in one part (an address is at least 3 bytes of JSON and more). */
export const IMPORT_PART_MAX_ROWS = 5_000;
/** A cell longer than this is no address; kept short so a part's rows stay in bounds. */
export const IMPORT_CELL_MAX = 1_000;
/** A pending address gets at most one resent confirmation in this time. */
export const RESEND_INTERVAL_HOURS = 24;

/** What the owner ticks to add people as confirmed at once, without the confirmation mail. */
export const CONSENT_STATEMENT =
  'These people agreed to receive the newsletter elsewhere, and I can show it.';

export const SUBSCRIBER_TOOL_MESSAGES = {
  exists: 'This address is already on the list.',
  notPending: 'Only a pending address is sent a confirmation.',
  resentRecently: (hours: number) =>
    `A confirmation was resent less than ${RESEND_INTERVAL_HOURS} hours ago. Try again in ${hours} ${hours === 1 ? 'hour' : 'hours'}.`,
  noRows: 'Send at least one address',
  tooManyRows: `Send at most ${IMPORT_PART_MAX_ROWS.toLocaleString('en-US')} addresses in one part`,
  cell: `An address must be at most ${IMPORT_CELL_MAX.toLocaleString('en-US')} characters`,
  consent: 'Consent must be true or false',
} as const;

const consentField = z.optional(z.boolean(SUBSCRIBER_TOOL_MESSAGES.consent));

export const subscriberAddInput = z.object({ email: emailField, consent: consentField });
export type SubscriberAddInput = z.input<typeof subscriberAddInput>;

/**
 * One part of an import: the cells of the e-mail column, in the file's order. Each is checked
 * on its own on the server (an invalid one is answered as such, the rest still added), so a
 * cell here is only bounded, not validated.
 */
export const subscriberImportInput = z.object({
  emails: z
    .array(z.string().check(z.maxLength(IMPORT_CELL_MAX, SUBSCRIBER_TOOL_MESSAGES.cell)))
    .check(
      z.minLength(1, SUBSCRIBER_TOOL_MESSAGES.noRows),
      z.maxLength(IMPORT_PART_MAX_ROWS, SUBSCRIBER_TOOL_MESSAGES.tooManyRows),
    ),
  consent: consentField,
});
export type SubscriberImportInput = z.input<typeof subscriberImportInput>;

export const importResultValues = ['added', 'exists', 'invalid'] as const;
export type ImportResult = (typeof importResultValues)[number];
