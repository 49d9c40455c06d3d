import {
  renderNewsletterEmail,
  type EmailScheme,
  type RenderedEmail,
} from '#shared/newsletter-email';
import { renderReplyEmail } from '#shared/reply-email';
import { mailLogoOf, withMailLogo } from '#shared/mail/frame';
import { siteBrand } from '#client/lib/site-brand';
import { frameContent } from '#client/lib/frame-content';

/** Gmail cuts an HTML part longer than about 102 KB behind "View entire message". */
export const GMAIL_CLIP_WARN_BYTES = 100 * 1024;

/** What the preview shows: the two forced schemes, the text part, and the real mail's size. */
export interface PreviewParts {
  light: string;
  dark: string;
  text: string;
  /** UTF-8 bytes of the HTML part as it is mailed (the 'auto' scheme, with its dark-mode block). */
  htmlBytes: number;
}

/**
 * The e-mail exactly as the sender renders it (the same function), for this site's address.
 * The unsubscribe link is a stand-in: each recipient's own token is only made when sending.
 */
export function renderPreview(subject: string, markdown: string, siteUrl: string): PreviewParts {
  return previewParts(siteUrl, (scheme) =>
    renderNewsletterEmail({
      subject,
      markdown,
      siteName: siteBrand().name,
      siteUrl,
      unsubscribeUrl: new URL('/newsletter/unsubscribe?token=preview', siteUrl).href,
      scheme,
    }),
  );
}

/** A lead's reply as the sender makes it (docs/leads.md): the same parts, no unsubscribe. */
export function renderReplyPreview(
  subject: string,
  markdown: string,
  siteUrl: string,
): PreviewParts {
  return previewParts(siteUrl, (scheme) =>
    renderReplyEmail({ subject, markdown, siteName: siteBrand().name, siteUrl, scheme }),
  );
}

function previewParts(
  siteUrl: string,
  render: (scheme: EmailScheme) => RenderedEmail,
): PreviewParts {
  // The logo the mailer puts into every mail, as the page's public frame knows it.
  const logo = mailLogoOf(frameContent().media?.logo, siteBrand().name, siteUrl);
  // Dark, then light, then the mailed one: 'auto' is painted light, so the renderer's cache
  // of the last body rendered serves it without parsing the Markdown a third time.
  const dark = withMailLogo(render('dark').html, logo);
  const light = withMailLogo(render('light').html, logo);
  const mailed = render('auto');
  return {
    light,
    dark,
    text: mailed.text,
    htmlBytes: new TextEncoder().encode(withMailLogo(mailed.html, logo)).length,
  };
}

export function formatKilobytes(bytes: number): string {
  return `${(bytes / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} KB`;
}
