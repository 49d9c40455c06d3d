import { escapeHtml } from '#shared/escape-html';
import {
  emailDocument,
  mailHeading,
  PARAGRAPH,
  siteFooter,
  type RenderedEmail,
  plainTextWithSignature,
} from '#shared/mail/frame';
import { LIGHT, themedAttributes as attrs } from '#shared/mail/theme';
import type { Context } from '#server/http/trpc';
import { maskAddress } from '#server/platform/address';
import { sendInBackground } from '#server/mail/outbox/send-mail';
import { deviceName, MAX_AGENT_LENGTH } from '#server/platform/user-agent';
import { siteTimeText } from '#shared/mail/site-time';
import { mailSite } from '#server/site/site-brand';
import type { AccountChange } from './notice-change';
import { whatChanged } from './notice-sentence';
import { adviceFor } from './notice-advice';

export function renderAccountNotice(input: {
  siteName: string;
  siteUrl: string;
  username: string;
  change: AccountChange;
  at: Date;
  /** The site's time zone (SITE_TIMEZONE): the moment is written as the owner reads it. */
  timeZone: string;
  device: string;
  address: string;
}): RenderedEmail {
  const { subject, sentence } = whatChanged(input.change);
  const who = `Account: ${input.username}.`;
  const where = `When: ${siteTimeText(input.at, input.timeZone)}. From: ${input.device || 'an unknown browser'}, address ${input.address}.`;
  const advice = adviceFor(input.siteUrl, input.username, input.change);
  const p = LIGHT;
  const body = `${mailHeading(escapeHtml(subject))}
<p style="${PARAGRAPH}">${escapeHtml(sentence)}</p>
<p style="${PARAGRAPH}">${escapeHtml(who)}<br>${escapeHtml(where)}</p>
<p style="${PARAGRAPH}">${escapeHtml(advice.inAdmin)}</p>
<p${attrs('muted', p, `${PARAGRAPH};font-size:14px`)}>${escapeHtml(advice.lastResort)}</p>`;
  const html = emailDocument({
    title: subject,
    scheme: 'auto',
    palette: p,
    body,
    footer: siteFooter(input.siteName, input.siteUrl, p),
  });
  const text = plainTextWithSignature(
    [subject, '', sentence, '', who, where, '', advice.inAdmin, '', advice.lastResort],
    input.siteName,
    input.siteUrl,
  );
  return { subject, html, text };
}

/**
 * Tells the account's (old) address what just changed, after the answer has gone: the change
 * is stored either way, and a notice that fails is logged.
 */
export function sendAccountNotice(
  ctx: Context,
  to: string | null,
  username: string,
  change: AccountChange,
): void {
  if (!to) return;
  const agent = ctx.req.headers.get('user-agent') ?? '';
  const notice = {
    username,
    change,
    at: ctx.clock.now(),
    device: deviceName(agent.slice(0, MAX_AGENT_LENGTH)),
    address: maskAddress(ctx.req.ip),
  };
  sendInBackground(
    ctx,
    'notice',
    async () => {
      const site = await mailSite(ctx);
      const mail = renderAccountNotice({
        ...notice,
        siteUrl: site.address,
        timeZone: site.timeZone,
        siteName: site.name,
      });
      return { to, subject: mail.subject, text: mail.text, html: mail.html };
    },
    {
      failed: 'account.notice_failed',
      fields: { username, change: change.kind },
    },
  );
}
