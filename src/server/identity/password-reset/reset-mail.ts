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
import { PASSWORD_RESET_TTL_MS } from '#shared/password-reset';
import type { Context } from '#server/http/trpc';
import { sendInBackground } from '#server/mail/outbox/send-mail';
import { tokenLink } from '#server/platform/tokens';
import { mailSite } from '#server/site/site-brand';

/** The reset page; the token rides in the query and the page removes it once read. */
export function resetUrl(siteUrl: string, token: string): string {
  return tokenLink(siteUrl, '/admin/reset-password', token);
}

export function renderResetEmail(input: {
  siteName: string;
  siteUrl: string;
  username: string;
  link: string;
}): RenderedEmail {
  const subject = `Choose a new password for ${input.siteName}`;
  const p = LIGHT; // repainted by the dark-mode block, as the other mails are
  const intro = `Someone asked to reset the password of "${input.username}" in the admin area of ${input.siteName}.`;
  const expiry =
    `The link works once, for ${PASSWORD_RESET_TTL_MS / 60_000} minutes, and your second factor ` +
    'is still asked for. If you did not ask, ignore this e-mail: your password stays as it is.';
  const body = `${mailHeading('Choose a new password')}
<p style="${PARAGRAPH}">${escapeHtml(intro)}</p>
${mailButton(input.link, 'Choose a new password', p)}
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
    [subject, '', intro, '', 'Choose a new password here:', '', input.link, '', expiry],
    input.siteName,
    input.siteUrl,
  );
  return { subject, html, text };
}

/** Mails the link after the answer has gone, so the answer's timing tells nothing. */
export function sendResetLink(ctx: Context, to: string, username: string, token: string): void {
  sendInBackground(
    ctx,
    'code',
    async () => {
      const { name, address } = await mailSite(ctx);
      const mail = renderResetEmail({
        siteName: name,
        siteUrl: address,
        username,
        link: resetUrl(address, token),
      });
      return { to, subject: mail.subject, text: mail.text, html: mail.html };
    },
    { failed: 'auth.reset_link_failed', fields: { username } },
  );
}
