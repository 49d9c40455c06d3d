/**
 * The lists of values the admin's addresses may name (`?status=won`, `?subject=other`,
 * `?action=sign_in`...), without zod: the router reads them in its main chunk to check an
 * address, and every page of the admin would otherwise load zod and the features' schemas
 * with it (docs/performance.md, "The sign-in page's first load"). Each feature's module
 * re-exports its list, and its schemas use it: still one list each.
 */

/**
 * The contact form's subjects: the stored value and the label people see. The one list: the
 * form's options, the API's check, the admin's filter and the table's column type come from it.
 */
export const CONTACT_SUBJECTS = [
  { value: 'consulting', label: 'AI Consulting Services' },
  { value: 'custom', label: 'Custom AI Solution' },
  { value: 'partnership', label: 'Partnership Opportunity' },
  { value: 'other', label: 'Other' },
] as const;

export type ContactSubject = (typeof CONTACT_SUBJECTS)[number]['value'];

export const contactSubjectValues = CONTACT_SUBJECTS.map((s) => s.value) as [
  ContactSubject,
  ...ContactSubject[],
];

export const leadStatusValues = ['new', 'replied', 'meeting', 'proposal', 'won', 'lost'] as const;
export type LeadStatus = (typeof leadStatusValues)[number];

/** A subscriber's life: pending until confirmed by mail; unsubscribed keeps the row. */
export const subscriberStatusValues = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof subscriberStatusValues)[number];

/**
 * A subscriber's status as the admin and the API show it: the stored one, or `bounced` while
 * the address is on the suppression list for a bounce (docs/newsletter.md, "Bounced"),
 * derived at each read; a complaint or an address suppressed by hand keeps its own status.
 */
export const subscriberShownStatusValues = [...subscriberStatusValues, 'bounced'] as const;
export type SubscriberShownStatus = (typeof subscriberShownStatusValues)[number];

/** The audit log's actions (audit.ts; docs/accounts.md says when each is written). */
export const auditActionValues = [
  'sign_in',
  'sign_in_failed',
  'code_sent',
  'sign_out',
  'password_changed',
  'password_reset_requested',
  'password_reset',
  'email_changed',
  'totp_enabled',
  'totp_disabled',
  'totp_setup_started',
  'passkey_added',
  'passkey_renamed',
  'passkey_removed',
  'recovery_code_used',
  'recovery_codes_regenerated',
  'second_factor_reset',
  'session_ended',
  'sessions_ended',
  'user_invited',
  'user_joined',
  'user_removed',
  'fact_created',
  'fact_updated',
  'fact_deleted',
  'message_deleted',
  'subscriber_removed',
  'subscriber_added',
  'subscribers_imported',
  'subscriber_confirmation_resent',
  'suppression_added',
  'suppression_removed',
  'newsletter_test_sent',
  'newsletter_sent',
  'content_updated',
  'site_settings_updated',
  'export_downloaded',
  'lead_status_changed',
  'lead_note_added',
  'lead_triage_changed',
  'lead_draft_dismissed',
  'lead_reply_sent',
  'lead_exported',
  'lead_erased',
  'booking_settings_updated',
  'booking_cancelled',
  'booking_updated',
  'sequence_updated',
  'entry_created',
  'entry_published',
  'entry_unpublished',
  'entry_deleted',
  'testimonial_published',
  'testimonial_deleted',
  'client_logo_published',
  'oauth_granted',
  'token_created',
  'token_revoked',
  'mcp_call',
  'assistant_updated',
  'proposal_created',
  'proposal_updated',
  'proposal_sent',
  'proposal_revised',
  'proposal_withdrawn',
  'payment_recorded',
  'invoice_created',
  'invoice_updated',
  'invoice_issued',
  'invoice_credited',
  'invoice_deleted',
  'invoice_sent',
  'call_note_added',
  'testimonial_requested',
  'testimonial_withdrawn',
  'engagement_opened',
  'engagement_link_made',
  'engagement_link_revoked',
  'engagement_closed',
  'engagement_updated',
  'engagement_file_added',
  'engagement_file_deleted',
] as const;
export type AuditAction = (typeof auditActionValues)[number];

export const bookingScopeValues = ['upcoming', 'past'] as const;
export type BookingScope = (typeof bookingScopeValues)[number];

/** The screen's filters: `queued` also shows a mail a sender has in hand (`sending`). */
export const outboxFilterValues = ['queued', 'failed', 'sent'] as const;
export type OutboxFilter = (typeof outboxFilterValues)[number];

/**
 * A proposal's life (docs/proposals.md): a draft until sent; `viewed` once the client opened
 * its page; then accepted or declined by the client, expired past its day, withdrawn by the
 * owner, or replaced by a newer version once that one is sent.
 */
export const proposalStatusValues = [
  'draft',
  'sent',
  'viewed',
  'accepted',
  'declined',
  'expired',
  'withdrawn',
  'replaced',
] as const;
export type ProposalStatus = (typeof proposalStatusValues)[number];
