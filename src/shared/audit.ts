/**
 * The audit log's vocabulary, written once for the server (what is recorded, the filter's
 * validation) and the admin's Audit screen (the filter's choices and their labels).
 * docs/accounts.md says when each is written.
 */
export const auditActionValues = [
  'sign_in',
  'sign_in_failed',
  'code_sent',
  'sign_out',
  'password_changed',
  'email_changed',
  'totp_enabled',
  'totp_disabled',
  'passkey_added',
  'passkey_removed',
  'recovery_code_used',
  'session_ended',
  'user_invited',
  'user_joined',
  'user_removed',
  'fact_created',
  'fact_updated',
  'fact_deleted',
  'message_deleted',
  'subscriber_removed',
  'newsletter_sent',
  'content_updated',
] as const;
export type AuditAction = (typeof auditActionValues)[number];

/** Entries older than this are deleted by the housekeeping timer. */
export const AUDIT_RETENTION_DAYS = 365;
export const AUDIT_PAGE_SIZE = 50;
