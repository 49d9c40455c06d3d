import { createHash, randomBytes } from 'node:crypto';

/**
 * The app's one kind of random token: 32 random bytes in base64url (43 characters, the
 * format `LINK_TOKEN_PATTERN` in shared/link-token.ts checks). Session ids, second-factor
 * challenge ids, passkey ceremony challenges, invitation and newsletter confirmation links.
 */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the database keeps of a token that must not be readable there (a link's token, a used
 * passkey challenge), and what it is looked up by. A plain hash is enough: the token is 256
 * random bits, so there is nothing to guess that a slow or keyed hash would protect.
 */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * A mailed link that carries a token: the page at `path` on the site's public address, the
 * token in the query (each such page reads it and then drops it from the address bar).
 */
export function tokenLink(siteUrl: string, path: string, token: string): string {
  const url = new URL(path, siteUrl);
  url.searchParams.set('token', token);
  return url.href;
}
