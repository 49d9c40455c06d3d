/**
 * The passages a question is answered from (docs/assistant.md, "Grounding"): the site's two
 * FTS5 indexes, the published entries' (search/, the visitors' search) and the site content's
 * (home sections, services, legal pages; migration 0036), asked with the same cleaned words
 * as the search, any of them rather than all, as a question is a sentence, not keywords.
 */
import { and, eq, sql } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { entries, entriesSearch, siteContentDefaults, siteSearch } from '#db/schema';
import { entryPath } from '#shared/entry-paths';
import { defaultSiteContent } from '#shared/site-content-defaults';
import { quotedWords } from '#server/search/search-query';

export interface Passage {
  title: string;
  /** The page it is shown on: a published entry's, home, or a legal page with text. */
  url: string;
  text: string;
}

/** Passages of each index given to the model: enough to answer, little to pay for. */
const PER_INDEX = 3;
/** Tokens of each passage's extract, around the words found. */
const EXTRACT_TOKENS = 48;

/**
 * Words that say nothing about what a page is about: left out, so "what do you do?" does
 * not find every page, and a question about nothing the site says finds none (and an
 * answer's run of them names no source: sources.ts).
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about an and are as at be by can could did do does for from had has have how i if in is
  it its me my of on or our should so that the their them there these they this to us was we
  were what when where which who why will with would you your yours please tell know any some
  much many more most other also just than then into over such only own same very`.split(/\s+/),
);

/** The question's searchable words as an FTS5 query matching any of them; null: none left. */
export function anyWordsQuery(question: string): string | null {
  // A word of one letter says nothing either ("a", "I", "s" of "it's"); "AI" does.
  const words = quotedWords(question).filter((quoted) => {
    const word = quoted.slice(1, -1).toLowerCase();
    return word.length > 1 && !STOP_WORDS.has(word);
  });
  return words.length === 0 ? null : [...new Set(words)].join(' OR ');
}

const defaultsKept = new WeakMap<Db, Promise<void>>();

/**
 * The code's starting words kept in the database, once a process (written only when they
 * differ: a fresh site, or a release that changed them): on a fresh site they are what the
 * pages show, and the row's trigger puts them in the index (migration 0037).
 */
function keepDefaults(db: Db): Promise<void> {
  let kept = defaultsKept.get(db);
  if (!kept) {
    const content = JSON.stringify(defaultSiteContent);
    kept = (async () => {
      const row = await db.select().from(siteContentDefaults).get();
      if (row?.content === content) return;
      await writeTransaction(db, (tx) =>
        tx
          .insert(siteContentDefaults)
          .values({ id: 1, content })
          .onConflictDoUpdate({ target: siteContentDefaults.id, set: { content } })
          .run(),
      );
    })();
    // A failure is tried again by the next question.
    kept.catch(() => defaultsKept.delete(db));
    defaultsKept.set(db, kept);
  }
  return kept;
}

/** The best passages for the question, site content first; none: the model is not asked. */
export async function passagesFor(db: Db, question: string): Promise<Passage[]> {
  const match = anyWordsQuery(question);
  if (match === null) return [];
  await keepDefaults(db);
  const site = await db
    .select({
      title: siteSearch.title,
      url: siteSearch.url,
      text: sql<string>`snippet(site_search, 2, '', '', '…', ${EXTRACT_TOKENS})`,
    })
    .from(siteSearch)
    .where(sql`${siteSearch.anyColumn} match ${match}`)
    .orderBy(siteSearch.rank)
    .limit(PER_INDEX)
    .all();
  const published = await db
    .select({
      kind: entries.kind,
      slug: entries.slug,
      title: entries.title,
      text: sql<string>`snippet(entries_search, -1, '', '', '…', ${EXTRACT_TOKENS})`,
    })
    .from(entriesSearch)
    .crossJoin(entries)
    .where(
      and(
        sql`${entriesSearch.anyColumn} match ${match}`,
        eq(entries.id, entriesSearch.rowid),
        eq(entries.status, 'published'),
      ),
    )
    .orderBy(entriesSearch.rank)
    .limit(PER_INDEX)
    .all();
  return [
    ...site,
    ...published.map((row) => ({
      title: row.title,
      url: entryPath(row.kind, row.slug),
      text: row.text,
    })),
  ];
}
