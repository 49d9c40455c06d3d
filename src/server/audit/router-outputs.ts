/**
 * The answers of router.ts, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it (an unknown key is an error, not dropped), and the OpenAPI document
 * describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import { z } from 'zod/mini';
import { fileDownloadOutput } from '#server/http/rest-meta';

const auditEventOutput = z.strictObject({
  id: z.number(),
  at: z.string(),
  actor: z.nullable(z.string()),
  action: z.enum([
    'sign_in_failed',
    'sign_in',
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
    'newsletter_test_sent',
    'newsletter_sent',
    'content_updated',
    'site_settings_updated',
    'export_downloaded',
    'lead_status_changed',
    'lead_note_added',
    'lead_reply_sent',
    'lead_exported',
    'lead_erased',
    'booking_settings_updated',
    'booking_cancelled',
    'booking_updated',
  ]),
  target: z.nullable(z.string()),
  address: z.nullable(z.string()),
  via: z.nullable(z.enum(['command_line', 'server_start'])),
  subject: z.nullable(z.string()),
  link: z.nullable(z.string()),
});

export const outputs = {
  list: z.strictObject({
    events: z.array(auditEventOutput),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  }),
  actors: z.strictObject({ actors: z.array(z.string()) }),
  exportCsv: fileDownloadOutput,
};
