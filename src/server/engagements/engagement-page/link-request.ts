/**
 * `/e/link` (docs/engagements.md, "Asking for the link again"): the client gives an address
 * and always gets the same answer. Only when that address (any case) is a lead's with an
 * active engagement is a mail sent: a new link for each such engagement, which ends the link
 * before it (links are kept only as hashes, so the current one cannot be sent again). One
 * write transaction takes the throttles' places, mints the links and queues the mail.
 */
import { and, eq, sql } from 'drizzle-orm';
import { writeTransaction } from '#db';
import { engagements, leads } from '#db/schema';
import { ENGAGEMENT_MESSAGES as M } from '#shared/engagements/texts';
import type { Context } from '#server/http/trpc';
import { queueMail } from '#server/mail/outbox/queue-mail';
import { mailQueued } from '#server/mail/outbox/send-mail';
import { addressBucket, keyedBucketPart } from '#server/platform/throttle-buckets';
import { take } from '#server/platform/throttle';
import { mailSite } from '#server/site/site-brand';
import { mintLink, workingLink } from '../engagement-links';
import { engagementLinkMail } from '../link-mail';
import { ENGAGEMENT_LINK_ADDRESS_ASKS, ENGAGEMENT_LINK_ASKS } from './throttle-rules';

export async function requestEngagementLink(
  ctx: Context,
  input: { email: string },
): Promise<{ message: string }> {
  const email = input.email.toLowerCase();
  const now = ctx.clock.now();
  const site = await mailSite(ctx);
  const secret = ctx.config.sessionSecret;
  const queued = await writeTransaction(ctx.db, async (tx) => {
    await take(
      tx,
      [
        {
          bucket: addressBucket(ENGAGEMENT_LINK_ASKS.kind, secret, ctx.req.ip),
          rule: ENGAGEMENT_LINK_ASKS,
        },
        {
          bucket: `${ENGAGEMENT_LINK_ADDRESS_ASKS.kind}:email:${keyedBucketPart(secret, `email:${email}`)}`,
          rule: ENGAGEMENT_LINK_ADDRESS_ASKS,
        },
      ],
      now,
    );
    const active = await tx
      .select({ id: engagements.id, title: engagements.title, to: leads.email })
      .from(engagements)
      .innerJoin(leads, eq(leads.id, engagements.leadId))
      .where(and(sql`lower(${leads.email}) = ${email}`, eq(engagements.status, 'active')))
      .orderBy(engagements.id)
      .all();
    // An engagement whose link the owner revoked gets none this way: only the owner's "New
    // link" opens its page again.
    const linked = [];
    for (const engagement of active) {
      if (await workingLink(tx, engagement.id)) linked.push(engagement);
    }
    const [first] = linked;
    if (!first) return false;
    const links = [];
    for (const engagement of linked) {
      links.push({ title: engagement.title, token: await mintLink(tx, engagement.id, now) });
    }
    await queueMail(
      tx,
      { kind: 'notice', message: engagementLinkMail(first.to, site, links) },
      now,
    );
    return true;
  });
  if (queued) void mailQueued(ctx);
  return { message: M.linkSent };
}
