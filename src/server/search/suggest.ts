/**
 * "Did you mean" for a search that found nothing (docs/content.md, "Search"): each word the
 * published entries do not hold is replaced by the nearest one they do (at most 1 edit for a
 * word of up to 5 letters, 2 beyond, a swap of two letters counting 1; the most frequent of
 * equals), and the search page offers the result only when it finds something.
 *
 * The words are read from the published entries as a reader sees them (plain-text.ts), not
 * from the index's vocabulary (fts5vocab): that holds stems ("evalu" for "evaluation"),
 * which are no words to offer. Read once per `published_entries` counter (bumped by every
 * write to entries, migration 0026), so a publish on any instance is in the next suggestion.
 */
import { eq } from 'drizzle-orm';
import { changeCounter, type Db } from '#db';
import { entries } from '#db/schema';
import { markdownAsText } from './plain-text';

/** Words shorter than this are neither corrected nor offered. */
const MIN_LENGTH = 3;

/**
 * Unknown words looked up, at most: each is compared with every word of the entries (about
 * 10 ms for 20,000 words), on the request's thread; a longer query keeps the rest as typed.
 */
const MAX_LOOKUPS = 5;

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];

/** Per database: the counter the vocabulary was read at, and the words with their counts. */
const kept = new WeakMap<Db, { counter: number; words: Promise<Map<string, number>> }>();

async function vocabulary(db: Db): Promise<Map<string, number>> {
  const counter = await changeCounter(db, 'published_entries');
  const known = kept.get(db);
  if (known?.counter === counter) return known.words;
  const words = (async () => {
    const rows = await db
      .select({ title: entries.title, summary: entries.summary, body: entries.body })
      .from(entries)
      .where(eq(entries.status, 'published'))
      .all();
    const counts = new Map<string, number>();
    for (const row of rows) {
      for (const word of wordsOf(`${row.title} ${row.summary} ${markdownAsText(row.body)}`)) {
        if (word.length >= MIN_LENGTH) counts.set(word, (counts.get(word) ?? 0) + 1);
      }
    }
    return counts;
  })();
  kept.set(db, { counter, words });
  words.catch(() => {
    if (kept.get(db)?.words === words) kept.delete(db);
  });
  return words;
}

/**
 * The edits from `a` to `b` (insert, delete, replace, swap two neighbours), or `max + 1` as
 * soon as it is sure to be more than `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      }
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

function nearest(word: string, words: Map<string, number>): string | null {
  const max = word.length <= 5 ? 1 : 2;
  let found: { word: string; distance: number; count: number } | null = null;
  for (const [candidate, count] of words) {
    const distance = editDistance(word, candidate, max);
    if (distance > max) continue;
    const better =
      !found ||
      distance < found.distance ||
      (distance === found.distance && count > found.count) ||
      (distance === found.distance && count === found.count && candidate < found.word);
    if (better) found = { word: candidate, distance, count };
  }
  return found?.word ?? null;
}

/** The visitor's words with each unknown one corrected, or null when none could be. */
export async function suggestedQuery(db: Db, q: string): Promise<string | null> {
  const asked = wordsOf(q);
  if (asked.length === 0) return null;
  const words = await vocabulary(db);
  let changed = false;
  let lookups = 0;
  const suggested = asked.map((word) => {
    if (word.length < MIN_LENGTH || words.has(word) || lookups >= MAX_LOOKUPS) return word;
    lookups += 1;
    const better = nearest(word, words);
    if (better === null) return word;
    changed = true;
    return better;
  });
  return changed ? suggested.join(' ') : null;
}
