/**
 * The acknowledgement a visitor gets right after sending the contact form (docs/content.md), when
 * the owner turned it on on the Content screen. The form mails an address anyone can type, so
 * the mail is made to be useless as a relay: it carries only the owner's saved words and the
 * site's name and address, never a character the visitor typed (this module is given the
 * address alone), and an address gets at most one in 24 hours, decided in the message's own
 * statement batch (contact/router.ts), after the contact throttle.
 */
import type { Clock } from '#server/platform/clock';
import { desc, sql, type Placeholder, type Query, type SQL } from 'drizzle-orm';
import type { Db } from '#db';
import { siteContentVersions } from '#db/schema';
import type { SiteContent } from '#shared/site-content';
import { emailDocument, PARAGRAPH, plainTextWithSignature, siteFooter } from '#shared/mail/frame';
import { LIGHT } from '#shared/mail/theme';
import { markdownToHtml, markdownToText } from '#shared/newsletter-email-markdown';
import type { Logger } from '#server/platform/logger';
import { sendInBackground } from '#server/mail/outbox/send-mail';
import { escapeHtml } from '#shared/escape-html';
import type { MailMessage, Mailer } from '#server/platform/mail';
import { currentContent } from '#server/site/site-content';
import { placeWhenRoom } from '#server/platform/throttle';
import { keyedBucketPart } from '#server/platform/throttle-buckets';
import { CONTACT_ACKNOWLEDGEMENTS } from './throttle-rules';
import { siteSettings, type SiteSettingsConfig } from '#server/site/site-settings';

/** The address's bucket: a keyed hash of it, lower case (one lead per address ignoring case). */
export function acknowledgementBucket(secret: string, email: string): string {
  const part = keyedBucketPart(secret, `email:${email.toLowerCase()}`);
  return `${CONTACT_ACKNOWLEDGEMENTS.kind}:email:${part}`;
}

/**
 * Whether the newest saved content has the acknowledgement on, read inside the statement: no
 * request of its own, and a save on any instance counts at once. Content saved before the
 * setting existed has none, which reads as off, its default.
 */
function acknowledgementOn(db: Db): SQL {
  const newest = db
    .select({ on: sql`json_extract(${siteContentVersions.content}, '$.acknowledgement.enabled')` })
    .from(siteContentVersions)
    .orderBy(desc(siteContentVersions.version))
    .limit(1);
  return sql`${newest} = 1`;
}

/**
 * The statement that claims the address's acknowledgement, last in the message's batch: it
 * writes its throttle event (and answers its id) only when the statement before it wrote,
 * the setting is on and the address had none in 24 hours.
 */
export function claimAcknowledgement(
  db: Db,
  storedBefore: SQL,
  slot: { bucket: Placeholder; now: Placeholder },
): Query {
  return placeWhenRoom(
    db,
    CONTACT_ACKNOWLEDGEMENTS,
    slot,
    sql`${storedBefore} and ${acknowledgementOn(db)}`,
  );
}

/**
 * The mail: the owner's subject, the owner's Markdown body by the newsletter's rules (as a
 * reply's), signed with the company's saved name, in the frame every site mail shares. Reply-To
 * is the owner's mailbox (REPLY_TO), so an answer reaches a person.
 */
export function acknowledgementMail(
  to: string,
  words: Pick<SiteContent['acknowledgement'], 'subject' | 'body'>,
  site: { name: string; url: string; replyTo: string },
): MailMessage {
  const p = LIGHT;
  const html = emailDocument({
    title: words.subject,
    scheme: 'auto',
    palette: p,
    body: markdownToHtml(words.body, p) + `<p style="${PARAGRAPH}">${escapeHtml(site.name)}</p>`,
    footer: siteFooter(site.name, site.url, p),
  });
  const text = plainTextWithSignature(
    [markdownToText(words.body), '', site.name],
    site.name,
    site.url,
  );
  return { to, replyTo: site.replyTo, subject: words.subject, text, html };
}

/**
 * Mails a claimed acknowledgement in the background: the message is already stored, and a
 * failure is logged, never thrown. Not retried: the claim stays, so an address gets no second
 * one within the 24 hours, and the owner's own answer is what the visitor waits for.
 */
export function acknowledgeContact(
  deps: {
    db: Db;
    config: SiteSettingsConfig & { replyTo: string };
    mailer: Mailer;
    logger: Logger;
    clock: Clock;
  },
  contact: { id: number; email: string },
): void {
  sendInBackground(
    deps,
    'notice',
    async () => {
      const { content } = await currentContent(deps.db);
      return acknowledgementMail(contact.email, content.acknowledgement, {
        name: content.company.name,
        url: (await siteSettings(deps)).address,
        replyTo: deps.config.replyTo,
      });
    },
    {
      failed: 'contact.acknowledge_failed',
      fields: { contactId: contact.id },
    },
  );
}
