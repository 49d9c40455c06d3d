/**
 * What the built client's files are served with (http/static.ts): their media types, whether
 * they are worth compressing, byte ranges, and which are named by their content's hash.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import type { ReadyBytes } from './ready-bytes';

export const brotli = promisify(brotliCompress);
export const gzipAsync = promisify(gzip);

export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.vtt': 'text/vtt; charset=utf-8',
};

export const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;
/** Below this, compression saves less than the headers it adds. */
export const MIN_COMPRESS_BYTES = 1024;
/**
 * A cached file is compared with the disk at most this often; hashed assets (/assets/) never
 * again, as a changed file gets a new name. A stat per request cost a thread-pool round trip.
 */
export const RECHECK_MS = 1000;

/**
 * The one byte range a `Range` header asks of a file of `size` bytes (a video being seeked):
 * `{ start, end }` (inclusive), 'unsatisfiable' (416), or null to answer with the whole file,
 * which RFC 9110 allows for anything else (several ranges, another unit, bad syntax).
 */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/i);
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/** A file as read, with its compressed copies once made (`encoded` is null: not worth it). */
export interface CachedFile extends ReadyBytes {
  /** When the file was last compared with the disk (performance.now()). */
  checkedAt: number;
  mtimeMs: number;
  size: number;
}

/** A file sent as is can be sent in parts (a video being seeked). */
export const WHOLE_OR_IN_RANGES: Readonly<Record<string, string>> = Object.freeze({
  'Accept-Ranges': 'bytes',
});

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Folders whose files are named by their content's hash: Vite's build output (/assets/) and
 * the bundled demo video's files (/media/, written by scripts/demo-video/make.ts).
 */
export const HASHED_FOLDERS = ['/assets/', '/media/'];

export function isHashedPath(urlPath: string): boolean {
  return HASHED_FOLDERS.some((folder) => urlPath.startsWith(folder));
}

export async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
