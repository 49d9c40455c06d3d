import { z } from 'zod/mini';
import { LIMITS } from './constants';
import { pageField, storedText } from './validation';
import { auditActionValues, type AuditAction } from './address-values';

/**
 * The audit log's vocabulary, written once for the server (what is recorded, the filter's
 * validation) and the admin's Audit screen (the filter's choices and their labels). The
 * actions' list is zod-free, for the router's check of an address (address-values.ts).
 */
export { auditActionValues, type AuditAction } from './address-values';

/**
 * How an entry with no actor came about outside the admin area: `npm run admin` on the server,
 * or the server's start creating the first administrator from ADMIN_USERNAME.
 */
export const auditViaValues = ['command_line', 'server_start'] as const;
export type AuditVia = (typeof auditViaValues)[number];
export const AUDIT_VIA_LABELS: Record<AuditVia, string> = {
  command_line: 'Command line',
  server_start: 'Server start (ADMIN_USERNAME)',
};

/** The kinds of thing an entry can link to while the thing exists (its screen in the admin). */
export const auditSubjectKindValues = ['fact', 'newsletter', 'lead', 'administrator'] as const;
export type AuditSubjectKind = (typeof auditSubjectKindValues)[number];

/** The longest subject kept: a fact's or a newsletter's first words, never a whole text. */
export const AUDIT_SUBJECT_MAX = 80;

/** Entries older than this are deleted by the housekeeping timer. */
export const AUDIT_RETENTION_DAYS = 365;
export const AUDIT_PAGE_SIZE = 50;

/** Each action in words, for the Audit log screen's table and filter. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Sign-in failed',
  code_sent: 'Sign-in code sent',
  sign_out: 'Signed out',
  password_changed: 'Password changed',
  password_reset_requested: 'Password reset link sent',
  password_reset: 'Password reset',
  email_changed: 'E-mail changed',
  totp_enabled: 'Authenticator app turned on',
  totp_disabled: 'Authenticator app turned off',
  totp_setup_started: 'Authenticator app set-up started',
  passkey_added: 'Passkey added',
  passkey_renamed: 'Passkey renamed',
  passkey_removed: 'Passkey removed',
  recovery_code_used: 'Recovery code used',
  recovery_codes_regenerated: 'New recovery codes made',
  second_factor_reset: 'Second factor reset',
  session_ended: 'Session ended',
  sessions_ended: 'Administrator signed out everywhere',
  user_invited: 'Administrator invited',
  user_joined: 'Administrator joined',
  user_removed: 'Administrator removed',
  fact_created: 'Fact created',
  fact_updated: 'Fact updated',
  fact_deleted: 'Fact deleted',
  message_deleted: 'Message deleted',
  subscriber_removed: 'Subscriber removed',
  subscriber_added: 'Subscriber added',
  subscribers_imported: 'Subscribers imported',
  subscriber_confirmation_resent: 'Confirmation resent',
  suppression_added: 'Address suppressed by hand',
  suppression_removed: 'Address taken off the suppression list',
  newsletter_test_sent: 'Newsletter test copy sent',
  newsletter_sent: 'Newsletter sent',
  content_updated: 'Site content updated',
  site_settings_updated: 'Site address or time zone changed',
  export_downloaded: 'Export downloaded',
  lead_status_changed: 'Lead status changed',
  proposal_created: 'Proposal created',
  proposal_updated: 'Proposal updated',
  proposal_sent: 'Proposal sent',
  proposal_revised: 'Proposal revised',
  proposal_withdrawn: 'Proposal withdrawn',
  payment_recorded: 'Payment recorded',
  invoice_created: 'Invoice draft created',
  invoice_updated: 'Invoice draft, its reminders or the seller profile changed',
  invoice_issued: 'Invoice issued',
  invoice_credited: 'Credit note issued',
  invoice_deleted: 'Invoice draft deleted',
  invoice_sent: 'Invoice sent to the client',
  engagement_opened: 'Engagement opened',
  engagement_link_made: 'Engagement link made and mailed',
  engagement_link_revoked: 'Engagement link revoked',
  engagement_closed: 'Engagement closed',
  engagement_updated: 'Engagement’s client uploads changed',
  engagement_file_added: 'File shared on an engagement',
  engagement_file_deleted: 'File deleted from an engagement',
  lead_note_added: 'Lead note added',
  lead_triage_changed: 'Lead’s triage label changed',
  lead_draft_dismissed: 'Reply draft dismissed',
  call_note_added: 'Call transcript added to a lead',
  lead_reply_sent: 'Reply sent to a lead',
  lead_exported: 'Lead’s data exported',
  lead_erased: 'Lead erased',
  booking_settings_updated: 'Booking settings changed',
  booking_cancelled: 'Booking cancelled',
  booking_updated: 'Booking marked',
  sequence_updated: 'Welcome sequence changed',
  entry_created: 'Case study or insight created',
  entry_published: 'Case study or insight published',
  entry_unpublished: 'Case study or insight unpublished',
  entry_deleted: 'Case study or insight deleted',
  testimonial_published: 'Testimonial published',
  testimonial_deleted: 'Testimonial deleted',
  client_logo_published: 'Client logo published',
  oauth_granted: 'MCP client connected (OAuth)',
  token_created: 'Access token created',
  token_revoked: 'Access token revoked',
  mcp_call: 'Tool called by an access token (MCP)',
  assistant_updated: 'Site assistant turned on or off',
  testimonial_requested: 'Testimonial requested from a client',
  testimonial_withdrawn: 'Testimonial withdrawn by the client',
};

export const AUDIT_FILTER_MESSAGES = {
  action: 'Action must be one of the audit log’s actions',
  actor: `Person must be at most ${LIMITS.usernameMax} characters`,
} as const;

/**
 * The filter shared by the list and the CSV export; blank values (an empty query-string
 * parameter) mean "no filter". The person is matched by the name the entry kept.
 */
export const auditFilterInput = z.object({
  action: z.pipe(
    z.optional(z.union([z.enum(auditActionValues), z.literal('')], AUDIT_FILTER_MESSAGES.action)),
    z.transform((action) => (action ? action : undefined)),
  ),
  actor: z.pipe(
    z.optional(storedText().check(z.maxLength(LIMITS.usernameMax, AUDIT_FILTER_MESSAGES.actor))),
    z.transform((actor) => (actor ? actor : undefined)),
  ),
});
export type AuditFilter = z.output<typeof auditFilterInput>;

export const auditListInput = z.prefault(z.extend(auditFilterInput, { page: pageField }), {});
export type AuditListInput = z.input<typeof auditListInput>;
