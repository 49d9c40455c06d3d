import { z } from 'zod/mini';

/**
 * A link's token (an invitation, a newsletter confirmation or unsubscribe): 32 random bytes
 * in base64url, 43 characters (server/platform/tokens.ts makes them). Anything else is
 * refused as malformed (400) before the database is asked.
 */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The answer (429) to an address that sent too many unknown link tokens (platform/link-misses.ts). */
export const TOO_MANY_LINKS = 'Too many invalid links from your address.';

/** The token field of a link's form, with the link's own message for a malformed one. */
export function linkTokenField(message: string) {
  return z.string(message).check(z.regex(LINK_TOKEN_PATTERN, message));
}
