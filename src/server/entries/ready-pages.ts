/**
 * The entries' pages as ready bytes in this instance's memory (compressed once, with their
 * ETag): keyed by address and ETag, so a page rewritten by any instance is read again from
 * the database. At most MAX_PAGES are kept, the least recently sent dropped first.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { bytesEtag } from '#server/http/etag';
import type { ReadyBytes } from '#server/http/ready-bytes';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const MAX_PAGES = 200;

/** Text as bytes to send (HTML, a feed, an index): br and gzip copies made once. */
export async function readyText(text: string, type: string, etag?: string): Promise<ReadyBytes> {
  const body = Buffer.from(text, 'utf8');
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    gzipAsync(body, { level: 9 }),
  ]);
  return { body, etag: etag ?? bytesEtag(body), type, encoded: { br, gzip: gz } };
}

/** HTML as bytes to send, with the ETag it is kept under. */
export function readyHtml(html: string, etag: string): Promise<ReadyBytes> {
  return readyText(html, 'text/html; charset=utf-8', etag);
}

export function readyPages() {
  const pages = new Map<string, { etag: string; page: Promise<ReadyBytes | null> }>();
  return {
    /** The page at `key` with that ETag, from memory, else made from `html()` (null: none). */
    get(key: string, etag: string, html: () => Promise<string | null>) {
      const known = pages.get(key);
      pages.delete(key);
      if (known?.etag === etag) {
        pages.set(key, known);
        return known.page;
      }
      const page = html().then((text) => (text === null ? null : readyHtml(text, etag)));
      pages.set(key, { etag, page });
      // Nothing or a failure is not kept: the next request asks again.
      const forget = () => {
        if (pages.get(key)?.page === page) pages.delete(key);
      };
      page.then((made) => made ?? forget(), forget);
      for (const oldest of pages.keys()) {
        if (pages.size <= MAX_PAGES) break;
        pages.delete(oldest);
      }
      return page;
    },
  };
}
