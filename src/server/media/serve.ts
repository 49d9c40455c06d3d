/**
 * GET /uploads/<name>: an uploaded image's variant, by its hashed name (docs/api.md). The name
 * changes with the bytes, so an answer is kept for a year without asking again; an unknown
 * name is 404. An SVG is answered with a policy that runs nothing, should it be opened as a
 * page of its own (it is sanitised too: svg-sanitizer.ts). Every file of the logo and of the
 * sharing image may be loaded from any origin; the others keep the site's same-origin rule.
 */
import { Hono } from 'hono';
import type { Db } from '#db';
import { MEDIA_URL_PREFIX, type MediaSlot } from '#shared/site-media';
import type { AppEnv } from '#server/http/hono-env';
import { ownHeaders } from '#server/http/security-headers';
import { isCoverSlot } from './site-image';
import { readMediaFile } from './store';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";
/**
 * The images that travel outside the site (docs/content.md, "Images"): the logo is in every
 * mail, read in other origins (webmail, a saved mail file, the admin's sandboxed previews),
 * and the sharing image is fetched by other sites' link previews, as an entry's cover is
 * (its page's `og:image`). The photo, the favicon, testimonials' photos and clients' logos
 * are the site's pages' own and keep `Cross-Origin-Resource-Policy: same-origin`.
 */
const ANY_ORIGIN: ReadonlySet<string> = new Set(['logo', 'og'] satisfies MediaSlot[]);
const loadableAnywhere = (slot: string) => ANY_ORIGIN.has(slot) || isCoverSlot(slot);
/** A served name as variants.ts writes it: nothing else is looked up. */
const NAME = /^[a-z]+-[a-z0-9-]+-[0-9a-f]{16}\.(png|jpg|webp|avif|svg)$/;

export function mediaFilesRoute(db: Db) {
  const app = new Hono<AppEnv>();

  // Read from the database every time, with no copy in memory: a removed image (a founder's
  // photo taken down) is gone at once on every instance. Browsers keep what they were given.
  app.get(`${MEDIA_URL_PREFIX}:name`, async (c) => {
    const name = c.req.param('name');
    const file = NAME.test(name) ? await readMediaFile(db, name) : null;
    if (!file) return c.text('Not found', 404);
    const headers: Record<string, string> = {
      ...ownHeaders(c),
      'Content-Type': file.type,
      'Content-Length': String(file.bytes.byteLength),
      'Cache-Control': IMMUTABLE,
      'X-Content-Type-Options': 'nosniff',
    };
    if (loadableAnywhere(file.slot)) headers['Cross-Origin-Resource-Policy'] = 'cross-origin';
    if (file.type === 'image/svg+xml') headers['Content-Security-Policy'] = SVG_POLICY;
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(file.bytes), {
      status: 200,
      headers,
    });
  });
  return app;
}
