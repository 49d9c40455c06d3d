import type { Statement } from '#db';
import { analyticsEvents } from '#db/schema';
import { DIRECT_SOURCE } from '#shared/lead-pipeline';
import type { Device } from '#shared/analytics';

/**
 * The `visitor` of a stored conversion: none. A conversion is credited when its form is sent
 * (analytics/record.ts, `visitCredit`), so it needs no hash, and without one nobody holding
 * the database can match an enquiry to the pages its writer read (docs/analytics.md).
 */
export const NO_VISITOR = '';

/** What a conversion is credited to: its visitor's first pageview of the day (none: Direct). */
export interface Credit {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  referrerHost: string | null;
  /**
   * The entry pages (case studies, insights) the visitor read that day before the form: a
   * message or booking adds one to each of them in `analytics_entry_enquiries` (entry-enquiries.ts).
   */
  entriesRead?: readonly string[];
}

/** The source a credit names, as the report and a lead show it. */
export function creditedSource(credit: Credit): string {
  return credit.utmSource ?? credit.referrerHost ?? DIRECT_SOURCE;
}

/** One event as the table stores it, the visitor already hashed. */
export interface EventRow {
  at: Date;
  day: string;
  name: string;
  path: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  referrerHost: string | null;
  device: Device;
  browser: string;
  visitor: string;
}

const COLUMNS = [
  analyticsEvents.at,
  analyticsEvents.day,
  analyticsEvents.name,
  analyticsEvents.path,
  analyticsEvents.utmSource,
  analyticsEvents.utmMedium,
  analyticsEvents.utmCampaign,
  analyticsEvents.referrerHost,
  analyticsEvents.device,
  analyticsEvents.browser,
  analyticsEvents.visitor,
];

const HEAD = `insert into "analytics_events" (${COLUMNS.map((c) => `"${c.name}"`).join(', ')}) values `;
const SLOTS = `(${COLUMNS.map(() => '?').join(', ')})`;

/** Rows per statement: 128 x 11 parameters stays far below any driver's limit. */
const CHUNK_ROWS = 128;

function values(row: EventRow): unknown[] {
  return [
    row.at.getTime(),
    row.day,
    row.name,
    row.path,
    row.utmSource,
    row.utmMedium,
    row.utmCampaign,
    row.referrerHost,
    row.device,
    row.browser,
    row.visitor,
  ];
}

/**
 * The rows as multi-row INSERTs, written by hand: drizzle's builder costs more per row than
 * the write itself under load. Statements hold 128 rows, then a power of two each for the
 * rest, so a handful of statement texts exist at all and the embedded file's prepared
 * statement cache keeps them (rather than one text per batch size).
 */
export function insertStatements(rows: EventRow[]): Statement[] {
  const statements: Statement[] = [];
  let at = 0;
  while (at < rows.length) {
    const left = rows.length - at;
    const size = left >= CHUNK_ROWS ? CHUNK_ROWS : 2 ** Math.floor(Math.log2(left));
    const chunk = rows.slice(at, at + size);
    statements.push({
      sql: HEAD + Array<string>(size).fill(SLOTS).join(', '),
      params: chunk.flatMap(values),
    });
    at += size;
  }
  return statements;
}
