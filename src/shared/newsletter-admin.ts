/**
 * The administrators' side of the newsletter: drafts, test copies, sending. Field rules
 * (subject, body) are those of newsletter.ts, written once.
 */
import { z } from 'zod/mini';
import { newsletterBodyField, newsletterSubjectField } from './newsletter';
import { emailField, idField, idInput } from './validation';

/**
 * One recipient of a sent newsletter: waiting to be handed over, handed over (its mail is in
 * the outbox, whose row says whether it went: docs/newsletter.md), or passed over because the
 * address was no longer confirmed when its turn came. `sending`, `sent` and `failed` are the
 * states of rows settled before the outbox sent the newsletters.
 */
export const recipientStatusValues = [
  'queued',
  'handed',
  'sending',
  'sent',
  'failed',
  'skipped',
] as const;
export type RecipientStatus = (typeof recipientStatusValues)[number];

/** A draft's changes: either field, or both. */
export const newsletterPatch = z.object({
  subject: z.optional(newsletterSubjectField),
  body: z.optional(newsletterBodyField),
});
export const newsletterUpdateInput = z.extend(idInput, { data: newsletterPatch });
export type NewsletterPatch = z.input<typeof newsletterPatch>;

/** A test copy goes to this address, or without one to the signed-in administrator's. */
export const newsletterTestInput = z.extend(idInput, { email: z.optional(emailField) });

/** POST /api/newsletters/draft: a draft made from a published case study or insight. */
/** `ai: true` asks the model to write the draft (docs/ai.md); without it the plain draft. */
export const newsletterFromEntryInput = z.object({
  entryId: idField,
  ai: z.optional(z.boolean('ai must be true or false')),
});
export type NewsletterFromEntryInput = z.input<typeof newsletterFromEntryInput>;

export const NEWSLETTER_ADMIN_MESSAGES = {
  notFound: 'Newsletter not found',
  entryNotFound: 'Entry not found',
  entryNotPublished:
    'This entry is not published: publish it first, so the newsletter can link to its page.',
  notDraft: 'This newsletter has been sent: only a draft can be changed, deleted or sent.',
  nobodyConfirmed: 'Nobody has confirmed a subscription yet: there is no one to send it to.',
  draft: 'This newsletter is a draft: it has not been sent yet.',
  nothingFailed: 'No recipient of this newsletter failed: there is nothing to send again.',
  noTestAddress:
    'Give an address for the test copy: your account has no e-mail address of its own.',
  mailUnavailable:
    'Newsletters cannot be e-mailed: this server has no mail service configured (SMTP_URL).',
  testFailed: 'The test copy could not be e-mailed. Please try again in a few minutes.',
  tooManyTests: 'Too many test copies: at most 10 an hour.',
} as const;
