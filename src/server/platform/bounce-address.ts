/**
 * Whether BOUNCE_ADDRESS leaves room for a VERP token (mail/deliverability/verp.ts), which the
 * configuration checks at start-up: here, below both, so platform/config.ts needs no mail code.
 */

/** Longest id in base 36 (Number.MAX_SAFE_INTEGER), a dash, 16 hex digits. */
const MAX_TOKEN_LENGTH = 11 + 1 + 16;
const LOCAL_PART_MAX = 64;

/** The longest local part BOUNCE_ADDRESS may have so that every VERP address stays within 64. */
export const MAX_BOUNCE_LOCAL_PART = LOCAL_PART_MAX - 1 - MAX_TOKEN_LENGTH;

export function splitAddress(address: string): { local: string; domain: string } | null {
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return null;
  return { local: address.slice(0, at), domain: address.slice(at + 1) };
}

/** Whether BOUNCE_ADDRESS is an address whose VERP forms all fit in a local part. */
export function bounceAddressFits(bounceAddress: string): boolean {
  const parts = splitAddress(bounceAddress);
  return parts !== null && parts.local.length <= MAX_BOUNCE_LOCAL_PART;
}
