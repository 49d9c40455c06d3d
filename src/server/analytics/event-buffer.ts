/**
 * The analytics write path. Recording an event only puts it in this instance's buffer; a
 * timer writes what gathered every FLUSH_MS in one batch (one transaction, one request to a
 * libSQL server), so a visitor's beacon never waits for the database and a burst of events
 * costs a few writes, not one each. The graceful shutdown writes what is left
 * (`registerAnalyticsFlush`) before the database closes; a kill -9 loses at most the events of
 * the last FLUSH_MS (docs/operations.md).
 */
import { and, asc, eq } from 'drizzle-orm';
import { writeBatch, isDatabaseUnavailable, type Db } from '#db';
import { analyticsEvents } from '#db/schema';
import type { Clock } from '#server/platform/clock';
import { loggableError, type Logger } from '#server/platform/logger';
import type { ShutdownTasks } from '#server/platform/shutdown';
import { dayOf } from './days';
import { CONVERSION_EVENTS } from '#shared/analytics';
import { insertStatements, NO_VISITOR, type Credit, type EventRow } from './event-rows';
import { entryEnquiryStatements, isEntryPath } from './entry-enquiries';
import { RateCap } from './rate-cap';
import { loadSalts } from './salts';
import { visitorHash } from './visitor';
import { siteSettings, type SiteSettingsConfig } from '#server/site/site-settings';

const conversionNames: ReadonlySet<string> = new Set(CONVERSION_EVENTS);

/**
 * An event waiting for its write: the row, with what its visitor hash is made of (and, for a
 * message or booking, the entry pages its visitor read that day: never stored with it).
 */
export type PendingEvent = Omit<EventRow, 'visitor'> & {
  identity: string;
  entriesRead?: readonly string[] | undefined;
};

export interface BufferDeps {
  db: Db;
  clock: Clock;
  config: SiteSettingsConfig;
  logger: Logger;
}

/** How long events gather before they are written together. */
export const FLUSH_MS = 100;
/** After a failed write (the database away), the events are tried again this much later. */
const RETRY_MS = 1_000;
/**
 * The most events held while the database cannot take them (about 15 MB); past it, new
 * events are dropped and counted in the log, rather than the process running out of memory.
 */
export const MAX_BUFFERED = 50_000;

export class EventBuffer {
  private events: PendingEvent[] = [];
  private timer: NodeJS.Timeout | null = null;
  /** The write in progress (or the last one): writes run one after another. */
  private writing: Promise<void> = Promise.resolve();
  /** The events of the write in progress: out of `events`, not yet committed. */
  private writingEvents: PendingEvent[] = [];
  /** Events still being judged (the owner's session is read from the database). */
  private readonly admitting = new Set<Promise<void>>();
  /** Salts by day, those of days over removed after each write. */
  private readonly salts = new Map<string, string>();
  private dropped = 0;
  /** The per-address events cap of this instance. */
  readonly cap = new RateCap();

  constructor(private readonly deps: BufferDeps) {}

  /** Keeps the event for the next write. */
  add(event: PendingEvent): void {
    if (this.events.length >= MAX_BUFFERED) {
      this.dropped++;
      return;
    }
    this.events.push(event);
    this.schedule(FLUSH_MS);
  }

  /**
   * Tracks a judgement still running (whether the request is the owner's), so that a
   * flush waits for the events it may still add.
   */
  admit(judgement: Promise<void>): void {
    const tracked = judgement.catch((error: unknown) =>
      this.deps.logger.error('analytics.record_failed', { error: loggableError(error) }),
    );
    this.admitting.add(tracked);
    void tracked.finally(() => this.admitting.delete(tracked));
  }

  /**
   * What a visitor's first pageview of `day` carries (its UTM values and referrer host), the
   * pageview written or still waiting here, or null without one: what a conversion of theirs
   * is credited to (docs/analytics.md), with the entry pages read that day (`entriesRead`).
   * Waits for the judgements under way, so a page read just before the form counts.
   */
  async firstPageview(day: string, identity: string): Promise<Credit | null> {
    await Promise.all([...this.admitting]);
    // Taken in this same turn as the read below starts: an event is then still waiting, in
    // the write under way, or committed (a write takes its events out before it commits).
    const pending = [...this.writingEvents, ...this.events]
      .filter((event) => event.name === 'pageview' && event.day === day)
      .filter((event) => event.identity === identity)
      .sort((a, b) => a.at.getTime() - b.at.getTime());
    const waiting = pending[0];
    const { db, clock, config } = this.deps;
    const today = dayOf(clock.now(), (await siteSettings({ db, config })).timeZone);
    const visitor = visitorHash(await this.saltOf(day, today), identity);
    // The day's pageviews of one visitor: a few rows, in the one read the form waits for.
    const rows = await db
      .select({
        at: analyticsEvents.at,
        path: analyticsEvents.path,
        utmSource: analyticsEvents.utmSource,
        utmMedium: analyticsEvents.utmMedium,
        utmCampaign: analyticsEvents.utmCampaign,
        referrerHost: analyticsEvents.referrerHost,
      })
      .from(analyticsEvents)
      .where(
        and(
          eq(analyticsEvents.day, day),
          eq(analyticsEvents.visitor, visitor),
          eq(analyticsEvents.name, 'pageview'),
        ),
      )
      .orderBy(asc(analyticsEvents.at), asc(analyticsEvents.id))
      .all();
    const written = rows[0];
    const first = written && (!waiting || written.at <= waiting.at) ? written : waiting;
    if (!first) return null;
    const { utmSource, utmMedium, utmCampaign, referrerHost } = first;
    const entriesRead = [
      ...new Set([...rows, ...pending].flatMap(({ path }) => (isEntryPath(path) ? [path] : []))),
    ];
    return { utmSource, utmMedium, utmCampaign, referrerHost, entriesRead };
  }

  /** A day's salt, from this instance's copy or the database (made there when missing). */
  private async saltOf(day: string, today: string): Promise<string> {
    if (!this.salts.has(day)) {
      for (const [d, salt] of await loadSalts(this.deps.db, [day], today)) this.salts.set(d, salt);
    }
    const salt = this.salts.get(day);
    if (salt === undefined) throw new Error(`no salt for ${day}`);
    return salt;
  }

  /** Events waiting for a write (for tests and the shutdown's log line). */
  get size(): number {
    return this.events.length;
  }

  private schedule(ms: number): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush().catch(() => {
        // Logged by write(); the events wait for the retry it scheduled.
      });
    }, ms);
    // The timer alone must not keep a process alive: the server's shutdown flushes.
    this.timer.unref();
  }

  /**
   * Writes every event judged or buffered so far, after the writes already under way.
   * Rejects when the database could not take them (they stay buffered for a retry).
   */
  async flush(): Promise<void> {
    // The events being judged now, not the ones that arrive meanwhile: a steady stream of
    // them (each judged with a cookie to unseal) must not hold the write back for ever.
    await Promise.all([...this.admitting]);
    const next = this.writing.then(() => this.write());
    this.writing = next.catch(() => undefined);
    return next;
  }

  private async write(): Promise<void> {
    if (this.dropped > 0) {
      this.deps.logger.error('analytics.dropped', {
        events: this.dropped,
        message: `more than ${MAX_BUFFERED} events waited for the database`,
      });
      this.dropped = 0;
    }
    const events = this.events;
    if (events.length === 0) return;
    this.events = [];
    this.writingEvents = events;
    const { db, clock, config } = this.deps;
    const today = dayOf(clock.now(), (await siteSettings({ db, config })).timeZone);
    try {
      const days = [...new Set(events.map((event) => event.day))];
      const missing = days.filter((day) => !this.salts.has(day));
      if (missing.length > 0) {
        for (const [day, salt] of await loadSalts(db, missing, today)) this.salts.set(day, salt);
      }
      const rows = events.map(({ identity, entriesRead: _read, ...event }): EventRow => {
        // A conversion was credited when its form was sent (record.ts) and keeps no visitor.
        if (conversionNames.has(event.name)) return { ...event, visitor: NO_VISITOR };
        const salt = this.salts.get(event.day);
        if (salt === undefined) throw new Error(`no salt for ${event.day}`);
        return { ...event, visitor: visitorHash(salt, identity) };
      });
      await writeBatch(db, [...insertStatements(rows), ...entryEnquiryStatements(events)]);
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        // Kept, in order, ahead of what arrived meanwhile, for the retry.
        this.events = [...events, ...this.events].slice(0, MAX_BUFFERED);
        this.schedule(RETRY_MS);
      }
      this.deps.logger.error('analytics.write_failed', {
        events: events.length,
        kept: isDatabaseUnavailable(error),
        error: loggableError(error),
      });
      throw error;
    } finally {
      this.writingEvents = [];
      // A day that is over never needs its salt again on this instance.
      for (const day of this.salts.keys()) if (day < today) this.salts.delete(day);
    }
  }
}

/** One buffer per database handle, as the write slot is (one per instance). */
const buffers = new WeakMap<Db, EventBuffer>();

export function eventBuffer(deps: BufferDeps): EventBuffer {
  let buffer = buffers.get(deps.db);
  if (!buffer) {
    buffer = new EventBuffer(deps);
    buffers.set(deps.db, buffer);
  }
  return buffer;
}

/**
 * Writes every event recorded so far on this database handle: the graceful shutdown's last
 * step before the database closes, and how tests see what was recorded.
 */
export async function flushAnalytics(db: Db): Promise<void> {
  await buffers.get(db)?.flush();
}

/** Events recorded on this handle and not yet written. */
export function unwrittenEvents(db: Db): number {
  return buffers.get(db)?.size ?? 0;
}

/**
 * The buffer's part of the stop (platform/shutdown.ts): once every request is answered, the
 * events they left are written, before the database closes; what could not be is counted in
 * the log.
 */
export function registerAnalyticsFlush(shutdown: ShutdownTasks, db: Db, logger: Logger): void {
  shutdown.registerCleanupTask(
    'analytics buffer',
    async () => {
      try {
        await flushAnalytics(db);
      } catch (error) {
        logger.error('server.analytics_unsaved', {
          events: unwrittenEvents(db),
          error: loggableError(error),
        });
      }
    },
    { share: 1, atLeastMs: 1_000 },
  );
}
