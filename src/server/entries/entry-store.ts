/**
 * The entries' writes (docs/content.md, "Case studies and insights"), each awaited inside
 * the caller's write transaction: create a draft, save a new version over the one the editor
 * showed, publish, unpublish, delete. An address a published entry leaves is kept for a 301,
 * a deleted one's for a 410 (`entry_old_slugs`, read by published.ts).
 */
import { TRPCError } from '@trpc/server';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#db';
import { entries, entryOldSlugs, entryVersions, type EntryRow } from '#db/schema';
import type { AuditAction } from '#shared/audit';
import {
  ENTRY_KIND_LABELS,
  ENTRY_MESSAGES,
  type EntryCreateInput,
  type EntryStatus,
} from '#shared/entries';
import type { EntryResult } from '#shared/shapes/entries';
import type { Context } from '#server/http/trpc';
import { auditAdminChange } from '#server/audit/admin-change';
import type { AuditActor } from '#server/audit/record';
import { dropEntryCover } from './covers/cover-slot';
import { dropEntryPage } from './entry-page-store';
import { ensureSlugFree, madeSlug } from './entry-slug';
import { dropShareImages } from './share-image-path';

/** Who writes, and when: a signed-in administrator's request. */
export type EntryWriter = Pick<Context, 'clock' | 'req'> & { user: NonNullable<AuditActor> };

/** The text fields after validation: what a version keeps. */
interface EntryText {
  title: string;
  summary: string;
  body: string;
  client: string | null;
  industry: string | null;
  results: EntryResult[];
  tags: string[];
}

type CreateFields = EntryText & Pick<EntryCreateInput, 'kind' | 'slug'>;
type SaveFields = EntryText & { id: number; baseVersion: number; slug?: string | undefined };

export const entryNotFound = () =>
  new TRPCError({ code: 'NOT_FOUND', message: ENTRY_MESSAGES.notFound });

const auditTarget = (row: Pick<EntryRow, 'id' | 'kind' | 'slug'>) =>
  `${ENTRY_KIND_LABELS[row.kind]} ${row.id} (${row.slug})`;

function columnsOf(text: EntryText) {
  return {
    title: text.title,
    summary: text.summary,
    body: text.body,
    client: text.client,
    industry: text.industry,
    results: JSON.stringify(text.results),
    tags: JSON.stringify(text.tags),
  };
}

/** The version's row: the whole text with its slug, who saved it and when. */
async function keepVersion(tx: Db, ctx: EntryWriter, row: EntryRow): Promise<void> {
  const { slug, title, summary, body, client, industry } = row;
  const results = JSON.parse(row.results) as unknown;
  const tags = JSON.parse(row.tags) as unknown;
  await tx.insert(entryVersions).values({
    entryId: row.id,
    version: row.version,
    text: JSON.stringify({ slug, title, summary, body, client, industry, results, tags }),
    at: row.updatedAt,
    byId: ctx.user.id,
    by: ctx.user.username,
  });
}

async function entryRow(tx: Db, id: number): Promise<EntryRow> {
  const row = await tx.select().from(entries).where(eq(entries.id, id)).get();
  if (!row) throw entryNotFound();
  return row;
}

export async function createEntry(tx: Db, ctx: EntryWriter, input: CreateFields) {
  if (input.slug !== undefined) await ensureSlugFree(tx, input.kind, input.slug);
  const slug = input.slug ?? (await madeSlug(tx, input.kind, input.title));
  const now = ctx.clock.now();
  const row = await tx
    .insert(entries)
    .values({ kind: input.kind, slug, ...columnsOf(input), createdAt: now, updatedAt: now })
    .returning()
    .get();
  await keepVersion(tx, ctx, row);
  await auditAdminChange(tx, ctx, 'entry_created', auditTarget(row));
  return row;
}

/**
 * Remembers that `slug` was this published entry's address: it answers 301 to wherever the
 * entry is now (or 410 with `entryId` null, once it is deleted).
 */
async function keepOldSlug(tx: Db, row: EntryRow, entryId: number | null, at: Date) {
  await tx
    .insert(entryOldSlugs)
    .values({ kind: row.kind, slug: row.slug, entryId, at })
    .onConflictDoUpdate({ target: [entryOldSlugs.kind, entryOldSlugs.slug], set: { entryId, at } });
}

/**
 * A new version over `baseVersion`. With `draftOnly` (an access token's save, docs/mcp.md) a
 * published entry is refused (409): its text is the live page's, changed only by a person in
 * the admin. Checked in the save's own transaction, so a publish at the same moment cannot
 * slip between the check and the write.
 */
export async function saveEntry(
  tx: Db,
  ctx: EntryWriter,
  input: SaveFields,
  options: { draftOnly?: boolean } = {},
) {
  const before = await entryRow(tx, input.id);
  if (options.draftOnly && before.status !== 'draft') {
    throw new TRPCError({ code: 'CONFLICT', message: ENTRY_MESSAGES.publishedNotDraft });
  }
  if (before.version !== input.baseVersion) {
    throw new TRPCError({ code: 'CONFLICT', message: ENTRY_MESSAGES.stale });
  }
  const slug = input.slug ?? before.slug;
  if (slug !== before.slug) await ensureSlugFree(tx, before.kind, slug, before.id);
  const now = ctx.clock.now();
  const row = await tx
    .update(entries)
    .set({ slug, ...columnsOf(input), updatedAt: now, version: input.baseVersion + 1 })
    // The version in the condition too: a save is never written over one it did not see.
    .where(and(eq(entries.id, input.id), eq(entries.version, input.baseVersion)))
    .returning()
    .get();
  if (!row) throw new TRPCError({ code: 'CONFLICT', message: ENTRY_MESSAGES.stale });
  await keepVersion(tx, ctx, row);
  // Its kept page shows the old text (or address): gone with the save, written anew after it.
  if (before.status === 'published') await dropEntryPage(tx, before.kind, before.slug);
  // An address readers may have: kept while the entry has ever been public.
  // Its pictures' addresses name the old slug: drawn again under the new one when asked.
  if (slug !== before.slug) await dropShareImages(tx, before.kind, before.slug);
  if (slug !== before.slug && before.publishedAt !== null) {
    await keepOldSlug(tx, before, before.id, now);
    // Back at an address it left: that address is its own again, not a 301 to itself.
    await tx
      .delete(entryOldSlugs)
      .where(
        and(
          eq(entryOldSlugs.kind, row.kind),
          eq(entryOldSlugs.slug, slug),
          eq(entryOldSlugs.entryId, row.id),
        ),
      );
  }
  return row;
}

const STATUS_ACTIONS: Record<EntryStatus, AuditAction> = {
  published: 'entry_published',
  draft: 'entry_unpublished',
};

/**
 * Publishes or unpublishes. Asking for the status it has changes nothing and writes no audit
 * entry. The first publication's time stays the entry's date, also when published again.
 */
export async function setEntryStatus(tx: Db, ctx: EntryWriter, id: number, status: EntryStatus) {
  const before = await entryRow(tx, id);
  if (before.status === status) return before;
  const now = ctx.clock.now();
  const row = await tx
    .update(entries)
    .set({
      status,
      updatedAt: now,
      publishedAt:
        status === 'published'
          ? sql`coalesce(${entries.publishedAt}, ${now.getTime()})`
          : undefined,
    })
    .where(eq(entries.id, id))
    .returning()
    .get();
  if (!row) throw entryNotFound();
  // Unpublished: its page goes with the change; published: written after it (router.ts).
  await dropEntryPage(tx, row.kind, row.slug);
  await auditAdminChange(tx, ctx, STATUS_ACTIONS[status], auditTarget(row));
  return row;
}

/**
 * Deletes the entry and its versions. Once public, its address answers 410 from now on, and
 * so do the addresses it had left (their rows lose the entry: `on delete set null`).
 */
export async function deleteEntry(tx: Db, ctx: EntryWriter, id: number): Promise<void> {
  const row = await entryRow(tx, id);
  await dropEntryCover(tx, id); // its cover's files: their addresses answer 404 from now on
  await tx.delete(entries).where(eq(entries.id, id));
  await dropEntryPage(tx, row.kind, row.slug);
  await dropShareImages(tx, row.kind, row.slug);
  if (row.publishedAt !== null) await keepOldSlug(tx, row, null, ctx.clock.now());
  await auditAdminChange(tx, ctx, 'entry_deleted', auditTarget(row));
}
