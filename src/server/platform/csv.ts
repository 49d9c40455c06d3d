export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | null;
}

/** Rows stringified per chunk: big enough to amortise the call, small enough to stay light. */
const CHUNK_ROWS = 500;

/**
 * A cell a spreadsheet would read as a formula (docs/api.md, "CSV files") gets a leading `'`, so
 * opening an export never runs what a visitor typed into a form. A plain negative decimal
 * (`-446.25`, a credit note's amount in the invoices' export) is a number, not a formula.
 */
export function neutraliseFormula(cell: string): string {
  if (/^-\d+(\.\d+)?$/.test(cell)) return cell;
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

const options = {
  // RFC 4180: CRLF between records; csv-stringify quotes cells with a comma or a quote,
  // and quoted_match adds cells with a lone CR or LF, which it would otherwise leave bare.
  record_delimiter: 'windows',
  quoted_match: /[\r\n]/,
  cast: { string: neutraliseFormula },
} as const;

/**
 * The CSV of `rows` as a byte stream: UTF-8 with a byte order mark (so spreadsheet programs
 * read accents and emoji right), a header row, then the rows. Rows are pulled only as the
 * client reads, a chunk at a time, so the export's size never sits in memory. The first row
 * is read before the stream exists: a database that cannot be reached then fails the request
 * (503) instead of a download that starts with 200 and breaks.
 */
export async function csvStream<T>(
  rows: AsyncIterator<T>,
  columns: CsvColumn<T>[],
): Promise<ReadableStream<Uint8Array>> {
  // Loaded with the first export, not at the start (docs/operations.md, "Start-up time").
  const { stringify } = await import('csv-stringify/sync');
  const encoder = new TextEncoder();
  let first = true;
  let pending: IteratorResult<T> | null = await rows.next();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const records: (string | number | null)[][] = [];
      let next = pending ?? (await rows.next());
      pending = null;
      while (!next.done) {
        records.push(columns.map((column) => column.value(next.value as T)));
        if (records.length === CHUNK_ROWS) break;
        next = await rows.next();
      }
      const text = stringify(records, {
        ...options,
        bom: first,
        header: first,
        columns: columns.map((column) => column.header),
      });
      first = false;
      if (text) controller.enqueue(encoder.encode(text));
      if (records.length < CHUNK_ROWS) controller.close();
    },
    async cancel() {
      await rows.return?.();
    },
  });
}

/** `name-YYYY-MM-DD.csv`, dated by the server's clock in UTC. */
export function csvFilename(name: string, now: Date): string {
  return `${name}-${now.toISOString().slice(0, 10)}.csv`;
}

export function csvResponse(body: ReadableStream<Uint8Array>, filename: string): Response {
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      // A list of people's details: never kept by a shared cache or the browser's.
      'Cache-Control': 'no-store',
    },
  });
}
