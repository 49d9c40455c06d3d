/**
 * The newsletter's e-mails, rendered without side effects: the server sends them, the
 * admin's preview shows them (both schemes side by side, in iframes with srcdoc). Only the
 * admin area may import this module in the browser: markdown-it is too big for the public
 * home page.
 *
 * The HTML part is a mail client's HTML, not a web page's: a centred table about 600 px wide,
 * every style inline (clients drop <style> in places), one <style> block only for the
 * dark-mode media query.
 */
import { escapeHtml } from './escape-html';
import { CONFIRMATION_VALID_DAYS } from './newsletter';
import { markdownToHtml, markdownToText } from './newsletter-email-markdown';
import {
  DARK,
  FONT,
  LIGHT,
  darkModeCss,
  themedAttributes as attrs,
  type Palette,
} from './newsletter-email-theme';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export type EmailScheme = 'auto' | 'light' | 'dark';

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
  const site = escapeHtml(input.siteName);
  const url = escapeHtml(input.confirmUrl);
  const p = LIGHT; // then repainted by the dark-mode block, as a newsletter is
  const paragraph = 'margin:0 0 16px';
  const ignore = `This link is valid for ${CONFIRMATION_VALID_DAYS} days. If you did not ask for this, ignore this e-mail: nothing happens, and you will not be subscribed.`;
  // A "bulletproof" button: a table cell painted in the button colour, so that clients that
  // ignore padding on links (Outlook) still show a 48 px tall target.
  const button = `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px">
<tr><td align="center" height="48" bgcolor="${p.buttonBackground}"${attrs('button', p, 'height:48px;border-radius:6px')}>
<a href="${url}"${attrs('buttonLink', p, `display:inline-block;padding:14px 28px;font-family:${FONT};font-size:16px;line-height:20px;font-weight:700;text-decoration:none;border-radius:6px`)}>Confirm subscription</a>
</td></tr>
</table>`;
  const body = `<h1 style="font-family:${FONT};margin:0 0 16px;font-size:24px;line-height:1.3">Confirm your subscription</h1>
<p style="${paragraph}">Please confirm that you want to receive the ${site} newsletter at this address.</p>
${button}
<p style="${paragraph}">Or open this link in your browser:<br><a href="${url}"${attrs('link', p, 'text-decoration:underline;word-break:break-all')}>${url}</a></p>
<p${attrs('muted', p, `${paragraph};font-size:14px`)}>${ignore}</p>`;
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
    `Please confirm that you want to receive the ${input.siteName} newsletter at this address by opening this link:`,
    '',
    input.confirmUrl,
    '',
    ignore,
    '',
    '-- ',
    `${input.siteName}: ${input.siteUrl}`,
  ].join('\n');
  return { subject, html, text: `${text}\n` };
}

/**
 * The frame every mail of the site shares (the newsletter, its confirmation, an administrator's
 * invitation): the page, the card with the content, the footer below it.
 * 'auto' declares both schemes and carries the dark palette in a media query; a forced
 * scheme declares only itself and has no media query, so that the admin's light preview
 * stays light on a dark desktop.
 */
export function emailDocument(parts: {
  title: string;
  scheme: EmailScheme;
  palette: Palette;
  body: string;
  footer: string;
}): string {
  const { scheme, palette } = parts;
  const schemes = scheme === 'auto' ? 'light dark' : scheme;
  const style = scheme === 'auto' ? `\n<style>${darkModeCss()}</style>` : '';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="${schemes}">
<meta name="supported-color-schemes" content="${schemes}">
<title>${escapeHtml(parts.title)}</title>${style}
</head>
<body${attrs('page', palette, 'margin:0;padding:0')}>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"${attrs('page', palette, 'width:100%')}>
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px">
<tr><td${attrs('card', palette, `padding:32px;border-radius:8px;font-family:${FONT};font-size:16px;line-height:1.6`)}>
${parts.body}
</td></tr>
<tr><td${attrs('muted', palette, `padding:24px 32px;font-family:${FONT};font-size:13px;line-height:1.6;text-align:center`)}>
${parts.footer}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
