import { z } from 'zod/mini';
import { linkTokenField, TOO_MANY_LINKS } from './link-token';
import { emailField, honeypotField, oneLine, storedText } from './validation';

export const subscribeInput = z.object({ email: emailField, website: honeypotField });
export type SubscribeInput = z.input<typeof subscribeInput>;

// Zod-free, for the router's check of an address (address-values.ts).
export {
  subscriberShownStatusValues,
  subscriberStatusValues,
  type SubscriberShownStatus,
  type SubscriberStatus,
} from './address-values';

export const newsletterStatusValues = ['draft', 'sending', 'sent'] as const;
export type NewsletterStatus = (typeof newsletterStatusValues)[number];

/** How long a confirmation link works (the mail says so; the server enforces it). */
export const CONFIRMATION_VALID_DAYS = 7;

export const NEWSLETTER_LIMITS = { subjectMax: 200, bodyMax: 50_000 } as const;

export const NEWSLETTER_MESSAGES = {
  subject: `Subject must be between 1 and ${NEWSLETTER_LIMITS.subjectMax} characters`,
  subjectOneLine: 'Subject must be on one line',
  body: `Body must be between 1 and ${NEWSLETTER_LIMITS.bodyMax.toLocaleString('en-US')} characters`,
  token: 'This link is malformed.',
  invalidLink: 'This link is invalid or has expired.',
  tooManyLinks: TOO_MANY_LINKS,
} as const;

/** A confirmation or unsubscribe link's token (shared/link-token.ts). */
export const tokenField = linkTokenField(NEWSLETTER_MESSAGES.token);
export const tokenInput = z.object({ token: tokenField });

export const newsletterSubjectField = storedText().check(
  z.trim(),
  z.minLength(1, NEWSLETTER_MESSAGES.subject),
  z.maxLength(NEWSLETTER_LIMITS.subjectMax, NEWSLETTER_MESSAGES.subject),
  oneLine(NEWSLETTER_MESSAGES.subjectOneLine),
);
export const newsletterBodyField = storedText().check(
  z.minLength(1, NEWSLETTER_MESSAGES.body),
  z.maxLength(NEWSLETTER_LIMITS.bodyMax, NEWSLETTER_MESSAGES.body),
);

/** A new draft. */
export const newsletterInput = z.object({
  subject: newsletterSubjectField,
  body: newsletterBodyField,
});
export type NewsletterInput = z.input<typeof newsletterInput>;
