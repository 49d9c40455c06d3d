/**
 * The owner's changes to an engagement (docs/engagements.md, "For the owner"), each in one
 * write transaction with its audit entry: a new link (mailed to the lead; the one before
 * answers 410 at once), revoke (no link works until a new one), close (read-only for
 * ENGAGEMENT_LIMITS.closedReadableDays, then 410), and the client's uploads allowed or not.
 */
import { eq } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import { writeTransaction, type Db } from '#db';
import { engagements, leads } from '#db/schema';
import type { AuditAction } from '#shared/audit';
import type { AuditActor } from '#server/audit/record';
import { auditAdminChange } from '#server/audit/admin-change';
import { leadSubject } from '#server/audit/subjects';
import type { Context } from '#server/http/trpc';
import { queueMail } from '#server/mail/outbox/queue-mail';
import { mailQueued } from '#server/mail/outbox/send-mail';
import { mailSite, type MailSite } from '#server/site/site-brand';
import { endLinks, mintLink } from './engagement-links';
import { engagementNotFound, engagementRow, type EngagementRow } from './engagement-store';
import { engagementLinkMail } from './link-mail';

export type AdminContext = Context & { user: NonNullable<AuditActor> };

export const auditTarget = (row: Pick<EngagementRow, 'id' | 'title'>) =>
  `engagement ${row.id} "${row.title}"`;

export const auditEngagement = (
  tx: Db,
  ctx: AdminContext,
  action: AuditAction,
  row: EngagementRow,
) => auditAdminChange(tx, ctx, action, auditTarget(row), leadSubject(row.leadId));

/** Mails the engagement's new link to its lead, in the caller's transaction. */
export async function queueLinkMail(
  tx: Db,
  row: EngagementRow,
  token: string,
  site: MailSite,
  now: Date,
) {
  const lead = await tx
    .select({ email: leads.email })
    .from(leads)
    .where(eq(leads.id, row.leadId))
    .get();
  if (!lead) throw engagementNotFound();
  await queueMail(
    tx,
    {
      kind: 'notice',
      message: engagementLinkMail(lead.email, site, [{ title: row.title, token }]),
    },
    now,
  );
}

/** Runs `change` on the engagement in one write transaction; 404 when there is none. */
async function changed(
  ctx: AdminContext,
  id: number,
  change: (tx: Db, row: EngagementRow, now: Date) => Promise<void>,
): Promise<void> {
  const now = ctx.clock.now();
  await writeTransaction(ctx.db, async (tx) => {
    const row = await engagementRow(tx, id);
    if (!row) throw engagementNotFound();
    await change(tx, row, now);
  });
}

/** A new link, mailed to the lead; the one before ends (`replaced`). */
export async function newEngagementLink(ctx: AdminContext, id: number): Promise<void> {
  const site = await mailSite(ctx);
  await changed(ctx, id, async (tx, row, now) => {
    if (row.status === 'closed') {
      throw new TRPCError({ code: 'CONFLICT', message: 'A closed engagement gets no new link' });
    }
    await queueLinkMail(tx, row, await mintLink(tx, row.id, now), site, now);
    await auditEngagement(tx, ctx, 'engagement_link_made', row);
  });
  void mailQueued(ctx);
}

export function revokeEngagementLink(ctx: AdminContext, id: number): Promise<void> {
  return changed(ctx, id, async (tx, row, now) => {
    await endLinks(tx, row.id, 'revoked', now);
    await auditEngagement(tx, ctx, 'engagement_link_revoked', row);
  });
}

/** Closes it (a second close changes nothing and records nothing). */
export function closeEngagement(ctx: AdminContext, id: number): Promise<void> {
  return changed(ctx, id, async (tx, row, now) => {
    if (row.status === 'closed') return;
    await tx
      .update(engagements)
      .set({ status: 'closed', closedAt: now })
      .where(eq(engagements.id, row.id));
    await auditEngagement(tx, ctx, 'engagement_closed', row);
  });
}

export function setClientUploads(
  ctx: AdminContext,
  id: number,
  clientUploads: boolean,
): Promise<void> {
  return changed(ctx, id, async (tx, row) => {
    if (row.clientUploads === clientUploads) return;
    await tx.update(engagements).set({ clientUploads }).where(eq(engagements.id, row.id));
    await auditEngagement(tx, ctx, 'engagement_updated', row);
  });
}
