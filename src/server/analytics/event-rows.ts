import type { Statement } from '#db';
import { analyticsEvents } from '#db/schema';
import { DIRECT_SOURCE } from '#shared/lead-pipeline';
import type { Device } from '#shared/analytics';

/**
 * The `visitor` of a stored conversion: none. A conversion is credited when it is written
 * (`conversionStatement`), so it needs no hash, and without one nobody holding the database
 * can match an enquiry to the pages its writer read (docs/analytics.md).
 */
export const NO_VISITOR = '';

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
  /** A conversion's lead (docs/leads.md): credited the same source, if it has none yet. */
  leadId?: number;
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

/**
 * A conversion, credited as it is written to the source of its visitor's first pageview of
 * the day (its UTM values and referrer host copied; none: Direct), and stored without the
 * visitor. Run after the same batch's pageviews, so a page read just before counts.
 */
export function conversionStatements(row: EventRow): Statement[] {
  const conversion = conversionStatement(row);
  if (row.leadId === undefined) return [conversion];
  // The row just written carries the credited source; a lead keeps its first one.
  return [
    conversion,
    {
      sql: `update leads set source = (
        select coalesce(utm_source, referrer_host, '${DIRECT_SOURCE}') from analytics_events
        where id = last_insert_rowid()
      ) where id = ? and source is null`,
      params: [row.leadId],
    },
  ];
}

function conversionStatement(row: EventRow): Statement {
  return {
    sql:
      HEAD.replace(/ values $/, ' ') +
      `select ?, ?, ?, null, f.utm_source, f.utm_medium, f.utm_campaign, f.referrer_host, ?, ?, '${NO_VISITOR}'
       from (select 1) left join (
         select utm_source, utm_medium, utm_campaign, referrer_host from analytics_events
         where day = ? and visitor = ? and name = 'pageview'
         order by at, id limit 1
       ) as f on true`,
    params: [row.at.getTime(), row.day, row.name, row.device, row.browser, row.day, row.visitor],
  };
}
