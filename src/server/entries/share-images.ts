/**
 * The entries' drawn share images (docs/content.md, "Share images"; docs/api.md, "Share
 * images"): GET `/og/<kind>/<slug>-<hash>.png`, where the hash follows everything the picture
 * shows (the title, the company's name, its logo's hashed address, the colours), so an
 * address names one picture forever and is cached a year. Drawn at its first request, only
 * for the published entry whose current picture it is, and kept in table `share_images`:
 * every instance then sends the stored bytes. Requests arriving together on one instance wait
 * for its one drawing; two instances asked in the same instant may each draw, and the first
 * stored picture is the one every instance sends.
 */
import { and, eq, ne } from 'drizzle-orm';
import { Hono, type Context as HonoCtx, type Next } from 'hono';
import { writeTransaction, type Db } from '#db';
import { shareImages } from '#db/schema';
import { entryKindValues, type EntryKind } from '#shared/entries';
import { MEDIA_URL_PREFIX } from '#shared/site-media';
import type { AppEnv } from '#server/http/hono-env';
import { ownHeaders } from '#server/http/security-headers';
import type { AppDeps } from '#server/http/trpc';
import { readMediaFile } from '#server/media/store';
import { publishedContent } from '#server/site/site-content';
import { OG_IMAGE_PATH } from '#shared/seo';
import type { ShareImageParts } from './share-image-draw';
import { homeSharePicture, shareImagePath } from './share-image-path';
import { publishedEntry } from './published';

/**
 * satori, resvg and sharp (about 70 MB of memory) are loaded at the first drawing, not at the
 * start (docs/operations.md, "Start-up time").
 */
const drawShareImage = async (parts: ShareImageParts): Promise<Buffer> =>
  (await import('./share-image-draw')).drawShareImage(parts);

const FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)-([0-9a-f]{16})\.png$/;
const HOME_FILE = /^home-[0-9a-f]{16}\.png$/;

async function storedPng(db: Db, path: string): Promise<Buffer | null> {
  const row = await db
    .select({ png: shareImages.png })
    .from(shareImages)
    .where(eq(shareImages.path, path))
    .get();
  if (!row) return null;
  // libSQL answers an ArrayBuffer, better-sqlite3 a Buffer.
  return Buffer.isBuffer(row.png) ? row.png : Buffer.from(row.png as ArrayBuffer);
}

async function logoBytes(db: Db, logoPath: string | null): Promise<Buffer | null> {
  if (!logoPath?.startsWith(MEDIA_URL_PREFIX)) return null;
  return (await readMediaFile(db, logoPath.slice(MEDIA_URL_PREFIX.length)))?.bytes ?? null;
}

export function shareImageRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { db, pageFrames } = deps;
  /** Pictures being drawn here now: requests arriving meanwhile wait for the one drawing. */
  const drawing = new Map<string, Promise<Buffer | null>>();

  /** Draws and stores the picture at `path` when it is the published entry's current one. */
  async function draw(path: string, kind: EntryKind, slug: string): Promise<Buffer | null> {
    if (!pageFrames) return null;
    const frame = await pageFrames.current();
    const entry = await publishedEntry(db, kind, slug);
    if (!entry || shareImagePath(frame, entry) !== path) return null;
    const started = performance.now();
    const png = await drawShareImage({
      title: entry.title,
      companyName: frame.companyName,
      logo: await logoBytes(db, frame.logoPath),
    });
    deps.logger.info('entries.share_image_drawn', {
      path,
      ms: Math.round(performance.now() - started),
      bytes: png.byteLength,
    });
    await writeTransaction(db, async (tx) => {
      await tx
        .delete(shareImages)
        .where(
          and(eq(shareImages.kind, kind), eq(shareImages.slug, slug), ne(shareImages.path, path)),
        );
      await tx
        .insert(shareImages)
        .values({ path, kind, slug, png, createdAt: deps.clock.now() })
        .onConflictDoNothing();
    });
    // Another instance's picture, if it stored one first: every instance sends the same bytes.
    return storedPng(db, path);
  }

  function once(path: string, kind: EntryKind, slug: string) {
    const known = drawing.get(path);
    if (known) return known;
    const made = draw(path, kind, slug).finally(() => drawing.delete(path));
    drawing.set(path, made);
    return made;
  }

  /**
   * The home page's picture (share-image-path.ts, `homeSharePicture`): one at a time, the
   * current one, drawn here at its first request and kept in this instance's memory; every
   * instance draws the same picture from the same brand.
   */
  let home: { path: string; png: Promise<Buffer> } | null = null;

  async function homePicture(path: string): Promise<Buffer | null> {
    const { content } = await publishedContent(db, deps.clock.now().getTime());
    const shown = homeSharePicture(content);
    if (shown?.path !== path) return null;
    if (home?.path !== path) {
      const png = drawShareImage({ ...shown, logo: await logoBytes(db, shown.logoPath) });
      home = { path, png };
      // A failed drawing is not kept: the next request draws again.
      png.catch(() => {
        if (home?.png === png) home = null;
      });
      deps.logger.info('entries.share_image_drawn', { path });
    }
    return home.png;
  }

  /**
   * GET /og/home.png: where the home page's sharing picture is now (the uploaded one, the
   * drawn one, or the built-in card), for the admin's preview on the Content screen.
   */
  async function currentHomePicture(c: HonoCtx<AppEnv>) {
    const { content } = await publishedContent(db, deps.clock.now().getTime());
    const location = content.media?.og?.src ?? homeSharePicture(content)?.path ?? OG_IMAGE_PATH;
    c.header('Cache-Control', 'no-store');
    return c.redirect(location, 302);
  }

  async function picture(c: HonoCtx<AppEnv>, next: Next) {
    const kind = entryKindValues.find((k) => k === c.req.param('kind'));
    const match = FILE.exec(c.req.param('file') ?? '');
    if (!kind || !match?.[1]) return next();
    const path = `/og/${kind}/${match[0]}`;
    const png = (await storedPng(db, path)) ?? (await once(path, kind, match[1]));
    return png ? send(c, png) : next();
  }

  async function sitePicture(c: HonoCtx<AppEnv>, next: Next) {
    const file = c.req.param('file') ?? '';
    if (file === 'home.png') return currentHomePicture(c);
    if (!HOME_FILE.test(file)) return next();
    const png = await homePicture(`/og/${file}`);
    return png ? send(c, png) : next();
  }

  function send(c: HonoCtx<AppEnv>, png: Buffer) {
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(png), {
      status: 200,
      headers: {
        ...ownHeaders(c),
        'Content-Type': 'image/png',
        'Content-Length': String(png.byteLength),
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
        // Fetched by other sites' link previews, as the covers are (media/serve.ts).
        'Cross-Origin-Resource-Policy': 'cross-origin',
      },
    });
  }

  app.get('/og/:kind/:file', picture);
  app.get('/og/:file', sitePicture);
  return app;
}
