/**
 * Which address an entry gets (docs/content.md, "Case studies and insights"): a given slug
 * must be free among the entries of its kind (else 409 naming `slug`); a slug made from the
 * title takes the first of `slug`, `slug-2`, `slug-3`… that no entry of the kind has and
 * that no old or deleted entry's address holds (it would take over a 301 or a 410).
 */
import { and, eq, like, ne } from 'drizzle-orm';
import type { Db } from '#db';
import { entries, entryOldSlugs } from '#db/schema';
import { ENTRY_MESSAGES, type EntryKind } from '#shared/entries';
import { numberedSlug, slugFromTitle } from '#shared/entry-slug';
import { FieldConflict } from '#server/platform/errors';

const slugTaken = () => new FieldConflict(ENTRY_MESSAGES.slugTaken, 'slug');

/** Refuses (409) a slug another entry of the kind has. */
export async function ensureSlugFree(
  tx: Db,
  kind: EntryKind,
  slug: string,
  exceptId?: number,
): Promise<void> {
  const other = await tx
    .select({ id: entries.id })
    .from(entries)
    .where(
      and(
        eq(entries.kind, kind),
        eq(entries.slug, slug),
        exceptId === undefined ? undefined : ne(entries.id, exceptId),
      ),
    )
    .get();
  if (other) throw slugTaken();
}

/** The slugs of the kind starting like `stem`, in entries and old addresses alike. */
async function slugsLike(tx: Db, kind: EntryKind, stem: string): Promise<Set<string>> {
  // A slug holds only a-z, 0-9 and '-': no LIKE wildcard can be in the stem.
  const live = await tx
    .select({ slug: entries.slug })
    .from(entries)
    .where(and(eq(entries.kind, kind), like(entries.slug, `${stem}%`)))
    .all();
  const old = await tx
    .select({ slug: entryOldSlugs.slug })
    .from(entryOldSlugs)
    .where(and(eq(entryOldSlugs.kind, kind), like(entryOldSlugs.slug, `${stem}%`)))
    .all();
  return new Set([...live, ...old].map((row) => row.slug));
}

/** Inside the write that stores the entry: a free slug made from the title. */
export async function madeSlug(tx: Db, kind: EntryKind, title: string): Promise<string> {
  const base = slugFromTitle(title, kind);
  // Numbered candidates may be cut to fit 80 characters: compare on what they all share.
  const taken = await slugsLike(tx, kind, base.slice(0, 60));
  for (let n = 1; ; n++) {
    const candidate = numberedSlug(base, n);
    if (!taken.has(candidate)) return candidate;
  }
}
