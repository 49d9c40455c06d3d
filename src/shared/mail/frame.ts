/**
 * The frame of every mail the site sends, and the parts several mails share, rendered without
 * side effects (the server sends them; the admin's newsletter preview shows them). The
 * newsletter's own parts (its Markdown, its footer) stay in shared/newsletter-email*.ts.
 *
 * The HTML part is a mail client's HTML, not a web page's: a centred table about 600 px wide,
 * every style inline (clients drop <style> in places), one <style> block only for the
 * dark-mode media query (./theme.ts).
 */
import { escapeHtml } from '../escape-html';
import { MEDIA_SIZES } from '../site-media';
import type { SiteMedia } from '../shapes/media';
import { darkModeCss, FONT, themedAttributes as attrs, type Palette } from './theme';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export type EmailScheme = 'auto' | 'light' | 'dark';

/** The uploaded logo as a mail shows it: a PNG at an absolute address, and the site's name. */
export interface MailLogo {
  src: string;
  width: number;
  height: number;
  alt: string;
}

/**
 * Where the site's logo goes in every mail, above the card. The mail is written without it;
 * the mailer puts the logo saved at sending time in its place (`withMailLogo`), so every mail
 * of the site carries it without each one being told.
 */
export const LOGO_SLOT = '<!--site-logo-->';

/**
 * What a mail shows of the uploaded logo: its PNG (an SVG logo's PNG; mail programs show no
 * SVG) on the site's address, named by the company. None without a logo, or for an SVG logo
 * uploaded before its PNG was made.
 */
export function mailLogoOf(
  logo: SiteMedia['logo'],
  siteName: string,
  siteUrl: string,
): MailLogo | null {
  const png = logo?.png ?? (logo?.src.endsWith('.png') ? logo.src : null);
  if (!logo || !png) return null;
  return { src: new URL(png, siteUrl).href, width: logo.width, height: logo.height, alt: siteName };
}

/** The mail with the logo in its slot, or with the slot emptied when there is none. */
export function withMailLogo(html: string, logo: MailLogo | null): string {
  if (!logo) return html.replace(LOGO_SLOT, '');
  // As high as in the site's header.
  const height = MEDIA_SIZES.logoHeight;
  const width = Math.round((logo.width / logo.height) * height);
  const img = `<img src="${escapeHtml(logo.src)}" width="${width}" height="${height}" alt="${escapeHtml(logo.alt)}" style="display:block;border:0;outline:none;width:${width}px;max-width:100%;height:auto">`;
  return html.replace(LOGO_SLOT, `<tr><td style="padding:0 0 16px">${img}</td></tr>`);
}

/** A paragraph's spacing in a mail's card. */
export const PARAGRAPH = 'margin:0 0 16px';

/** A mail's one heading (its text already escaped). */
export function mailHeading(html: string): string {
  return `<h1 style="font-family:${FONT};margin:0 0 16px;font-size:24px;line-height:1.3">${html}</h1>`;
}

/**
 * A mail's one action: a "bulletproof" button, a table cell painted in the button colour, so
 * that clients that ignore padding on links (Outlook) still show a 48 px tall target. Then,
 * for clients that show no button, the plain link below it (`plainLink`).
 */
export function mailButton(url: string, label: string, p: Palette): string {
  const href = escapeHtml(url);
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px">
<tr><td align="center" height="48" bgcolor="${p.buttonBackground}"${attrs('button', p, 'height:48px;border-radius:6px')}>
<a href="${href}"${attrs('buttonLink', p, `display:inline-block;padding:14px 28px;font-family:${FONT};font-size:16px;line-height:20px;font-weight:700;text-decoration:none;border-radius:6px`)}>${label}</a>
</td></tr>
</table>`;
}

/** The button's link written out, to copy into a browser. */
export function plainLink(url: string, p: Palette): string {
  const href = escapeHtml(url);
  return `<p style="${PARAGRAPH}">Or open this link in your browser:<br><a href="${href}"${attrs('link', p, 'text-decoration:underline;word-break:break-all')}>${href}</a></p>`;
}

/** The footer of the site's own mails (not the newsletter's): the site's name, linked. */
export function siteFooter(siteName: string, siteUrl: string, p: Palette): string {
  return `<a href="${escapeHtml(siteUrl)}"${attrs('muted', p, 'text-decoration:underline')}>${escapeHtml(siteName)}</a>`;
}

/**
 * A site mail's plain-text part: its lines, then the signature delimiter ("-- ": clients show
 * what follows as a footer) and the site's name and address, ending in a line break.
 */
export function plainTextWithSignature(lines: string[], siteName: string, siteUrl: string): string {
  return `${[...lines, '', '-- ', `${siteName}: ${siteUrl}`].join('\n')}\n`;
}

/**
 * The frame every mail of the site shares (the newsletter, its confirmation, an administrator's
 * invitation, the account notices): the page, the card with the content, the footer below it.
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
${LOGO_SLOT}
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
