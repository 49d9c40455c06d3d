import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * PKCE (RFC 7636), S256 only (OAuth 2.1; docs/mcp.md): the challenge is the base64url SHA-256
 * of the verifier, 43 characters; a verifier is 43-128 unreserved characters.
 */
export const CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const VERIFIER_PATTERN = /^[A-Za-z0-9._~-]{43,128}$/;

export function verifierMatches(verifier: string, challenge: string): boolean {
  if (!VERIFIER_PATTERN.test(verifier)) return false;
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
