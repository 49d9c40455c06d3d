/**
 * GET /uploads/<name>: an uploaded image's variant, by its hashed name (docs/api.md). The name
 * changes with the bytes, so an answer is kept for a year without asking again; an unknown
 * name is 404. An SVG is answered with a policy that runs nothing, should it be opened as a
 * page of its own (it is sanitised too: svg-sanitizer.ts).
 */
import { Hono } from 'hono';
import type { Db } from '#db';
import { MEDIA_URL_PREFIX } from '#shared/site-media';
import type { AppEnv } from '#server/http/hono-env';
import { ownHeaders } from '#server/http/middleware';
import { readMediaFile } from './store';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";
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
    if (file.type === 'image/svg+xml') headers['Content-Security-Policy'] = SVG_POLICY;
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(file.bytes), {
      status: 200,
      headers,
    });
  });
  return app;
}
