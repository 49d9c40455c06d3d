/**
 * An entry's cover (docs/api.md, "Uploaded images"): an upload of the media store, kept in the
 * entry's `cover_image` as a SiteImage, in the caller's write transaction. It is the page's
 * picture and its sharing image; it is not part of the text, so it makes no version.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '#db';
import { entries } from '#db/schema';
import { keepSiteImage, type MadeImage } from '#server/media/site-image';
import { coverSlot, dropEntryCover } from './cover-slot';
import { entryNotFound, type EntryWriter } from '../entry-store';

/** The cover is this upload from now on (the earlier one's files go), or none (null). */
export async function setEntryCover(
  tx: Db,
  ctx: EntryWriter,
  id: number,
  image: MadeImage | null,
  alt = '',
) {
  const found = await tx.select({ id: entries.id }).from(entries).where(eq(entries.id, id)).get();
  if (!found) throw entryNotFound();
  const now = ctx.clock.now();
  const cover = image ? await keepSiteImage(tx, coverSlot(id), image, alt, now) : null;
  if (!image) await dropEntryCover(tx, id);
  const row = await tx
    .update(entries)
    .set({ coverImage: cover === null ? null : JSON.stringify(cover), updatedAt: now })
    .where(eq(entries.id, id))
    .returning()
    .get();
  if (!row) throw entryNotFound();
  return row;
}
