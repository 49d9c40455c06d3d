/**
 * Engagements as stored (docs/engagements.md): opening one (one per accepted proposal, the
 * unique index `engagements_proposal_idx` holds it however many try at once), reading one by
 * id, and its answer for the admin.
 */
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import type { Db } from '#db';
import { engagements } from '#db/schema';
import { ENGAGEMENT_LIMITS } from '#shared/engagements/limits';
import { ENGAGEMENT_MESSAGES as M } from '#shared/engagements/texts';
import type { EngagementStatus } from '#shared/engagements/values';
import type { Engagement } from '#shared/shapes/engagements';
import { mintLink, workingLink } from './engagement-links';
import type { EngagementRef } from './engagement-ref';

export type EngagementRow = typeof engagements.$inferSelect;

export const engagementNotFound = () =>
  new TRPCError({ code: 'NOT_FOUND', message: M.engagementNotFound });

/** What the parts receive of an engagement once it was checked. */
export const refOf = (row: EngagementRow): EngagementRef => ({
  id: row.id,
  leadId: row.leadId,
  status: row.status,
  clientUploads: row.clientUploads,
});

export async function engagementRow(db: Db, id: number): Promise<EngagementRow | undefined> {
  return await db.select().from(engagements).where(eq(engagements.id, id)).get();
}

/** The engagement an admin path names by its id, as its parts receive it, or 404. */
export async function engagementRefOfId(db: Db, id: number): Promise<EngagementRef> {
  const row = await engagementRow(db, id);
  if (!row) throw engagementNotFound();
  return refOf(row);
}

/** The lead's newest engagement, or undefined. */
export async function engagementOfLead(db: Db, leadId: number): Promise<EngagementRow | undefined> {
  return await db
    .select()
    .from(engagements)
    .where(eq(engagements.leadId, leadId))
    .orderBy(desc(engagements.id))
    .get();
}

export async function engagementJson(db: Db, row: EngagementRow): Promise<Engagement> {
  const link = await workingLink(db, row.id);
  return {
    id: row.id,
    leadId: row.leadId,
    proposalId: row.proposalId,
    title: row.title,
    status: row.status,
    clientUploads: row.clientUploads,
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    linkActive: link !== undefined,
    linkCreatedAt: link?.createdAt.toISOString() ?? null,
  };
}

export async function engagementById(db: Db, id: number): Promise<Engagement> {
  const row = await engagementRow(db, id);
  if (!row) throw engagementNotFound();
  return engagementJson(db, row);
}

/** What an engagement is opened with. */
export interface OpenedWith {
  leadId: number;
  /** The accepted proposal it follows; null when the owner opened it without one. */
  proposalId: number | null;
  title: string;
}

/**
 * Opens an engagement and its first link in the caller's write transaction; null when the
 * proposal already has one (the unique index decides, so a second try changes nothing).
 */
export async function openEngagement(
  tx: Db,
  opened: OpenedWith,
  now: Date,
): Promise<{ row: EngagementRow; token: string } | null> {
  const row = await tx
    .insert(engagements)
    .values({ ...opened, createdAt: now })
    .onConflictDoNothing()
    .returning()
    .get();
  if (!row) return null;
  return { row, token: await mintLink(tx, row.id, now) };
}

/** Engagements newest first, by status and lead, at most ENGAGEMENT_LIMITS.listMax. */
export async function engagementsList(
  db: Db,
  filter: { status?: EngagementStatus; leadId?: number },
): Promise<Engagement[]> {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(engagements.status, filter.status));
  if (filter.leadId !== undefined) where.push(eq(engagements.leadId, filter.leadId));
  const rows = await db
    .select()
    .from(engagements)
    .where(and(...where))
    .orderBy(desc(engagements.id))
    .limit(ENGAGEMENT_LIMITS.listMax)
    .all();
  return Promise.all(rows.map((row) => engagementJson(db, row)));
}
