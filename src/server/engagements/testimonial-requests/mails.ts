/**
 * The testimonial request's two mails to the client (docs/engagements.md, "Testimonials"): the
 * request with its link `/t/<token>`, and after approving the thank-you with the withdraw link.
 * Each is queued in the outbox inside the write that stores what it is about; the outbox seals
 * the text and drops it once sent (docs/mail.md), so no token stays in the database's bytes.
 */
import type { Db } from '#db';
import { queueMail } from '#server/mail/outbox/queue-mail';
import type { MailSite } from '#server/site/site-brand';
import { greetingName } from '#server/proposals/proposal-mail';
import { siteMail } from '#server/proposals/short-mail';

/** The client's page: the token is the path, so the page works without a script to read it. */
export const requestUrl = (site: MailSite, token: string) =>
  new URL(`/t/${token}`, site.address).href;

/** The withdraw page, whose form (or POST /api/t/withdraw/:token) takes the words off the site. */
export const withdrawUrl = (site: MailSite, token: string) =>
  new URL(`/t/withdraw/${token}`, site.address).href;

const hello = (name: string) => {
  const first = greetingName(name);
  return first ? `Hello ${first},` : 'Hello,';
};

export async function queueRequestMail(
  tx: Db,
  to: { email: string; name: string },
  site: MailSite,
  link: { token: string; requestId: number },
  now: Date,
): Promise<void> {
  const message = siteMail(to.email, site, {
    subject: `A few words about working with ${site.name}?`,
    lines: [
      hello(to.name),
      `Thank you for working with ${site.name}. Would you share a few words about it? On the page below you can write or edit them, choose what may be shown with them, and approve or decline.`,
      'Nothing is published unless you approve it, and you can withdraw it later. The link is yours alone: please do not forward this e-mail.',
    ],
    button: { url: requestUrl(site, link.token), label: 'Write your words' },
  });
  await queueMail(
    tx,
    { kind: 'notice', message, ref: `testimonial-request:${link.requestId}` },
    now,
  );
}

export async function queueApprovedMail(
  tx: Db,
  to: { email: string; name: string },
  site: MailSite,
  approved: { withdrawToken: string; requestId: number; text: string },
  now: Date,
): Promise<void> {
  const message = siteMail(to.email, site, {
    subject: `Thank you for your words, from ${site.name}`,
    lines: [
      hello(to.name),
      'Thank you: your words were saved as you approved them. They are shown only once we publish them, with what you ticked.',
      'If you change your mind, the link below takes them off the site at once, everywhere, for good. Keep this e-mail.',
    ],
    button: { url: withdrawUrl(site, approved.withdrawToken), label: 'Withdraw my testimonial' },
    quoted: { label: 'Your words', text: approved.text },
  });
  await queueMail(
    tx,
    { kind: 'notice', message, ref: `testimonial-request:${approved.requestId}` },
    now,
  );
}
