import { createHmac } from 'node:crypto';
import { throttleBucketKey } from './keys';
import { logAddress, throttleAddress } from './address';

/** The derived key of the one SESSION_SECRET a process runs with (tests may use several). */
const derivedKeys = new Map<string, Buffer>();

function keyOf(secret: string): Buffer {
  let key = derivedKeys.get(secret);
  if (!key) {
    key = throttleBucketKey(secret);
    derivedKeys.set(secret, key);
  }
  return key;
}

/**
 * Text that must not be readable in the database (a client's address, a name typed at
 * sign-in), as part of a throttle bucket: an HMAC-SHA256 under a key derived from
 * SESSION_SECRET, its first 128 bits in base64url. The same text always gives the same part,
 * so the count works as before; without the secret a part cannot be matched to an address
 * or a name, not even by trying every IPv4 address (a plain hash could be).
 */
export function keyedBucketPart(secret: string, text: string): string {
  return createHmac('sha256', keyOf(secret))
    .update(text)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

/**
 * The bucket of one client address (an IPv6 address by its /64, platform/address.ts) for a
 * kind of throttle: `<kind>:ip:<keyed part>`.
 */
export function addressBucket(kind: string, secret: string, ip: string): string {
  return `${kind}:ip:${keyedBucketPart(secret, `address:${throttleAddress(ip)}`)}`;
}

/**
 * The bucket of a client's network (an IPv4 /24, an IPv6 /48, platform/address.ts) for a kind
 * of throttle: `<kind>:net:<keyed part>`. For a cap one stranger must not spend alone by
 * rotating the addresses they hold (docs/mcp.md, "OAuth").
 */
export function networkBucket(kind: string, secret: string, ip: string): string {
  return `${kind}:net:${keyedBucketPart(secret, `network:${logAddress(ip)}`)}`;
}
