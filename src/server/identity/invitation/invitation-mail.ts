import type { Clock } from '#server/platform/clock';
import type { Db } from '#db';
import { escapeHtml } from '#shared/escape-html';
import {
  emailDocument,
  mailButton,
  mailHeading,
  PARAGRAPH,
  plainLink,
  siteFooter,
  type RenderedEmail,
  plainTextWithSignature,
} from '#shared/mail/frame';
import { LIGHT, themedAttributes as attrs } from '#shared/mail/theme';
import { type Mailer } from '#server/platform/mail';
import { sendInBackground } from '#server/mail/outbox/send-mail';
import type { Logger } from '#server/platform/logger';
import { tokenLink } from '#server/platform/tokens';
import { siteTimeText } from '#shared/mail/site-time';
import { type SiteSettingsConfig } from '#server/site/site-settings';
import { mailSite } from '#server/site/site-brand';

/** The invitation page; the token rides in the query and the page removes it once read. */
export function invitationUrl(siteUrl: string, token: string): string {
  return tokenLink(siteUrl, '/admin/invite', token);
}

export function renderInvitationEmail(input: {
  siteName: string;
  siteUrl: string;
  invitedBy: string;
  username: string;
  link: string;
  expiresAt: Date;
  /** The site's time zone (SITE_TIMEZONE), named in the expiry. */
  timeZone: string;
}): RenderedEmail {
  const subject = `You are invited to administer ${input.siteName}`;
  const p = LIGHT; // repainted by the dark-mode block, as the newsletter's mails are
  const intro = `${input.invitedBy} invited you to the admin area of ${input.siteName}, as "${input.username}".`;
  const expiry = `The link works once and until ${siteTimeText(input.expiresAt, input.timeZone)}. If you did not expect this, ignore this e-mail: nothing happens.`;
  const body = `${mailHeading('You are invited')}
<p style="${PARAGRAPH}">${escapeHtml(intro)}</p>
${mailButton(input.link, 'Choose your password', p)}
${plainLink(input.link, p)}
<p${attrs('muted', p, `${PARAGRAPH};font-size:14px`)}>${escapeHtml(expiry)}</p>`;
  const html = emailDocument({
    title: subject,
    scheme: 'auto',
    palette: p,
    body,
    footer: siteFooter(input.siteName, input.siteUrl, p),
  });
  const text = plainTextWithSignature(
    [subject, '', intro, '', 'Choose your password here:', '', input.link, '', expiry],
    input.siteName,
    input.siteUrl,
  );
  return { subject, html, text };
}

/**
 * Mails the invitation after the answer has gone (`sendInBackground`): the invitation is
 * stored either way, and a link that never arrived is renewed with "Resend invitation".
 */
export function sendInvitation(
  deps: {
    db: Db;
    config: SiteSettingsConfig;
    mailer: Mailer;
    logger: Logger;
    clock: Clock;
  },
  invite: { to: string; username: string; invitedBy: string; token: string; expiresAt: Date },
): void {
  sendInBackground(
    deps,
    'notice',
    async () => {
      const site = await mailSite(deps);
      const mail = renderInvitationEmail({
        siteName: site.name,
        siteUrl: site.address,
        invitedBy: invite.invitedBy,
        username: invite.username,
        link: invitationUrl(site.address, invite.token),
        expiresAt: invite.expiresAt,
        timeZone: site.timeZone,
      });
      return { to: invite.to, subject: mail.subject, text: mail.text, html: mail.html };
    },
    {
      failed: 'users.invitation_failed',
      fields: { username: invite.username },
    },
  );
}
