/**
 * A reply from the admin to a lead (docs/leads.md): its Markdown by the newsletter's rules
 * (raw HTML escaped, links only http, https and mailto) in the frame every site mail shares,
 * signed with the site's name; no unsubscribe footer, it is one person's conversation. Rendered
 * without side effects, so the admin's preview shows the mail exactly as it is made. Only the
 * admin area may import this module in the browser (markdown-it).
 */
import { emailDocument, plainTextWithSignature, siteFooter } from './mail/frame';
import type { EmailScheme, RenderedEmail } from './mail/frame';
import { DARK, LIGHT } from './mail/theme';
import { markdownToHtml, markdownToText } from './newsletter-email-markdown';

export function renderReplyEmail(input: {
  subject: string;
  markdown: string;
  siteName: string;
  siteUrl: string;
  /** 'auto' (default) for real mail; the admin's preview forces 'light' or 'dark'. */
  scheme?: EmailScheme;
}): RenderedEmail {
  const scheme = input.scheme ?? 'auto';
  const palette = scheme === 'dark' ? DARK : LIGHT;
  const html = emailDocument({
    title: input.subject,
    scheme,
    palette,
    body: markdownToHtml(input.markdown, palette),
    footer: siteFooter(input.siteName, input.siteUrl, palette),
  });
  const text = plainTextWithSignature(
    [markdownToText(input.markdown)],
    input.siteName,
    input.siteUrl,
  );
  return { subject: input.subject, html, text };
}
