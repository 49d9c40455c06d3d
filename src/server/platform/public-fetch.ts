/**
 * Reading an address someone gave the server (the calendar feed; any future import by
 * address), without letting it reach what only the server can reach (docs/operations.md,
 * "Addresses the server reads"):
 * - in production only `https://`, and only public addresses: a name whose addresses include
 *   a loopback, private, link-local, shared (CGNAT), multicast, reserved or IPv4-in-IPv6 one
 *   is refused, and so is each redirect's target (at most 3, followed here one by one);
 * - in development `http://` too, and loopback (the tests' and a developer's local calendar);
 * - the connection goes to the address that was checked (a `lookup` that answers it), so a
 *   name that resolves differently a moment later (DNS rebinding) cannot switch it.
 * Every refusal is one `AddressRefused` with one message: the caller's owner learns nothing
 * about what answers inside the network (which port is open, which status came back).
 */
import { lookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';

export type AddressKind = 'public' | 'loopback' | 'non-public';

const MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** One refusal, one wording, whatever the reason. */
export class AddressRefused extends Error {
  constructor() {
    super('The address could not be read.');
  }
}

function blockList(subnets: [string, number][], family: 'ipv4' | 'ipv6'): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of subnets) list.addSubnet(network, prefix, family);
  return list;
}

/** RFC 6890's special-purpose IPv4 blocks, and multicast and the reserved rest. */
const NON_PUBLIC_V4 = blockList(
  [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['192.88.99.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 3],
  ],
  'ipv4',
);
const LOOPBACK_V4 = blockList([['127.0.0.0', 8]], 'ipv4');
/** IPv6 global unicast; everything else (ULA, link-local, multicast, IPv4-mapped) is not. */
const GLOBAL_V6 = blockList([['2000::', 3]], 'ipv6');
/** Inside global unicast: documentation, 6to4 and Teredo (IPv4 inside), protocol blocks. */
const NON_PUBLIC_V6 = blockList(
  [
    ['2001::', 23],
    ['2001:db8::', 32],
    ['2002::', 16],
    ['3fff::', 20],
  ],
  'ipv6',
);

/** What an IP address (no brackets) is; anything not an address is `non-public`. */
export function addressKind(address: string): AddressKind {
  const family = isIP(address);
  if (family === 4) {
    if (LOOPBACK_V4.check(address, 'ipv4')) return 'loopback';
    return NON_PUBLIC_V4.check(address, 'ipv4') ? 'non-public' : 'public';
  }
  if (family === 6) {
    if (address === '::1' || /^(0{1,4}:){7}0{0,3}1$/.test(address)) return 'loopback';
    // An IPv4-mapped address (`::ffff:127.0.0.1`) is outside 2000::/3, so it is refused.
    if (!GLOBAL_V6.check(address, 'ipv6')) return 'non-public';
    return NON_PUBLIC_V6.check(address, 'ipv6') ? 'non-public' : 'public';
  }
  return 'non-public';
}

export interface AddressRules {
  /** `NODE_ENV=production`: https only, public addresses only. */
  production: boolean;
}

function allowed(kind: AddressKind, rules: AddressRules): boolean {
  return kind === 'public' || (kind === 'loopback' && !rules.production);
}

/** The host of a URL as `lookup` takes it: IPv6 without its brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * Why `address` will be refused whatever the name server says, or null when that is only
 * known when it is read: a scheme other than https (http in development), an IP address or
 * `localhost` that is not allowed. For a form's check when the address is saved.
 */
export function knownRefusal(address: string, rules: AddressRules): string | null {
  if (!URL.canParse(address)) return 'not an address';
  const url = new URL(address);
  const schemes = rules.production ? ['https:'] : ['https:', 'http:'];
  if (!schemes.includes(url.protocol)) return 'scheme';
  const host = hostOf(url);
  const literal = isIP(host) !== 0;
  const kind: AddressKind | null = literal
    ? addressKind(host)
    : /(^|\.)localhost\.?$/i.test(host)
      ? 'loopback'
      : null;
  return kind !== null && !allowed(kind, rules) ? 'address' : null;
}

export interface ResolvedAddress {
  address: string;
  family: number;
}
/** A name's addresses: the system's resolver, or the tests' own names. */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

/** The one address `url`'s host may be reached at, or AddressRefused. */
async function checkedAddress(
  url: URL,
  rules: AddressRules,
  resolve: Resolver,
): Promise<ResolvedAddress> {
  if (knownRefusal(url.href, rules) !== null) throw new AddressRefused();
  const host = hostOf(url);
  const family = isIP(host);
  if (family !== 0) return { address: host, family };
  let answers: ResolvedAddress[];
  try {
    answers = await resolve(host);
  } catch {
    throw new AddressRefused();
  }
  // Every address of the name must pass: which one a connection would pick is not ours.
  const first = answers[0];
  if (!first || answers.some((answer) => !allowed(addressKind(answer.address), rules))) {
    throw new AddressRefused();
  }
  return first;
}

/** A `lookup` for the connection that answers only the address already checked. */
function pinned(address: string, family: number): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

function request(
  url: URL,
  target: ResolvedAddress,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, {
      method: 'GET',
      headers,
      signal,
      agent: false,
      lookup: pinned(target.address, target.family),
    });
    req.once('response', resolve);
    req.once('error', reject);
    req.end();
  });
}

function asResponse(message: IncomingMessage): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const status = message.statusCode ?? 500;
  if ([204, 205, 304].includes(status)) {
    message.resume();
    return new Response(null, { status, headers });
  }
  const body = Readable.toWeb(message) as ReadableStream<Uint8Array>;
  return new Response(body, { status, headers });
}

export interface PublicFetchOptions extends AddressRules {
  signal: AbortSignal;
  headers?: Record<string, string>;
  /** The tests name hosts of their own; otherwise the system's resolver. */
  resolve?: Resolver;
}

/**
 * GET `address` under the rules above, following up to 3 redirects, each checked. Throws
 * AddressRefused for a refused address (the first or a redirect's) or too many redirects;
 * other failures (the network, the signal) as they come.
 */
export async function fetchPublic(address: string, options: PublicFetchOptions): Promise<Response> {
  let url = new URL(address);
  for (let hop = 0; ; hop += 1) {
    const target = await checkedAddress(url, options, options.resolve ?? systemResolver);
    const message = await request(url, target, options.headers ?? {}, options.signal);
    const location = message.headers.location;
    if (!REDIRECTS.has(message.statusCode ?? 0) || location === undefined) {
      return asResponse(message);
    }
    message.resume();
    if (hop === MAX_REDIRECTS || !URL.canParse(location, url)) throw new AddressRefused();
    url = new URL(location, url);
  }
}
