import { z } from 'zod/mini';
import { LIMITS } from './constants';
import { MESSAGES } from './messages';
import type { SuppressionReason } from './outbox';
import { emailField, pageField, storedText } from './validation';

/**
 * The suppression list as the admin reads and edits it (docs/mail.md, "Suppression"): written
 * once for the procedures and the Suppressed screen.
 */

export const SUPPRESSIONS_PAGE_SIZE = 50;

/** Each reason in words, for the screen and the reply's warning. */
export const SUPPRESSION_REASON_LABELS: Record<SuppressionReason, string> = {
  hard_bounce: 'Hard bounce',
  soft_bounces: 'Repeated soft bounces',
  complaint: 'Complaint',
  manual: 'Added by hand',
};

/**
 * The reasons that make a subscriber show as `bounced` (docs/newsletter.md). A complaint or an
 * address added by hand leaves the subscriber's own status as it is.
 */
export const BOUNCE_REASONS = [
  'hard_bounce',
  'soft_bounces',
] as const satisfies readonly SuppressionReason[];

export const SUPPRESSION_MESSAGES = {
  notFound: 'This address is not on the suppression list',
} as const;

/** What an entry added by hand says in its detail: who added it. */
export const addedByDetail = (username: string) => `added by ${username}`;

/** Part of the address, any letter case; blank is no search. */
export const suppressionListInput = z.prefault(
  z.object({
    q: z.pipe(
      z.optional(z.string().check(z.trim(), z.maxLength(LIMITS.searchMax, MESSAGES.search))),
      z.transform((q) => (q ? q : undefined)),
    ),
    page: pageField,
  }),
  {},
);
export type SuppressionListInput = z.input<typeof suppressionListInput>;

export const suppressionAddInput = z.object({ email: emailField });
export type SuppressionAddInput = z.input<typeof suppressionAddInput>;

/**
 * The address to take off the list, as stored (lower case). Not held to the address rule: an
 * entry read from a delivery report may hold an address the form would refuse, and it must
 * still be removable; an unknown one is 404.
 */
export const suppressionRemoveInput = z.object({
  email: z.pipe(
    storedText().check(
      z.trim(),
      z.minLength(1, MESSAGES.email),
      z.maxLength(LIMITS.emailMax, MESSAGES.email),
    ),
    z.transform((email) => email.toLowerCase()),
  ),
});
export type SuppressionRemoveInput = z.input<typeof suppressionRemoveInput>;
