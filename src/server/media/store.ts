/**
 * The uploaded images in the database (`media_files`, db/schema.ts): a slot's variants
 * replaced or removed in one transaction, what the pages show of them, one file by name.
 * A slot is one of the site's own images (`logo`, `photo`, …: shared/site-media.ts) or the
 * image of one thing (`cover-4`, `testimonial-2`: site-image.ts).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '#db';
import { mediaFiles } from '#db/schema';
import type { MediaVariant } from './variants';

/** Inside a write: the slot's files are these variants from now on. */
export async function replaceSlot(
  tx: Db,
  slot: string,
  variants: readonly MediaVariant[],
  now: Date,
): Promise<void> {
  await tx.delete(mediaFiles).where(eq(mediaFiles.slot, slot));
  for (const variant of variants) {
    await tx.insert(mediaFiles).values({ ...variant, slot, createdAt: now });
  }
}

/** Inside a write: the slot has no image; true when it had one. */
export async function clearSlot(tx: Db, slot: string): Promise<boolean> {
  const removed = await tx
    .delete(mediaFiles)
    .where(eq(mediaFiles.slot, slot))
    .returning({ name: mediaFiles.name })
    .all();
  return removed.length > 0;
}

export interface StoredFile {
  /** Which image the file is a variant of: what it may be loaded from decides on it (serve.ts). */
  slot: string;
  type: string;
  bytes: Buffer;
}

/** One served file by its name, or null. */
export async function readMediaFile(db: Db, name: string): Promise<StoredFile | null> {
  const row = await db
    .select({ slot: mediaFiles.slot, type: mediaFiles.type, bytes: mediaFiles.bytes })
    .from(mediaFiles)
    .where(eq(mediaFiles.name, name))
    .get();
  if (!row) return null;
  // libSQL answers an ArrayBuffer, better-sqlite3 a Buffer: one shape for the caller.
  const bytes = Buffer.isBuffer(row.bytes) ? row.bytes : Buffer.from(row.bytes as ArrayBuffer);
  return { slot: row.slot, type: row.type, bytes };
}
