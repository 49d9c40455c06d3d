/**
 * One reply to a lead as a mail (docs/leads.md, "Replies"): from the company's name and
 * MAIL_FROM, Reply-To the owner's mailbox (REPLY_TO), threaded by Message-ID, In-Reply-To and
 * References, its Markdown as a text and an HTML part by the newsletter's rules
 * (shared/reply-email.ts, which the admin's preview renders too).
 */
import type { MailMessage } from '#server/platform/mail';
import { renderReplyEmail } from '#shared/reply-email';

export interface StoredReply {
  toEmail: string;
  subject: string;
  text: string;
  mailId: string;
  inReplyTo: string | null;
  references: string | null;
}

/** A reply as its lead event stored it; null for an entry lacking what a mail needs. */
export function storedReply(row: {
  toEmail: string | null;
  subject: string | null;
  text: string | null;
  mailId: string | null;
  inReplyTo: string | null;
  references: string | null;
}): StoredReply | null {
  const { toEmail, subject, mailId } = row;
  if (toEmail === null || subject === null || mailId === null) return null;
  const { inReplyTo, references } = row;
  return { toEmail, subject, text: row.text ?? '', mailId, inReplyTo, references };
}

/** A stored Message-ID (kept without brackets) as a header wants it. */
const bracketed = (id: string) => `<${id}>`;

export function replyMail(
  reply: StoredReply,
  site: { name: string; url: string; replyTo: string },
): MailMessage {
  const rendered = renderReplyEmail({
    subject: reply.subject,
    markdown: reply.text,
    siteName: site.name,
    siteUrl: site.url,
  });
  return {
    to: reply.toEmail,
    replyTo: site.replyTo,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    messageId: bracketed(reply.mailId),
    ...(reply.inReplyTo ? { inReplyTo: bracketed(reply.inReplyTo) } : {}),
    ...(reply.references ? { references: reply.references.split(' ').map(bracketed) } : {}),
  };
}
