import { throttleAddress } from '#server/platform/address';

/** Events recorded per client address (an IPv6 /64) in one minute; past it, none. */
export const EVENTS_PER_MINUTE = 120;

/**
 * The events cap, counted in this instance's memory by the minute: unlike the forms' and
 * sign-in's throttles, nothing is refused (the answer is 202 either way), so the cap only
 * keeps one address from filling the tables, and counting it in the database would cost a
 * write per event. With several instances an address can get the cap on each; a restart
 * starts a fresh minute.
 */
export class RateCap {
  private minute = -1;
  private counts = new Map<string, number>();

  constructor(private readonly limit = EVENTS_PER_MINUTE) {}

  /** Counts one event of the address; false once it has had `limit` this minute. */
  allow(ip: string, now: Date): boolean {
    const minute = Math.floor(now.getTime() / 60_000);
    if (minute !== this.minute) {
      // A new minute: last minute's addresses go, so the map holds one minute's at most.
      this.minute = minute;
      this.counts = new Map();
    }
    const key = throttleAddress(ip);
    const count = this.counts.get(key) ?? 0;
    if (count >= this.limit) return false;
    this.counts.set(key, count + 1);
    return true;
  }
}
