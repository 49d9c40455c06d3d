/**
 * The throttle of the link lookups (the newsletter's confirm and unsubscribe, an invitation's
 * check; shared/link-token.ts): unknown tokens per client address (an IPv6 /64), 30 in each 10-minute window, then 429 for every
 * link from that address until the window turns. A valid token is never counted, so a
 * subscriber following their own links is never refused; a token guesser (a link's token
 * has 256 bits) or a flood of junk is.
 *
 * Counted in this instance's memory, not in the database: an unknown token is answered
 * after one read and writes nothing, so a flood of them never queues for the write lock
 * (docs/newsletter.md). A restart starts a fresh window and several instances each count
 * their own, which bounds the load each one takes; the tokens are far beyond guessing.
 */
import type { Db } from '#db';
import { LINK_TOKEN_PATTERN, TOO_MANY_LINKS } from '#shared/link-token';
import { throttleAddress } from './address';
import { throttledError, type ThrottleRule } from './throttle';
import { tokenHash } from './tokens';

/**
 * Unknown link tokens per address (an IPv6 /64): 30 in each 10-minute window, shared by the
 * newsletter's links and the invitations'. Counted in memory, not in the database: its kind
 * names no rows to prune.
 */
export const LINK_MISSES: ThrottleRule = {
  kind: 'link-misses',
  limit: 30,
  windowMs: 10 * 60_000,
  message: TOO_MANY_LINKS,
};

/**
 * Addresses counted at most per window: past it, a new address is not counted, and its
 * links are still looked up: a valid token goes through, an unknown one is refused (so
 * filling the map with junk from many addresses blocks no subscriber's link).
 */
export const MAX_COUNTED_ADDRESSES = 100_000;

/** What `take` found: a place taken, no place left (the seconds to wait), or no room to count. */
type Taken =
  | { kind: 'counted' }
  | { kind: 'refused'; wait: number }
  | { kind: 'uncounted'; wait: number };

class MissCounter {
  private window = -1;
  private counts = new Map<string, number>();

  /**
   * Takes a place for the address (synchronously: requests arriving together each see the
   * ones before them); the seconds to wait when there is none, or when a new address finds
   * the map full (`maxAddresses`).
   */
  take(key: string, now: Date, maxAddresses: number): Taken {
    const window = Math.floor(now.getTime() / LINK_MISSES.windowMs);
    if (window !== this.window) {
      // A new window: the last one's addresses go, so the map holds one window's at most.
      this.window = window;
      this.counts = new Map();
    }
    const count = this.counts.get(key) ?? 0;
    const wait = Math.max(
      1,
      Math.ceil(((window + 1) * LINK_MISSES.windowMs - now.getTime()) / 1000),
    );
    if (count >= LINK_MISSES.limit) return { kind: 'refused', wait };
    if (count === 0 && this.counts.size >= maxAddresses) return { kind: 'uncounted', wait };
    this.counts.set(key, count + 1);
    return { kind: 'counted' };
  }

  /** Gives a place back (the token was valid), in the window it was taken in. */
  giveBack(key: string, window: number): void {
    const count = this.counts.get(key);
    if (window !== this.window || count === undefined) return;
    if (count <= 1) this.counts.delete(key);
    else this.counts.set(key, count - 1);
  }

  windowOf(now: Date): number {
    return Math.floor(now.getTime() / LINK_MISSES.windowMs);
  }
}

/** What a link's look-up needs: the database, the client's address for its misses, a clock. */
export interface LinkLookup {
  db: Db;
  req: { ip: string };
  clock: { now(): Date };
}

/** One count per app instance, found by its database (as the other per-instance states). */
const counters = new WeakMap<Db, MissCounter>();

/**
 * Runs a link's lookup with a place taken for the client's address: refused with 429 when
 * the address has no place left; the place is kept only when `lookup` found nothing (an
 * unknown token), and given back otherwise. A new address that finds the count full
 * (`maxAddresses`, a parameter for tests) is looked up uncounted: a miss is 429.
 */
export async function lookedUpLink<T>(
  ctx: LinkLookup,
  lookup: () => Promise<T | undefined>,
  maxAddresses = MAX_COUNTED_ADDRESSES,
): Promise<T | undefined> {
  let counter = counters.get(ctx.db);
  if (!counter) {
    counter = new MissCounter();
    counters.set(ctx.db, counter);
  }
  const now = ctx.clock.now();
  const key = throttleAddress(ctx.req.ip);
  const taken = counter.take(key, now, maxAddresses);
  if (taken.kind === 'refused') throw throttledError(LINK_MISSES.message, taken.wait);
  if (taken.kind === 'uncounted') {
    const found = await lookup();
    if (found === undefined) throw throttledError(LINK_MISSES.message, taken.wait);
    return found;
  }
  const window = counter.windowOf(now);
  let found: T | undefined;
  try {
    found = await lookup();
  } catch (error) {
    // Nothing was judged (a database fault): the place goes back.
    counter.giveBack(key, window);
    throw error;
  }
  if (found !== undefined) counter.giveBack(key, window);
  return found;
}

/**
 * The row of a link's token (a proposal's, a booking's, the newsletter's), looked up as every
 * link is (`lookedUpLink`): the database keeps a token only as its hash (tokens.ts), so `find`
 * gets the hash. A token that cannot be one (`LINK_TOKEN_PATTERN`) is a miss without a look at
 * the database. The one way a link's token is looked up (docs/architecture.md, "Written once").
 */
export async function lookedUpToken<T>(
  ctx: LinkLookup,
  token: string,
  find: (hash: string) => Promise<T | undefined>,
): Promise<T | undefined> {
  const hash = LINK_TOKEN_PATTERN.test(token) ? tokenHash(token) : null;
  return lookedUpLink(ctx, async () => (hash === null ? undefined : await find(hash)));
}
