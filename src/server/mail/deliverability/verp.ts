import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  bounceAddressFits,
  MAX_BOUNCE_LOCAL_PART,
  splitAddress,
} from '#server/platform/bounce-address';

/**
 * VERP: a bulk mail's Return-Path names the mail it belongs to, so a bounce sent back to it says
 * whom it was for (docs/deliverability.md, "VERP").
 *
 * `bounces@example.com` becomes `bounces+<id>-<mac>@example.com`, where `<id>` is the outbox id
 * in base 36 and `<mac>` the first 8 bytes of HMAC-SHA256(key, "verp v1:<id>") in hex. Why an id
 * and not the address: the token must not show the address in clear, and an address (up to 254
 * characters) cannot fit, even encrypted, in a local part of at most 64 (RFC 5321 4.5.3.1.1);
 * the outbox row the id names knows its recipient. The token is lower case because mail servers
 * on the way may change the case of a local part. The key is `bounceTokenKey(SESSION_SECRET)`
 * (platform/keys.ts). How long BOUNCE_ADDRESS may be is platform/bounce-address.ts's (the
 * configuration checks it at start-up).
 */

const TOKEN = /^([0-9a-z]{1,11})-([0-9a-f]{16})$/;

function mac(id: number, key: Buffer): Buffer {
  return createHmac('sha256', key).update(`verp v1:${id}`).digest().subarray(0, 8);
}

/** The Return-Path for the outbox mail `id`: `bounces+<token>@example.com`. */
export function verpAddress(bounceAddress: string, id: number, key: Buffer): string {
  if (!Number.isSafeInteger(id) || id <= 0) throw new RangeError(`not an outbox id: ${id}`);
  const parts = splitAddress(bounceAddress);
  if (!parts || !bounceAddressFits(bounceAddress)) {
    throw new RangeError(`BOUNCE_ADDRESS local part longer than ${MAX_BOUNCE_LOCAL_PART}`);
  }
  return `${parts.local}+${id.toString(36)}-${mac(id, key).toString('hex')}@${parts.domain}`;
}

/**
 * The outbox id a VERP address names, or null: another address, a token signed with another
 * key, altered or made up. `<…>` around the address and case are ignored.
 */
export function readVerp(address: string, bounceAddress: string, key: Buffer): number | null {
  const given = splitAddress(
    address
      .trim()
      .replace(/^<(.*)>$/, '$1')
      .toLowerCase(),
  );
  const ours = splitAddress(bounceAddress.toLowerCase());
  if (!given || !ours || given.domain !== ours.domain) return null;
  const prefix = `${ours.local}+`;
  if (!given.local.startsWith(prefix)) return null;
  const match = TOKEN.exec(given.local.slice(prefix.length));
  if (!match?.[1] || !match[2]) return null;
  const id = parseInt(match[1], 36);
  // One spelling per id: a leading zero would be another token for the same mail.
  if (!Number.isSafeInteger(id) || id <= 0 || id.toString(36) !== match[1]) return null;
  return timingSafeEqual(Buffer.from(match[2], 'hex'), mac(id, key)) ? id : null;
}

/** Every addr-spec in a header's text ("Name <a@b>, c@d"), for `readVerp`. */
export function addressesIn(headerText: string): string[] {
  return headerText.match(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g) ?? [];
}
