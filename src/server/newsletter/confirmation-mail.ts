import type { Db } from '#db';
import { renderConfirmationEmail } from '#shared/newsletter-email';
import { sendInBackground, type Mailer } from '#server/platform/mail';
import type { Logger } from '#server/platform/logger';
import { siteName } from '#server/platform/site-brand';
import { tokenLink } from '#server/platform/tokens';

/** The page a confirmation link opens; its button confirms. */
export function confirmUrl(siteUrl: string, token: string): string {
  return tokenLink(siteUrl, '/newsletter/confirm', token);
}

/**
 * Mails the double opt-in link after the answer has gone (see `sendInBackground`): whether
 * a mail goes depends on the address's state, which the answer must not reveal.
 */
export function sendConfirmation(
  deps: { db: Db; config: { siteUrl: string }; mailer: Mailer; logger: Logger },
  to: string,
  token: string,
): void {
  sendInBackground(
    deps,
    async () => {
      const mail = renderConfirmationEmail({
        siteName: await siteName(deps.db),
        siteUrl: deps.config.siteUrl,
        confirmUrl: confirmUrl(deps.config.siteUrl, token),
      });
      return { to, subject: mail.subject, text: mail.text, html: mail.html };
    },
    { sent: 'newsletter.confirmation_sent', failed: 'newsletter.confirmation_failed', fields: {} },
  );
}
