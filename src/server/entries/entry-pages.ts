/**
 * The entries' public pages (docs/content.md, "The entry pages"; docs/api.md, "Entry pages"):
 * `/case-studies/<slug>` and `/insights/<slug>` sent from the page kept in the database
 * (entry-page-store.ts), written again for a new frame (a new build, a content save) at its
 * first request; an old address 301 to the entry's new one, a deleted entry's 410; a draft
 * or unknown slug falls through to the site's 404 page (http/static.ts). The lists are
 * entry-lists.ts; the admin's preview is the `entries.preview` procedure (router.ts).
 */
import { Hono, type Context as HonoCtx, type Next } from 'hono';
import { changeCounter } from '#db';
import { ENTRY_LIST_PATHS, entryPath } from '#shared/entry-paths';
import { ENTRY_LIMITS, SLUG_PATTERN, entryKindValues, type EntryKind } from '#shared/entries';
import type { AppEnv } from '#server/http/hono-env';
import { cacheControlOf, readyAnswer, type ReadyBytes } from '#server/http/ready-bytes';
import type { AppDeps } from '#server/http/trpc';
import type { PageFrame } from '#server/platform/page-frame';
import {
  entryPageKey,
  storeEntryPage,
  storedPageHtml,
  storedPageTag,
  type StoredPage,
} from './entry-page-store';
import { listPage } from './entry-lists';
import { goneMainHtml } from './page-html';
import { goneHeadTags } from './page-head';
import { oldSlugAnswer, publishedEntry } from './published';
import { readyPages } from './ready-pages';

const HTML = 'text/html; charset=utf-8';

function isSlug(slug: string): boolean {
  return slug.length <= ENTRY_LIMITS.slugMax && SLUG_PATTERN.test(slug);
}

export function entryPageRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const ready = readyPages();
  const { pageFrames } = deps;

  /** Pages being written here now: requests arriving meanwhile wait for the one write. */
  const inFlight = new Map<string, Promise<StoredPage | null>>();

  function writing(path: string, frame: PageFrame, pageKey: string, kind: EntryKind, slug: string) {
    const key = `${pageKey} ${path}`;
    const known = inFlight.get(key);
    if (known) return known;
    const write = publishedEntry(deps.db, kind, slug)
      .then((entry) => (entry ? storeEntryPage(deps, frame, entry) : null))
      .finally(() => inFlight.delete(key));
    inFlight.set(key, write);
    return write;
  }

  const send = (c: HonoCtx<AppEnv>, page: ReadyBytes) =>
    readyAnswer(c, page, { cacheControl: cacheControlOf(HTML) });

  async function entryPage(c: HonoCtx<AppEnv>, next: Next, kind: EntryKind) {
    const slug = c.req.param('slug') ?? '';
    if (!pageFrames || !isSlug(slug)) return next();
    const frame = await pageFrames.current();
    const path = entryPath(kind, slug);
    const pageKey = await entryPageKey(deps.db, frame);
    const etag = await storedPageTag(deps.db, path, pageKey);
    if (etag) {
      const page = await ready.get(path, etag, () => storedPageHtml(deps.db, path, etag));
      if (page) return send(c, page);
    }
    // Not kept for this frame (a new build or content, or a publish still being written).
    const stored = await writing(path, frame, pageKey, kind, slug);
    if (stored) {
      const page = await ready.get(path, stored.etag, async () => stored.html);
      if (page) return send(c, page);
    }
    const old = await oldSlugAnswer(deps.db, kind, slug);
    if (old?.status === 301) return c.redirect(entryPath(kind, old.slug), 301);
    if (old?.status === 410) return gone(c, frame, kind);
    return next();
  }

  function gone(c: HonoCtx<AppEnv>, frame: PageFrame, kind: EntryKind) {
    const html = frame.page({
      path: c.req.path,
      head: goneHeadTags(frame, kind),
      main: goneMainHtml(kind),
    });
    c.header('Cache-Control', cacheControlOf(HTML));
    return c.html(html, 410);
  }

  async function list(c: HonoCtx<AppEnv>, next: Next, kind: EntryKind) {
    const asked = c.req.query('page');
    // `?page=` is 1 or more, as digits; anything else is no page of the list.
    if (!pageFrames || (asked !== undefined && !/^[1-9]\d{0,5}$/.test(asked))) return next();
    const frame = await pageFrames.current();
    const counter = await changeCounter(deps.db, 'published_entries');
    const page = await listPage(deps.db, frame, counter, kind, Number(asked ?? 1));
    return page ? send(c, page) : next();
  }

  for (const kind of entryKindValues) {
    const base = ENTRY_LIST_PATHS[kind];
    app.get(base, (c, next) => list(c, next, kind));
    app.get(`${base}/:slug`, (c, next) => entryPage(c, next, kind));
  }

  return app;
}
