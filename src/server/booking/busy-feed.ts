/**
 * The owner's calendar feed as every instance shares it (docs/booking.md): the busy times of
 * the last good read, kept in `booking_feeds` per address.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '#db';
import { bookingFeeds } from '#db/schema';
import type { Span } from './slots';

/** The stored busy times as `[[startMs, endMs], ...]` text. */
function parseStored(text: string): Span[] {
  return (JSON.parse(text) as [number, number][]).map(([start, end]) => ({ start, end }));
}

/** The busy times of the feed's last good read; null when it was never read successfully. */
export async function storedBusy(db: Db, url: string): Promise<Span[] | null> {
  const row = await db
    .select({ busy: bookingFeeds.busy })
    .from(bookingFeeds)
    .where(eq(bookingFeeds.url, url))
    .get();
  return row?.busy == null ? null : parseStored(row.busy);
}
