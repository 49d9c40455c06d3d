/** The owner's notice that a backup failed (at most one a day: runs.ts decides). */
import type { MailMessage } from '#server/platform/mail';

export function failureMail(
  to: string,
  siteUrl: string,
  failure: { at: Date; error: string; lastGood: Date | null },
): MailMessage {
  const lines = [
    `A backup of the site's database failed at ${failure.at.toISOString()}:`,
    '',
    failure.error,
    '',
    failure.lastGood
      ? `The last good backup was taken at ${failure.lastGood.toISOString()}.`
      : 'No good backup has been taken yet.',
    `The Overview in the admin (${new URL('/admin/dashboard', siteUrl).href}) shows the state.`,
    'Backups are tried again on their schedule; this notice is sent at most once a day.',
  ];
  return { to, subject: 'A backup of the site failed', text: lines.join('\n') };
}
