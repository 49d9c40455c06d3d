/**
 * One newsletter e-mail for one address: the Markdown rendered into a text and an HTML part,
 * a visible unsubscribe link in the footer, and the one-click unsubscribe headers that mail
 * programs show as their own button (RFC 8058).
 */
import { renderNewsletterEmail } from '#shared/newsletter-email';
import type { MailMessage } from '#server/platform/mail';
import { unsubscribeToken } from './tokens';

export interface UnsubscribeLinks {
  /** The address's token (its hash is what the database keeps). */
  token: string;
  /** The page with the button, for people: the footer's link. */
  pageUrl: string;
  /** Where a mail program posts `List-Unsubscribe=One-Click`. */
  oneClickUrl: string;
}

/**
 * The token is derived from the address (tokens.ts), so the same address gets the same links
 * in every newsletter, and no token needs to be stored to write them.
 */
export function unsubscribeLinks(siteUrl: string, secret: string, email: string): UnsubscribeLinks {
  const token = unsubscribeToken(secret, email);
  const query = `?token=${encodeURIComponent(token)}`;
  return {
    token,
    pageUrl: new URL(`/newsletter/unsubscribe${query}`, siteUrl).href,
    oneClickUrl: new URL(`/api/newsletter/unsubscribe${query}`, siteUrl).href,
  };
}

export interface NewsletterContent {
  subject: string;
  /** Markdown. */
  body: string;
}

export function newsletterMail(
  to: string,
  newsletter: NewsletterContent,
  links: UnsubscribeLinks,
  /**
   * The site's saved name (site/site-brand.ts) and public address, for the footer, and the
   * owner's mailbox (REPLY_TO), so a reader's answer reaches a person rather than MAIL_FROM.
   */
  site: { name: string; url: string; replyTo: string },
  subjectPrefix = '',
): MailMessage {
  const rendered = renderNewsletterEmail({
    subject: subjectPrefix + newsletter.subject,
    markdown: newsletter.body,
    siteName: site.name,
    siteUrl: site.url,
    unsubscribeUrl: links.pageUrl,
  });
  return {
    to,
    replyTo: site.replyTo,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    headers: {
      'List-Unsubscribe': `<${links.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
