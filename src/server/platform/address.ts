import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address that isIPv6 accepted (an IPv4 tail included). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    // The pattern holds four groups: the defaults never apply.
    const [a = 0, b = 0, c = 0, d = 0] = tail.slice(1).map(Number);
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = rest === undefined ? [] : parse(rest);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The key an address is throttled by. One IPv6 customer usually holds a whole /64 (2^64
 * addresses), so counting single IPv6 addresses would let anyone rotate past every limit:
 * IPv6 counts by its /64. An IPv4-mapped address (::ffff:192.0.2.1, what a dual-stack
 * socket reports for an IPv4 client) is that IPv4 address. Anything else is kept as is.
 */
export function throttleAddress(ip: string): string {
  const bare = ip
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '');
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return ip;
  const groups = ipv6Groups(bare);
  const [g5 = 0, g6 = 0, g7 = 0] = groups.slice(5);
  if (groups.slice(0, 5).every((g) => g === 0) && g5 === 0xffff) {
    return [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/**
 * An address as the admin screens and the audit log keep it: enough to tell home from
 * abroad, not enough to name a household. IPv4 keeps its first three parts
 * (`203.0.113.x`), IPv6 its /64 (`2001:db8:1:2::/64`); anything else (no address known)
 * is kept as is.
 */
export function maskAddress(ip: string): string {
  const key = throttleAddress(ip);
  return isIPv4(key) ? key.replace(/\.\d+$/, '.x') : key;
}

/**
 * An address as the request log keeps it (docs/operations.md, "Logs"): its network, never the
 * address itself, so the log holds no more than the analytics keep. IPv4 by its /24
 * (`203.0.113.0/24`), IPv6 by its /48 (`2001:db8:1::/48`), an IPv4-mapped address as IPv4;
 * anything else (no address known) as is.
 */
export function logAddress(ip: string): string {
  const key = throttleAddress(ip);
  if (isIPv4(key)) return key.replace(/\.\d+$/, '.0/24');
  if (!key.endsWith('::/64')) return key;
  const groups = ipv6Groups(key.slice(0, -'/64'.length)).slice(0, 3);
  return `${groups.map((g) => g.toString(16)).join(':')}::/48`;
}
