import { Fragment, useId, type ReactNode } from 'react';

export interface BreakdownColumn<Row> {
  /** The column's heading; `srHeader` replaces it for screen readers when it is shortened. */
  header: string;
  srHeader?: string;
  cell: (row: Row) => ReactNode;
}

interface BreakdownTableProps<Row> {
  title: string;
  description?: string;
  rows: Row[];
  rowKey: (row: Row) => string;
  /** The first column: what each row is (a page, a source). */
  label: BreakdownColumn<Row>;
  columns: BreakdownColumn<Row>[];
  /** The row's share of the largest, drawn as a bar behind its label. */
  barValue: (row: Row) => number;
  empty: string;
}

/**
 * One list of the report (top pages, sources, campaigns, devices, events) as a table whose
 * label cells carry a bar: the chart and its table in one, so screen readers and keyboards
 * get every number the bars show.
 */
export function BreakdownTable<Row>({
  title,
  description,
  rows,
  rowKey,
  label,
  columns,
  barValue,
  empty,
}: BreakdownTableProps<Row>) {
  const headingId = useId();
  const largest = Math.max(1, ...rows.map(barValue));
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-line bg-raised p-3 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      {rows.length === 0 ? (
        <p className="mt-4 text-sm text-muted">{empty}</p>
      ) : (
        <table aria-labelledby={headingId} className="mt-3 w-full text-left text-sm">
          {/* Smaller headings and gaps on a phone leave the label column room for a host
              such as www.google.com on its one line. */}
          <thead className="border-b border-line text-muted max-sm:text-xs">
            <tr>
              {[label, ...columns].map((column, i) => (
                <th
                  key={column.header}
                  scope="col"
                  className={`py-2 font-semibold ${i === 0 ? 'pr-1.5 sm:pr-3' : 'pl-1.5 text-right sm:pl-3'}`}
                >
                  {column.srHeader ? (
                    <>
                      <span aria-hidden="true">{column.header}</span>
                      <span className="sr-only">{column.srHeader}</span>
                    </>
                  ) : (
                    column.header
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} className="border-b border-line last:border-b-0">
                <th
                  scope="row"
                  // max-w-0 with w-full: the column takes the room the numbers leave, and a
                  // one-line label (a host) is cut with "…" there instead of widening the table.
                  className="relative w-full max-w-0 py-2 pr-1.5 font-normal text-ink sm:pr-3"
                >
                  <span
                    aria-hidden="true"
                    className="absolute inset-y-1 left-0 rounded-sm bg-chart-visitors/15"
                    style={{ width: `${(barValue(row) / largest) * 100}%` }}
                  />
                  <span className="relative block wrap-anywhere">{label.cell(row)}</span>
                </th>
                {columns.map((column) => (
                  <td
                    key={column.header}
                    className="py-2 pl-1.5 text-right align-top text-ink tabular-nums sm:pl-3"
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/**
 * A host on one line (`www.google.com` never as `www.` / `google.com`), cut with "…" when the
 * column is narrower; the whole name stays its text for assistive tech and shows on hover.
 */
export function OneLine({ text }: { text: string }) {
  return (
    <span className="block truncate" title={text}>
      {text}
    </span>
  );
}

/**
 * A path or campaign with a line-break opportunity after each `.`, `/`, `-`, `_`, `?`,
 * `&` and `=`: on a phone `/services/rag-pipelines` wraps as `/services/` / `rag-pipelines`
 * rather than mid-word (the cell breaks anywhere only when one part is wider than the column).
 */
export function Breakable({ text }: { text: string }) {
  const parts = text.split(/(?<=[./\-_?&=])/u);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </>
  );
}
