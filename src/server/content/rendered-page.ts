/** A page rendered once and kept: its bytes, ETag and compressed forms, and its CSP's frame-src. */
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { bytesEtag } from '#server/http/etag';
import type { ReadyBytes } from '#server/http/ready-bytes';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface RenderedPage extends ReadyBytes {
  /** The CSP's frame-src: the home page's video host, the admin's own site; null elsewhere. */
  frameHost: string | null;
}

export async function ready(
  body: string,
  type: string,
  frameHost: string | null,
): Promise<RenderedPage> {
  const bytes = Buffer.from(body, 'utf8');
  const [br, gz] = await Promise.all([
    brotli(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    gzipAsync(bytes, { level: 9 }),
  ]);
  return { body: bytes, etag: bytesEtag(bytes), type, encoded: { br, gzip: gz }, frameHost };
}

export const HTML = 'text/html; charset=utf-8';
