import { lt, sql } from 'drizzle-orm';
import type { Db } from '#db';
import { analyticsEntryEnquiries, analyticsEvents } from '#db/schema';
import type { Config } from '#server/platform/config';
import { addDays } from '#shared/calendar-days';
import { dayOf } from './days';
import { NO_VISITOR } from './event-rows';
import { deletePastSalts } from './salts';

export type RetentionSettings = Pick<Config, 'siteTimezone' | 'analyticsRetentionDays'>;

/**
 * The first day whose raw events are kept: a day goes once every one of its events is more
 * than ANALYTICS_RETENTION_DAYS old, that is once that many whole days have passed since it
 * ended. Whole days, so that a day is either all raw or all rolled up.
 */
export function firstKeptDay(now: Date, settings: RetentionSettings): string {
  return addDays(dayOf(now, settings.siteTimezone), -settings.analyticsRetentionDays);
}

/**
 * The analytics' housekeeping, inside maintenance's write transaction: the days past
 * retention are added to the daily totals (kept for good), then their raw events are
 * deleted; and the salts of days that are over go, if no write did it yet (salts.ts).
 */
export async function pruneAnalytics(
  tx: Db,
  now: Date,
  settings: RetentionSettings,
): Promise<void> {
  const cutoff = firstKeptDay(now, settings);
  // Added to a day already rolled up rather than replacing it: only a clock set back could
  // bring a rolled-up day new events, and those then count too.
  await tx.run(sql`
    insert into analytics_daily (day, visitors, pageviews, contacts, subscriptions, bookings)
    select day, count(distinct nullif(visitor, ${NO_VISITOR})), sum(name = 'pageview'), sum(name = 'contact'),
           sum(name = 'subscription'), sum(name = 'booking')
    from analytics_events
    where day < ${cutoff}
    group by day
    on conflict (day) do update set
      visitors = visitors + excluded.visitors,
      pageviews = pageviews + excluded.pageviews,
      contacts = contacts + excluded.contacts,
      subscriptions = subscriptions + excluded.subscriptions,
      bookings = bookings + excluded.bookings`);
  await tx.delete(analyticsEvents).where(lt(analyticsEvents.day, cutoff));
  // The entries' enquiries go with the readers they are counted against (entry-enquiries.ts).
  await tx.delete(analyticsEntryEnquiries).where(lt(analyticsEntryEnquiries.day, cutoff));
  await deletePastSalts(tx, dayOf(now, settings.siteTimezone));
}
