import type { Db } from '../../../../db';
import { escapeHtml } from '../../../shared/escape-html';
import { emailDocument, type RenderedEmail } from '../../../shared/newsletter-email';
import { FONT, LIGHT, themedAttributes as attrs } from '../../../shared/newsletter-email-theme';
import { sendInBackground, type Mailer } from '../../platform/mail';
import type { Logger } from '../../platform/logger';
import { siteName } from '../../content/site-name';

/** The invitation page; the token rides in the query and the page removes it once read. */
export function invitationUrl(siteUrl: string, token: string): string {
  const url = new URL('/admin/invite', siteUrl);
  url.searchParams.set('token', token);
  return url.href;
}

/** "23 November 2026, 14:05 UTC": the expiry, unambiguous wherever the reader is. */
function expiryText(expiresAt: Date): string {
  const day = expiresAt.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `${day}, ${expiresAt.toISOString().slice(11, 16)} UTC`;
}

export function renderInvitationEmail(input: {
  siteName: string;
  siteUrl: string;
  invitedBy: string;
  username: string;
  link: string;
  expiresAt: Date;
}): RenderedEmail {
  const subject = `You are invited to administer ${input.siteName}`;
  const site = escapeHtml(input.siteName);
  const url = escapeHtml(input.link);
  const p = LIGHT; // repainted by the dark-mode block, as the newsletter's mails are
  const paragraph = 'margin:0 0 16px';
  const intro = `${input.invitedBy} invited you to the admin area of ${input.siteName}, as "${input.username}".`;
  const expiry = `The link works once and until ${expiryText(input.expiresAt)}. If you did not expect this, ignore this e-mail: nothing happens.`;
  const button = `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px">
<tr><td align="center" height="48" bgcolor="${p.buttonBackground}"${attrs('button', p, 'height:48px;border-radius:6px')}>
<a href="${url}"${attrs('buttonLink', p, `display:inline-block;padding:14px 28px;font-family:${FONT};font-size:16px;line-height:20px;font-weight:700;text-decoration:none;border-radius:6px`)}>Choose your password</a>
</td></tr>
</table>`;
  const body = `<h1 style="font-family:${FONT};margin:0 0 16px;font-size:24px;line-height:1.3">You are invited</h1>
<p style="${paragraph}">${escapeHtml(intro)}</p>
${button}
<p style="${paragraph}">Or open this link in your browser:<br><a href="${url}"${attrs('link', p, 'text-decoration:underline;word-break:break-all')}>${url}</a></p>
<p${attrs('muted', p, `${paragraph};font-size:14px`)}>${escapeHtml(expiry)}</p>`;
  const html = emailDocument({
    title: subject,
    scheme: 'auto',
    palette: p,
    body,
    footer: `<a href="${escapeHtml(input.siteUrl)}"${attrs('muted', p, 'text-decoration:underline')}>${site}</a>`,
  });
  const text = [
    subject,
    '',
    intro,
    '',
    'Choose your password here:',
    '',
    input.link,
    '',
    expiry,
    '',
    '-- ',
    `${input.siteName}: ${input.siteUrl}`,
  ].join('\n');
  return { subject, html, text: `${text}\n` };
}

/**
 * Mails the invitation after the answer has gone (`sendInBackground`): the invitation is
 * stored either way, and a link that never arrived is renewed with "Resend invitation".
 */
export function sendInvitation(
  deps: { db: Db; config: { siteUrl: string }; mailer: Mailer; logger: Logger },
  invite: { to: string; username: string; invitedBy: string; token: string; expiresAt: Date },
): void {
  sendInBackground(
    deps,
    async () => {
      const mail = renderInvitationEmail({
        siteName: await siteName(deps.db),
        siteUrl: deps.config.siteUrl,
        invitedBy: invite.invitedBy,
        username: invite.username,
        link: invitationUrl(deps.config.siteUrl, invite.token),
        expiresAt: invite.expiresAt,
      });
      return { to: invite.to, subject: mail.subject, text: mail.text, html: mail.html };
    },
    {
      sent: 'users.invitation_sent',
      failed: 'users.invitation_failed',
      fields: { username: invite.username },
    },
  );
}
