/**
 * The mail that carries an engagement's link (docs/engagements.md, "The link"): sent when the
 * owner opens an engagement or makes a new link, and when the client asks at `/e/link`. The
 * link is in this mail only: the outbox seals its text (mail/outbox/outbox-seal.ts), so the
 * token is never in the database in clear; the acceptance's own mail carries the first one.
 */
import { onOneLine } from '#shared/validation';
import type { MailMessage } from '#server/platform/mail';
import type { MailSite } from '#server/site/site-brand';
import { siteMail } from '#server/proposals/short-mail';
import { engagementUrl } from './engagement-links';

/** One link, or each of an address's active engagements' links, in one mail. */
export function engagementLinkMail(
  to: string,
  site: MailSite,
  links: { title: string; token: string }[],
): MailMessage {
  const [only] = links;
  if (links.length === 1 && only) {
    return siteMail(to, site, {
      subject: `Your project page: ${onOneLine(only.title)}`,
      lines: [
        'Everything about our work together is on one page: what was agreed, the invoices, the next calls, the files and our messages.',
        'Keep this e-mail: the link is yours alone, and any link you had before no longer works.',
      ],
      button: { url: engagementUrl(site.address, only.token), label: 'Open your project page' },
    });
  }
  return siteMail(to, site, {
    subject: 'Your project pages',
    lines: [
      'Each of your projects with us has one page. Keep this e-mail: the links are yours alone, and the links you had before no longer work.',
      ...links.map(
        ({ title, token }) => `${onOneLine(title)}: ${engagementUrl(site.address, token)}`,
      ),
    ],
  });
}
