/**
 * The newsletter's e-mails, rendered without side effects: the server sends them, the
 * admin's preview shows them (both schemes side by side, in iframes with srcdoc). Only the
 * admin area may import this module in the browser: markdown-it is too big for the public
 * home page. The frame and colours every mail shares are shared/mail/.
 */
import { escapeHtml } from './escape-html';
import { CONFIRMATION_VALID_DAYS } from './newsletter';
import {
  emailDocument,
  mailButton,
  mailHeading,
  PARAGRAPH,
  plainLink,
  siteFooter,
  type EmailScheme,
  type RenderedEmail,
  plainTextWithSignature,
} from './mail/frame';
import { DARK, LIGHT, themedAttributes as attrs, type Palette } from './mail/theme';
import { markdownToHtml, markdownToText } from './newsletter-email-markdown';

export type { EmailScheme, RenderedEmail } from './mail/frame';

/** A newsletter: Markdown body -> HTML part and text part, with the footer. */
export function renderNewsletterEmail(input: {
  subject: string;
  markdown: string;
  siteName: string; // e.g. 'Acme AI Engineering'
  siteUrl: string; // SITE_URL, e.g. 'https://acme.example'
  unsubscribeUrl: string; // SITE_URL/newsletter/unsubscribe?token=T
  // 'auto' (default) for real mail: light, with a prefers-color-scheme: dark block; the
  // admin preview forces 'light' or 'dark'.
  scheme?: EmailScheme;
}): RenderedEmail {
  const scheme = input.scheme ?? 'auto';
  const palette = scheme === 'dark' ? DARK : LIGHT;
  const site = escapeHtml(input.siteName);
  const siteLink = `<a href="${escapeHtml(input.siteUrl)}"${attrs('muted', palette, 'text-decoration:underline')}>${site}</a>`;
  const unsubscribe = `<a href="${escapeHtml(input.unsubscribeUrl)}"${attrs('muted', palette, 'text-decoration:underline;font-weight:700')}>Unsubscribe</a>`;
  const content = renderMarkdown(input.markdown, palette);
  const html = emailDocument({
    title: input.subject,
    scheme,
    palette,
    body: content.html,
    footer: `You receive this because you confirmed your subscription at ${siteLink}.<br>\n${unsubscribe}`,
  });
  const text = [
    content.text,
    '',
    '-- ', // the signature delimiter, dash dash space: clients show what follows as a footer
    `You receive this because you confirmed your subscription at ${input.siteName} (${input.siteUrl}).`,
    `Unsubscribe: ${input.unsubscribeUrl}`,
  ].join('\n');
  return { subject: input.subject, html, text: `${text}\n` };
}

// The sender renders a newsletter once per recipient, only the unsubscribe address changing:
// the body's two parts are kept for the last Markdown and palette (50 KB of Markdown take up
// to 50 ms to parse and render twice).
let lastBody: { markdown: string; palette: Palette; html: string; text: string } | undefined;

function renderMarkdown(markdown: string, palette: Palette): { html: string; text: string } {
  if (lastBody?.markdown !== markdown || lastBody.palette !== palette) {
    const html = markdownToHtml(markdown, palette);
    lastBody = { markdown, palette, html, text: markdownToText(markdown) };
  }
  return lastBody;
}

/** The double opt-in mail: site name, one clear button to confirm, and the plain link. */
export function renderConfirmationEmail(input: {
  siteName: string;
  siteUrl: string;
  confirmUrl: string;
}): RenderedEmail {
  const subject = `Confirm your subscription to ${input.siteName}`;
  const p = LIGHT; // then repainted by the dark-mode block, as a newsletter is
  const ignore = `This link is valid for ${CONFIRMATION_VALID_DAYS} days. If you did not ask for this, ignore this e-mail: nothing happens, and you will not be subscribed.`;
  const body = `${mailHeading('Confirm your subscription')}
<p style="${PARAGRAPH}">Please confirm that you want to receive the ${escapeHtml(input.siteName)} newsletter at this address.</p>
${mailButton(input.confirmUrl, 'Confirm subscription', p)}
${plainLink(input.confirmUrl, p)}
<p${attrs('muted', p, `${PARAGRAPH};font-size:14px`)}>${ignore}</p>`;
  const html = emailDocument({
    title: subject,
    scheme: 'auto',
    palette: p,
    body,
    footer: siteFooter(input.siteName, input.siteUrl, p),
  });
  const text = plainTextWithSignature(
    [
      subject,
      '',
      `Please confirm that you want to receive the ${input.siteName} newsletter at this address by opening this link:`,
      '',
      input.confirmUrl,
      '',
      ignore,
    ],
    input.siteName,
    input.siteUrl,
  );
  return { subject, html, text };
}
