/**
 * The feeds (docs/content.md, "Feeds"; docs/api.md, "Feeds"): `/feed.xml` (RSS 2.0) and
 * `/atom.xml` (Atom 1.0) of both kinds, `/case-studies/feed.xml` and `/insights/feed.xml` of
 * one, each the 50 latest published entries with their whole body. With nothing published a
 * feed is no page (the site's 404), as the lists are.
 *
 * Kept as the lists are (entry-lists.ts): each instance keeps the bytes it sent until the
 * `published_entries` counter moves or the frame changes (a new company name or address),
 * and reads the counter per request, so a publish on any instance shows in every feed at once.
 */
import { Hono, type Context as HonoCtx, type Next } from 'hono';
import { changeCounter, type Db } from '#db';
import { SITE_FEED_PATHS, entryFeedPath } from '#shared/entry-paths';
import { entryKindValues, type EntryKind } from '#shared/entries';
import type { AppEnv } from '#server/http/hono-env';
import { cacheControlOf, readyAnswer, type ReadyBytes } from '#server/http/ready-bytes';
import type { AppDeps } from '#server/http/trpc';
import type { PageFrame } from '#server/platform/page-frame';
import type { FeedFormat } from './feed-xml';
import { latestPublished } from './published';
import { readyText } from './ready-pages';

/** How many entries a feed carries, newest first. */
export const FEED_SIZE = 50;

const TYPES: Record<FeedFormat, string> = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
};

async function render(db: Db, frame: PageFrame, kind: EntryKind | null, format: FeedFormat) {
  const entries = await latestPublished(db, kind, FEED_SIZE);
  if (entries.length === 0) return null;
  // The `feed` package is loaded with the first feed asked for (docs/operations.md,
  // "Start-up time").
  const { feedXml } = await import('./feed-xml');
  return readyText(feedXml(frame, kind, format, entries), TYPES[format]);
}

interface KeptFeed {
  counter: number;
  frame: string;
  feed: Promise<ReadyBytes | null>;
}

export function feedRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { db, pageFrames } = deps;
  const kept = new Map<string, KeptFeed>();

  async function feed(c: HonoCtx<AppEnv>, next: Next, kind: EntryKind | null, format: FeedFormat) {
    if (!pageFrames) return next();
    const frame = await pageFrames.current();
    const counter = await changeCounter(db, 'published_entries');
    const key = `${kind ?? 'all'} ${format}`;
    let known = kept.get(key);
    if (known?.counter !== counter || known.frame !== frame.key) {
      const made = render(db, frame, kind, format);
      known = { counter, frame: frame.key, feed: made };
      kept.set(key, known);
      // A failure is not kept: the next request asks again.
      made.catch(() => {
        if (kept.get(key)?.feed === made) kept.delete(key);
      });
    }
    const ready = await known.feed;
    if (!ready) return next();
    return readyAnswer(c, ready, { cacheControl: cacheControlOf(ready.type) });
  }

  app.get(SITE_FEED_PATHS.rss, (c, next) => feed(c, next, null, 'rss'));
  app.get(SITE_FEED_PATHS.atom, (c, next) => feed(c, next, null, 'atom'));
  for (const kind of entryKindValues) {
    app.get(entryFeedPath(kind), (c, next) => feed(c, next, kind, 'rss'));
  }
  return app;
}
