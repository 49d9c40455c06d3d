/**
 * The outbox's words (docs/mail.md): every mail the product sends is one row of one queue,
 * sent by one sender in mail/outbox/. Shared with the admin's Mail screen.
 */

/** `sending` while a sender has it in hand; `failed` after a permanent error or the last try. */
export const outboxStatusValues = ['queued', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof outboxStatusValues)[number];

/**
 * What a mail is, for the Mail screen and the sender's order (`OUTBOX_PRIORITY`): a sign-in
 * code before anything else, mail to one person before bulk mail.
 */
export const outboxKindValues = [
  'code',
  'notice',
  'reply',
  'booking',
  'proposal',
  'reminder',
  'confirmation',
  'newsletter',
  'sequence',
] as const;
export type OutboxKind = (typeof outboxKindValues)[number];

/**
 * Lower goes first. Bulk kinds (confirmation, newsletter, sequence) are also held to the
 * sending rate; a confirmation goes before newsletter mail all the same.
 */
export const OUTBOX_PRIORITY: Record<OutboxKind, number> = {
  code: 0,
  notice: 1,
  reply: 1,
  booking: 1,
  proposal: 1,
  reminder: 2,
  confirmation: 2,
  newsletter: 5,
  sequence: 5,
};

/**
 * Kinds sent to many people at the configured rate, skipped for a suppressed address, with a
 * VERP Return-Path (docs/mail.md). A confirmation is one: an owner's import queues thousands.
 */
export const BULK_KINDS: ReadonlySet<OutboxKind> = new Set([
  'confirmation',
  'newsletter',
  'sequence',
]);

/** Why an address is suppressed: nothing bulk goes to it (docs/mail.md, "Suppression"). */
export const suppressionReasonValues = [
  'hard_bounce',
  'soft_bounces',
  'complaint',
  'manual',
] as const;
export type SuppressionReason = (typeof suppressionReasonValues)[number];

/** Why a subscriber's welcome sequence stopped for good before its last step. */
export const sequenceExitValues = ['enquired', 'booked', 'unsubscribed', 'suppressed'] as const;
export type SequenceExit = (typeof sequenceExitValues)[number];

/** Where word of a mail's fate came from (docs/mail.md, "Bounces and complaints"). */
export const deliverySourceValues = ['mailbox', 'smtp', 'postmark', 'mailgun', 'resend'] as const;
export type DeliverySource = (typeof deliverySourceValues)[number];

/**
 * What a report said of one address: `hard` and `complaint` suppress it at once, three `soft`
 * in 30 days do; `unreadable` is a report kept whole for the admin to read; `unverified` one
 * that proved no mail the site sent (no VERP token, no Message-ID it knows), kept whole too and
 * acted on by nobody but the owner.
 */
export const deliveryKindValues = [
  'hard',
  'soft',
  'complaint',
  'unreadable',
  'unverified',
] as const;
export type DeliveryKind = (typeof deliveryKindValues)[number];
