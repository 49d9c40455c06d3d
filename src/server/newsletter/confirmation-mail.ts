import type { Clock } from '#server/platform/clock';
import type { Db } from '#db';
import { renderConfirmationEmail } from '#shared/newsletter-email';
import { type Mailer } from '#server/platform/mail';
import { sendInBackground } from '#server/platform/outbox/send-mail';
import type { Logger } from '#server/platform/logger';
import { tokenLink } from '#server/platform/tokens';
import { type SiteSettingsConfig } from '#server/platform/site-settings';
import { mailSite } from '#server/platform/site-brand';

/** The page a confirmation link opens; its button confirms. */
export function confirmUrl(siteUrl: string, token: string): string {
  return tokenLink(siteUrl, '/newsletter/confirm', token);
}

/**
 * Mails the double opt-in link after the answer has gone (see `sendInBackground`): whether
 * a mail goes depends on the address's state, which the answer must not reveal.
 */
export function sendConfirmation(
  deps: { db: Db; config: SiteSettingsConfig; mailer: Mailer; logger: Logger; clock: Clock },
  to: string,
  token: string,
): void {
  sendInBackground(
    deps,
    'confirmation',
    async () => {
      const { name, address } = await mailSite(deps);
      const mail = renderConfirmationEmail({
        siteName: name,
        siteUrl: address,
        confirmUrl: confirmUrl(address, token),
      });
      return { to, subject: mail.subject, text: mail.text, html: mail.html };
    },
    { failed: 'newsletter.confirmation_failed', fields: {} },
  );
}
