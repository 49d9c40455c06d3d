import { createHash } from 'node:crypto';

/**
 * A strong ETag for bytes held in memory (the public facts, the rendered pages): a digest of
 * the bytes themselves, so every instance gives the same bytes the same tag.
 */
export function bytesEtag(bytes: Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`;
}

/**
 * The one ETag comparison for conditional GETs: If-None-Match uses the weak comparison
 * (RFC 9110 section 13.1.2), so `W/"x"` and `"x"` match each other, and `*` matches anything.
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = weakless(etag);
  for (const part of ifNoneMatch.split(',')) {
    const tag = part.trim();
    if (tag === '*' || weakless(tag) === opaque) return true;
  }
  return false;
}

function weakless(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}
