/**
 * The owner's calendar feed as every instance shares it (docs/booking.md): the busy times of
 * the last good read, kept in `booking_feeds` per address. The feed is read at most once in
 * 5 minutes whatever the number of instances: an instance reads only after winning the row's
 * `attempted_at` in one write. A failed read keeps the last good copy and records its error.
 */
import { eq, isNull, lte, or } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { bookingFeeds } from '#db/schema';
import type { BookingSettings } from '#shared/booking';
import type { Logger } from '#server/platform/logger';
import { fetchPublic, type AddressRules } from '#server/platform/public-fetch';
import { FeedLimitError } from './feed-limits';
import { FeedWorkerError, readFeedOffThread, type FeedParseOptions } from './feed-thread';
import type { Span } from './slots';
import { DAY_MS } from '#shared/calendar-days';

export const FEED_REFRESH_MS = 5 * 60_000;
export const FEED_TIMEOUT_MS = 10_000;
export const FEED_MAX_BYTES = 5 * 1024 * 1024;

/** The stored busy times as `[[startMs, endMs], ...]` text. */
function parseStored(text: string): Span[] {
  return (JSON.parse(text) as [number, number][]).map(([start, end]) => ({ start, end }));
}

/**
 * The last good copy as read, per database, with its address and the moment of its read: every request for
 * slots needs it, and it changes only when a read succeeds (at most every 5 minutes). The
 * moment is read from the database each time, so another instance's read is seen at once.
 */
const parsedCopies = new WeakMap<Db, { url: string; fetchedAt: number; busy: Span[] }>();

/** The busy times of the feed's last good read; null when it was never read successfully. */
export async function storedBusy(db: Db, url: string): Promise<Span[] | null> {
  const head = await db
    .select({ fetchedAt: bookingFeeds.fetchedAt })
    .from(bookingFeeds)
    .where(eq(bookingFeeds.url, url))
    .get();
  const fetchedAt = head?.fetchedAt?.getTime();
  if (fetchedAt === undefined) return null;
  const kept = parsedCopies.get(db);
  if (kept?.url === url && kept.fetchedAt === fetchedAt) return kept.busy;
  const row = await db
    .select({ busy: bookingFeeds.busy, fetchedAt: bookingFeeds.fetchedAt })
    .from(bookingFeeds)
    .where(eq(bookingFeeds.url, url))
    .get();
  if (row?.busy == null || !row.fetchedAt) return null;
  const busy = parseStored(row.busy);
  // One copy per database (one address is in use at a time).
  parsedCopies.set(db, { url, fetchedAt: row.fetchedAt.getTime(), busy });
  return busy;
}

export interface BusyFeedState {
  fetchedAt: string | null;
  error: string | null;
  /** Busy times in the last good copy. */
  busy: number;
}

/** What the settings screen shows of the feed: its last good read, its last error. */
export async function feedState(db: Db, url: string | null): Promise<BusyFeedState> {
  const row =
    url === null
      ? undefined
      : await db.select().from(bookingFeeds).where(eq(bookingFeeds.url, url)).get();
  return {
    fetchedAt: row?.fetchedAt?.toISOString() ?? null,
    error: row?.error ?? null,
    busy: row?.busy == null ? 0 : parseStored(row.busy).length,
  };
}

/**
 * Takes the right to read `url` now: true for one caller in any 5 minutes across instances
 * (one statement: the row is created, or its `attempted_at` moved, only when due).
 */
async function claimRead(db: Db, url: string, now: Date): Promise<boolean> {
  const dueBefore = new Date(now.getTime() - FEED_REFRESH_MS);
  const claimed = await writeTransaction(db, (tx) =>
    tx
      .insert(bookingFeeds)
      .values({ url, attemptedAt: now })
      .onConflictDoUpdate({
        target: bookingFeeds.url,
        set: { attemptedAt: now },
        setWhere: or(isNull(bookingFeeds.attemptedAt), lte(bookingFeeds.attemptedAt, dueBefore)),
      })
      .returning({ url: bookingFeeds.url })
      .all(),
  );
  return claimed.length > 0;
}

/** A refusal worded for the owner, shown on the settings screen. */
class FeedError extends Error {}

/** The body as text, refused past `FEED_MAX_BYTES` without reading further. */
async function boundedText(response: Response): Promise<string> {
  const tooLarge = () => new FeedError('The calendar is larger than 5 MB.');
  if (Number(response.headers.get('content-length') ?? 0) > FEED_MAX_BYTES) throw tooLarge();
  const reader = response.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > FEED_MAX_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

/** The one wording for an address that cannot be read, whatever the reason (docs/booking.md). */
export const FEED_UNREADABLE = 'The calendar could not be read.';

async function download(url: string, options: FeedReadOptions): Promise<string> {
  const timeoutMs = options.timeoutMs ?? FEED_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetchPublic(url, {
      production: options.production,
      signal,
      headers: { accept: 'text/calendar' },
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new FeedError(FEED_UNREADABLE);
    }
    return await boundedText(response);
  } catch (error) {
    if (error instanceof FeedError) throw error;
    if (signal.aborted) {
      throw new FeedError(`The calendar did not answer within ${timeoutMs / 1000} seconds.`);
    }
    throw new FeedError(FEED_UNREADABLE);
  }
}

export interface FeedReadOptions extends AddressRules {
  /** The download's time limit; the tests shorten it. */
  timeoutMs?: number;
  /** The parse's limits (feed-thread.ts); the tests lower them. */
  parse?: FeedParseOptions;
}

/**
 * Reads the feed when due and this caller wins the claim; stores the busy times from a day
 * before `now` to the horizon's end (two days more, for a copy read a little earlier), or
 * the error beside the last good copy. The text is parsed in a worker thread within its
 * time limit and budgets. Never throws for the feed's own faults.
 */
async function readFeed(
  db: Db,
  settings: BookingSettings,
  url: string,
  now: Date,
  options: FeedReadOptions,
): Promise<void> {
  if (!(await claimRead(db, url, now))) return;
  let update: Partial<typeof bookingFeeds.$inferInsert>;
  try {
    const text = await download(url, options);
    const { busy } = await readFeedOffThread(
      text,
      settings.timezone,
      {
        start: now.getTime() - DAY_MS,
        end: now.getTime() + (settings.horizonDays + 2) * DAY_MS,
      },
      options.parse,
    );
    update = {
      busy: JSON.stringify(busy.map((span) => [span.start, span.end])),
      fetchedAt: now,
      error: null,
    };
  } catch (error) {
    update = { error: ownerMessage(error) };
  }
  await writeTransaction(db, (tx) =>
    tx.update(bookingFeeds).set(update).where(eq(bookingFeeds.url, url)).run(),
  );
}

/** A failed read in the owner's words. */
function ownerMessage(error: unknown): string {
  if (error instanceof FeedError || error instanceof FeedLimitError) return error.message;
  if (error instanceof FeedWorkerError) return FEED_UNREADABLE;
  return 'The address does not give an iCalendar feed.';
}

/** This process's reads under way, per database and address: callers at once share one. */
const underWay = new WeakMap<Db, Map<string, Promise<void>>>();

/** The read of `url` this process has under way, or a new one (which may find it not due). */
function sharedRead(
  db: Db,
  settings: BookingSettings,
  url: string,
  now: Date,
  options: FeedReadOptions,
): Promise<void> {
  const reads = underWay.get(db) ?? new Map<string, Promise<void>>();
  underWay.set(db, reads);
  const known = reads.get(url);
  if (known) return known;
  const read = readFeed(db, settings, url, now, options).finally(() => reads.delete(url));
  reads.set(url, read);
  return read;
}

/**
 * Brings the feed's copy up to date before slots are computed, waiting only when it must:
 * with a good copy a due read runs behind the answer (the copy is at most minutes old);
 * without one the caller waits for the read (at most its time limit), since there would be
 * no slot to offer otherwise, and so does a caller that finds the read claimed by this process
 * and not yet stored. A read another instance is doing is not waited for.
 */
export async function freshenBusyFeed(
  db: Db,
  settings: BookingSettings,
  now: Date,
  logger: Logger,
  options: FeedReadOptions,
): Promise<void> {
  const url = settings.busyFeedUrl;
  if (url === null || !settings.enabled) return;
  const row = await db
    .select({ busy: bookingFeeds.busy, attemptedAt: bookingFeeds.attemptedAt })
    .from(bookingFeeds)
    .where(eq(bookingFeeds.url, url))
    .get();
  const due = !row?.attemptedAt || row.attemptedAt.getTime() <= now.getTime() - FEED_REFRESH_MS;
  // A read this process has under way is joined even though its claim already makes the feed
  // look not due: without a copy, its callers wait for it like the one that started it.
  if (!due && !underWay.get(db)?.has(url)) return;
  const read = sharedRead(db, settings, url, now, options).catch((error: unknown) => {
    logger.error('booking.feed_read_failed', { error: String(error) });
  });
  if (row?.busy == null) await read;
}

/** For the settings screen: the feed read now when due, waited for, whatever copy exists. */
export async function readBusyFeedIfDue(
  db: Db,
  settings: BookingSettings,
  now: Date,
  options: FeedReadOptions,
): Promise<void> {
  if (settings.busyFeedUrl === null) return;
  await sharedRead(db, settings, settings.busyFeedUrl, now, options);
}
