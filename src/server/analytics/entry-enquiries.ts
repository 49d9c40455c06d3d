/**
 * "Content that brings enquiries" (docs/analytics.md): per published entry, its readers in a
 * range (visitor-days with a pageview of its page, the report's visitor rule) and the
 * messages and bookings its readers sent later the same day.
 *
 * A conversion keeps no visitor hash (decision 0029), so the second figure cannot be read
 * back from the events: it is counted when the form is sent, from the visitor's pageviews of
 * the day that the credit already reads (event-buffer.ts, `firstPageview`), into a tally per
 * day and page (`analytics_entry_enquiries`) that holds no hash and no time. Nothing more is
 * collected from the visitor.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db, Statement } from '#db';
import { entries } from '#db/schema';
import type { EntryEnquiryRow } from '#shared/shapes/analytics';
import { ENTRY_LIST_PATHS, entryPath } from '#shared/entry-paths';
import type { DayRange } from './range';

const ENTRY_PATH = new RegExp(
  `^(${Object.values(ENTRY_LIST_PATHS).join('|')})/[a-z0-9][a-z0-9-]*$`,
);

/** Whether a page's path is an entry's page (a list page is not). */
export function isEntryPath(path: string | null): path is string {
  return path !== null && ENTRY_PATH.test(path);
}

/** The conversions that count: a message sent or a call booked, not a newsletter sign-up. */
const ENQUIRIES: ReadonlySet<string> = new Set(['contact', 'booking']);

const ADD =
  'insert into analytics_entry_enquiries (day, path, enquiries) values (?, ?, 1) ' +
  'on conflict (day, path) do update set enquiries = enquiries + 1';

/** For the buffer's batch: one more enquiry for each entry page each message's writer read. */
export function entryEnquiryStatements(
  events: readonly { name: string; day: string; entriesRead?: readonly string[] | undefined }[],
): Statement[] {
  return events
    .filter((event) => ENQUIRIES.has(event.name))
    .flatMap((event) =>
      (event.entriesRead ?? []).map((path) => ({ sql: ADD, params: [event.day, path] })),
    );
}

const n = (value: unknown) => Number(value ?? 0);

/**
 * The published entries read in the range, those that brought the most enquiries first, then
 * by readers, then by title; an entry nobody read is left out. An entry's readers are those
 * of its address now (an old slug's readers stay with the old address).
 */
export async function entryEnquiries(db: Db, range: DayRange): Promise<EntryEnquiryRow[]> {
  const prefixes = Object.values(ENTRY_LIST_PATHS).map((base) => `${base}/%`);
  const [published, readers, enquiries] = await Promise.all([
    db
      .select({ id: entries.id, kind: entries.kind, slug: entries.slug, title: entries.title })
      .from(entries)
      .where(eq(entries.status, 'published'))
      .all(),
    db.all<{ path: unknown; readers: unknown }>(sql`
      select path, count(distinct day || visitor) as readers
      from analytics_events
      where name = 'pageview' and day between ${range.from} and ${range.to}
        and (path like ${prefixes[0]} or path like ${prefixes[1]})
      group by path`),
    db.all<{ path: unknown; enquiries: unknown }>(sql`
      select path, sum(enquiries) as enquiries
      from analytics_entry_enquiries
      where day between ${range.from} and ${range.to}
      group by path`),
  ]);
  const readersOf = new Map(readers.map((row) => [String(row.path), n(row.readers)]));
  const enquiriesOf = new Map(enquiries.map((row) => [String(row.path), n(row.enquiries)]));
  return published
    .map((entry) => {
      const url = entryPath(entry.kind, entry.slug);
      return {
        id: entry.id,
        kind: entry.kind,
        title: entry.title,
        url,
        readers: readersOf.get(url) ?? 0,
        enquiries: enquiriesOf.get(url) ?? 0,
      };
    })
    .filter((row) => row.readers > 0 || row.enquiries > 0)
    .sort(
      (a, b) =>
        b.enquiries - a.enquiries || b.readers - a.readers || a.title.localeCompare(b.title),
    );
}
