/**
 * A calendar feed read's budget and its answer (docs/booking.md, "Budgets"), apart from the
 * reading itself (feed-parse.ts), which needs ical.js and luxon: the server, which only sends
 * the feed to its worker thread (feed-thread.ts) and shows a read's error (busy-feed.ts), loads
 * neither at its start (docs/operations.md, "Start-up time").
 */
import type { Span } from './slots';

/**
 * What one read may cost (docs/booking.md, "Budgets"): the events of the feed, and the
 * occurrences of repeating events looked at, counted over the whole read. A series is walked
 * from just before the window (`walkStart`), so an honest calendar stays far below them.
 */
export interface FeedLimits {
  events: number;
  occurrences: number;
}
export const FEED_LIMITS: FeedLimits = { events: 5_000, occurrences: 200_000 };

/** A read over a budget: its message is the owner's, shown as the feed's error. */
export class FeedLimitError extends Error {}

/** What a read found, and the occurrences it looked at (the budget's measure). */
export interface FeedReading {
  busy: Span[];
  looked: number;
}
