import type { DailyRow } from '#shared/shapes/analytics';
import { csvFilename, csvResponse, csvStream, type CsvColumn } from '#server/platform/csv';

/** The daily rows of the report, in their JSON order and with their JSON names. */
const dailyColumns: CsvColumn<DailyRow>[] = [
  { header: 'date', value: (row) => row.date },
  { header: 'visitors', value: (row) => row.visitors },
  { header: 'pageviews', value: (row) => row.pageviews },
  { header: 'contacts', value: (row) => row.contacts },
  { header: 'subscriptions', value: (row) => row.subscriptions },
  { header: 'bookings', value: (row) => row.bookings },
];

async function* each<T>(rows: T[]): AsyncGenerator<T> {
  yield* rows;
}

/** `analytics-YYYY-MM-DD.csv`: one row per day of the range, as GET /api/analytics has them. */
export async function analyticsCsv(daily: DailyRow[], now: Date): Promise<Response> {
  return csvResponse(await csvStream(each(daily), dailyColumns), csvFilename('analytics', now));
}
