/**
 * The double opt-in mail (docs/newsletter.md): a visitor's own sign-up sends it after the
 * answer (`sendConfirmation`); the owner's additions, imports and resends write it into the
 * outbox inside their own write (`queueConfirmations`), where it goes at the one bulk pace.
 */
import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Clock } from '#server/platform/clock';
import { writeTransaction, type Db } from '#db';
import { outbox, subscriberConfirmations, subscribers } from '#db/schema';
import { renderConfirmationEmail } from '#shared/newsletter-email';
import { type Mailer } from '#server/platform/mail';
import { mailRef } from '#server/mail/outbox/mail-ref';
import { queueMail } from '#server/mail/outbox/queue-mail';
import { sendInBackground } from '#server/mail/outbox/send-mail';
import type { Logger } from '#server/platform/logger';
import { tokenLink } from '#server/platform/tokens';
import { type SiteSettingsConfig } from '#server/site/site-settings';
import { mailSite, type MailSite } from '#server/site/site-brand';
import { CONFIRMATION_TTL_MS, newConfirmationToken, tokenHash } from './tokens';

/** The page a confirmation link opens; its button confirms. */
export function confirmUrl(siteUrl: string, token: string): string {
  return tokenLink(siteUrl, '/newsletter/confirm', token);
}

/**
 * Mails the double opt-in link after the answer has gone (see `sendInBackground`): whether
 * a mail goes depends on the address's state, which the answer must not reveal.
 */
export function sendConfirmation(
  deps: { db: Db; config: SiteSettingsConfig; mailer: Mailer; logger: Logger; clock: Clock },
  to: string,
  token: string,
): void {
  sendInBackground(
    deps,
    'confirmation',
    async () => {
      const { name, address } = await mailSite(deps);
      const mail = renderConfirmationEmail({
        siteName: name,
        siteUrl: address,
        confirmUrl: confirmUrl(address, token),
      });
      return { to, subject: mail.subject, text: mail.text, html: mail.html };
    },
    { failed: 'newsletter.confirmation_failed', fields: {} },
  );
}

/** The `ref` of a confirmation the owner queued: the subscriber it is for. */
export const confirmationRef = (subscriberId: number) => mailRef('confirmation', subscriberId);

/**
 * Inside the owner's write (an address added by hand or imported, a resend): each subscriber
 * gets a new link (stored as its hash, valid 7 days, as a sign-up's) and its mail written into
 * the outbox, so the request sends nothing itself and an import of thousands goes at the bulk
 * pace (docs/mail.md). `site` is read before the transaction (site/site-brand.ts).
 */
export async function queueConfirmations(
  tx: Db,
  rows: { id: number; email: string }[],
  site: Pick<MailSite, 'name' | 'address'>,
  now: Date,
): Promise<void> {
  for (const row of rows) {
    const token = newConfirmationToken();
    await tx
      .insert(subscriberConfirmations)
      .values({
        tokenHash: tokenHash(token),
        subscriberId: row.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CONFIRMATION_TTL_MS),
      })
      .run();
    const mail = renderConfirmationEmail({
      siteName: site.name,
      siteUrl: site.address,
      confirmUrl: confirmUrl(site.address, token),
    });
    const message = { to: row.email, subject: mail.subject, text: mail.text, html: mail.html };
    await queueMail(tx, { kind: 'confirmation', message, ref: confirmationRef(row.id) }, now);
  }
}

/**
 * The statement that takes back the owner's confirmations still waiting for the subscribers
 * `which` selects (run it before the rows are deleted): someone who unsubscribed or was erased
 * before theirs went gets none. One already in a sender's hands goes (it is on its way); its
 * link is dead anyway, since an unsubscribe or an erasure deletes the address's tokens.
 */
export function dropQueuedConfirmations(db: Db, which: SQL) {
  const refs = db
    .select({ ref: sql<string>`'confirmation' || ':' || ${subscribers.id}` })
    .from(subscribers)
    .where(which);
  return db.delete(outbox).where(and(eq(outbox.status, 'queued'), inArray(outbox.ref, refs)));
}

/**
 * Confirmations an owner queued before they went through the outbox (marked
 * `confirmation_queued_at`, no longer written): written into the outbox once, marks cleared,
 * so an upgrade in the middle of an import loses none. A read first: nothing left, no write.
 * Answers how many were queued.
 */
export async function queueLeftConfirmations(
  db: Db,
  siteOf: () => Promise<Pick<MailSite, 'name' | 'address'>>,
  now: Date,
): Promise<number> {
  const marked = isNotNull(subscribers.confirmationQueuedAt);
  if (!(await db.select({ id: subscribers.id }).from(subscribers).where(marked).get())) return 0;
  const site = await siteOf();
  return writeTransaction(db, async (tx) => {
    const rows = await tx
      .update(subscribers)
      .set({ confirmationQueuedAt: null })
      .where(marked)
      .returning({ id: subscribers.id, email: subscribers.email, status: subscribers.status })
      .all();
    const pending = rows.filter((row) => row.status === 'pending');
    await queueConfirmations(tx, pending, site, now);
    return pending.length;
  });
}
