/**
 * `/case-studies` and `/insights` (docs/content.md, "The entry pages"): the published
 * entries, newest first, 12 a page; a page past the end (or any page while nothing is
 * published) is no page, the site's 404.
 *
 * Rendered from the database, not kept there: a publish moves every page of its list, so
 * kept lists would be rewritten whole at each one, while a page is one indexed read of 12
 * rows and a few string copies. Each instance keeps the pages it sent until the
 * `published_entries` counter moves (bumped by triggers on every write to entries, migration
 * 0026) or the frame changes, and reads the counter (one row) per request, so a publish on
 * any instance shows on every instance at once.
 */
import type { Db } from '#db';
import { entryListPath } from '#shared/entry-paths';
import type { EntryKind } from '#shared/entries';
import { bytesEtag } from '#server/http/etag';
import type { ReadyBytes } from '#server/http/ready-bytes';
import type { PageFrame } from '#server/platform/page-frame';
import { listMainHtml } from './page-html';
import { listHeadTags } from './page-head';
import { publishedPage } from './published';
import { readyHtml } from './ready-pages';

/** Pages kept per instance; past it, the oldest go (a crawler walking page 1,000). */
const MAX_LISTS = 100;

interface KeptList {
  counter: number;
  frame: string;
  page: Promise<ReadyBytes | null>;
}

const kept = new WeakMap<Db, Map<string, KeptList>>();

async function render(db: Db, frame: PageFrame, kind: EntryKind, page: number) {
  const list = await publishedPage(db, kind, page);
  if (list.entries.length === 0) return null;
  const html = frame.page({
    path: entryListPath(kind, page),
    head: listHeadTags(frame, kind, page),
    main: listMainHtml(frame, kind, list),
  });
  return readyHtml(html, bytesEtag(Buffer.from(html, 'utf8')));
}

/** The list's page as ready bytes, or null when it has no entries. */
export function listPage(
  db: Db,
  frame: PageFrame,
  counter: number,
  kind: EntryKind,
  page: number,
): Promise<ReadyBytes | null> {
  let lists = kept.get(db);
  if (!lists) {
    lists = new Map();
    kept.set(db, lists);
  }
  const key = `${kind} ${page}`;
  const known = lists.get(key);
  if (known && known.counter === counter && known.frame === frame.key) return known.page;
  const made = render(db, frame, kind, page);
  const own = lists;
  own.delete(key);
  own.set(key, { counter, frame: frame.key, page: made });
  made.catch(() => {
    if (own.get(key)?.page === made) own.delete(key);
  });
  for (const oldest of own.keys()) {
    if (own.size <= MAX_LISTS) break;
    own.delete(oldest);
  }
  return made;
}
