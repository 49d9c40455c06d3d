/**
 * The owner's notice that a person answered (docs/leads.md, "Answers by e-mail"): a short mail
 * to CONTACT_NOTIFY_TO naming the lead, with a link to its page, at most one per lead an hour.
 * The place is taken in the answer's own write transaction (capture.ts), so however many
 * instances read the mailbox, one notice goes; the mail itself goes after the commit.
 */
import type { Db } from '#db';
import { onOneLine } from '#shared/validation';
import {
  emailDocument,
  mailButton,
  mailHeading,
  PARAGRAPH,
  plainLink,
  plainTextWithSignature,
  siteFooter,
} from '#shared/mail/frame';
import { siteTimeText } from '#shared/mail/site-time';
import { LIGHT } from '#shared/mail/theme';
import { escapeHtml } from '#shared/escape-html';
import type { MailMessage } from '#server/platform/mail';
import { notifyOwner, type OwnerNoticeDeps } from '#server/mail/owner-notice';
import { ThrottledError } from '#server/platform/errors';
import { take } from '#server/platform/throttle';
import { ANSWER_NOTICES } from '../throttle-rules';

/**
 * Takes the lead's notice place for the hour inside the caller's write transaction: true when
 * taken, false when a notice already went (nothing is written then).
 */
export async function claimAnswerNotice(tx: Db, leadId: number, now: Date): Promise<boolean> {
  try {
    await take(tx, { bucket: `${ANSWER_NOTICES.kind}:lead:${leadId}`, rule: ANSWER_NOTICES }, now);
    return true;
  } catch (error) {
    if (error instanceof ThrottledError) return false;
    throw error;
  }
}

export interface AnsweredLead {
  id: number;
  name: string;
  at: Date;
}

/**
 * The mail: who answered and when, and the lead's page to read and reply from (the reply
 * goes from there, threaded). The answer's text stays out: it is in the owner's mailbox
 * already, and the notice should be safe to forward.
 */
export function answerNoticeMail(
  to: string,
  lead: AnsweredLead,
  site: { name: string; url: string; timeZone: string },
): MailMessage {
  const name = onOneLine(lead.name);
  const link = new URL(`/admin/leads/${lead.id}`, site.url).href;
  const heading = `New answer from ${name}`;
  const when = `Received: ${siteTimeText(lead.at, site.timeZone)}`;
  const text = plainTextWithSignature(
    [heading, `Read it and reply in the admin: ${link}`, '', when],
    site.name,
    site.url,
  );
  const p = LIGHT;
  const html = emailDocument({
    title: heading,
    scheme: 'auto',
    palette: p,
    body:
      mailHeading(escapeHtml(heading)) +
      mailButton(link, 'Read it and reply', p) +
      `<p style="${PARAGRAPH}">${escapeHtml(when)}</p>` +
      plainLink(link, p),
    footer: siteFooter(site.name, site.url, p),
  });
  return { to, subject: heading, text, html };
}

/** Sends a claimed notice in the background; a failure is logged, never thrown. */
export function sendAnswerNotice(deps: OwnerNoticeDeps, lead: AnsweredLead): void {
  notifyOwner(
    deps,
    'notice',
    (to, site) =>
      answerNoticeMail(to, lead, { name: site.name, url: site.address, timeZone: site.timeZone }),
    { failed: 'lead.answer_notify_failed', fields: { leadId: lead.id } },
  );
}
