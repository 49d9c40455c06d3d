import { createHash } from 'node:crypto';
import { throttleAddress } from '#server/platform/address';

/**
 * Who a visitor is, for one day only: sha256 of that day's salt, the site's host name, the
 * client address (an IPv6 /64 as one, like the throttles) and the user agent. Without the
 * salt, which is deleted when its day is over, the hash leads back to no one, and the same
 * person gets another hash the next day.
 */

/**
 * What the hash is made of besides the salt. It lives in the event buffer only until the
 * next write (about 100 ms) and is never stored.
 */
export function visitorIdentity(siteHostname: string, ip: string, userAgent: string): string {
  // NUL cannot occur in any of the three, so no two different triples give one text.
  return `${siteHostname}\0${throttleAddress(ip)}\0${userAgent}`;
}

export function visitorHash(salt: string, identity: string): string {
  return createHash('sha256').update(salt).update('\0').update(identity).digest('hex');
}
