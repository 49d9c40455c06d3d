import type { Key, ReactNode } from 'react';
import { Pager } from './pager';
import { QueryState, type ReadState } from './query-state';

/** One column of a list table: its head, from which width it shows, and its cell. */
export interface ListColumn<Row> {
  /** The column's head: its words, or a `sr-only` span for a column of buttons. */
  header: ReactNode;
  /**
   * The width from which the column shows (Tailwind's sm, md, lg); below it the screen puts
   * what the cell says under the first column's content.
   */
  from?: 'sm' | 'md' | 'lg';
  /** Classes of the head and the cells both, e.g. `text-right` for a number. */
  className?: string;
  /** Classes of the cells only: their colour, how they wrap. */
  cellClass?: string;
  cell: (row: Row) => ReactNode;
}

/** What a list table shows of its rows: its name for screen readers, its columns, each row's key. */
export interface TableSpec<Row> {
  /** Read out as the table's name (it is not shown): "Subscribers, newest first". */
  caption: ReactNode;
  columns: readonly ListColumn<Row>[];
  rowKey: (row: Row) => Key;
  /** The cells' content at the top of a row (the default) or in its middle. */
  align?: 'top' | 'middle';
}

interface DataTableProps<Row> extends TableSpec<Row> {
  rows: readonly Row[];
  /** The previous page stays on screen, dimmed and marked busy, while the next one loads. */
  isBusy: boolean;
}

/**
 * A column hidden below its width, written out whole: Tailwind writes only the classes it finds
 * spelled in the source, so a class put together at run time (`${from}:table-cell`) would never
 * exist in the stylesheet and the column would stay hidden at every width.
 */
const SHOWN_FROM = {
  sm: 'hidden sm:table-cell',
  md: 'hidden md:table-cell',
  lg: 'hidden lg:table-cell',
} as const;

function classes(...names: (string | false | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

/**
 * The admin's list table: a row a record, the columns a narrow screen has no room for hidden
 * below their width. Every column but the last keeps a gap on its right.
 */
export function DataTable<Row>({
  rows,
  isBusy,
  caption,
  columns,
  rowKey,
  align = 'top',
}: DataTableProps<Row>) {
  const last = columns.length - 1;
  const shared = (column: ListColumn<Row>, index: number, own?: string) =>
    classes(
      column.from && SHOWN_FROM[column.from],
      'py-2',
      index < last && 'pr-4',
      column.className,
      own,
    );
  return (
    <table
      aria-busy={isBusy || undefined}
      className={`w-full text-left text-sm transition-opacity ${isBusy ? 'opacity-60' : ''}`}
    >
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-line text-muted">
        <tr>
          {columns.map((column, index) => (
            <th key={index} scope="col" className={shared(column, index, 'font-semibold')}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr
            key={rowKey(row)}
            className={align === 'top' ? 'border-b border-line align-top' : 'border-b border-line'}
          >
            {columns.map((column, index) => (
              <td key={index} className={shared(column, index, column.cellClass)}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A page of a list as the server answers it: some rows, and how many there are in all. */
interface PagedAnswer {
  total: number;
}

interface PagedReadProps<Data extends PagedAnswer> {
  query: ReadState<Data> & { isPlaceholderData: boolean };
  /** The spinner's words, read out: "Loading subscribers...". */
  pending: string;
  /** Put before the error's words: "Error loading subscribers". */
  error: string;
  /** The page's rows, counted to tell an empty page from an empty list. */
  count: (data: Data) => number;
  /** What an empty page says when there are rows on other pages: "No subscribers on this page.". */
  emptyPage: string;
  /** What an empty list says: nothing yet, or nothing matches the search. */
  empty: (data: Data) => string;
  /** The page shown (from 1), the rows a page holds, the pager's name and where a press goes. */
  pager: { page: number; pageSize: number; label: string; onPage: (page: number) => void };
  children: (data: Data) => ReactNode;
}

/**
 * A paged list read: the query's states (spinner, error with "Try again", the empty line),
 * the rows, and under them Previous and Next once the answer came.
 */
export function PagedRead<Data extends PagedAnswer>({
  query,
  pending,
  error,
  count,
  emptyPage,
  empty,
  pager,
  children,
}: PagedReadProps<Data>) {
  return (
    <>
      <QueryState
        query={query}
        pending={pending}
        error={error}
        empty={(data) => count(data) === 0 && (data.total > 0 ? emptyPage : empty(data))}
      >
        {children}
      </QueryState>
      {query.data ? <Pager total={query.data.total} {...pager} /> : null}
    </>
  );
}

type ListTableProps<Data extends PagedAnswer, Row> = Omit<
  PagedReadProps<Data>,
  'count' | 'children'
> &
  TableSpec<Row> & {
    rows: (data: Data) => readonly Row[];
  };

/** The admin's paged list as a table: its states, its columns, and its pager. */
export function ListTable<Data extends PagedAnswer, Row>({
  rows,
  caption,
  columns,
  rowKey,
  align,
  ...read
}: ListTableProps<Data, Row>) {
  return (
    <PagedRead {...read} count={(data) => rows(data).length}>
      {(data) => (
        <DataTable
          rows={rows(data)}
          isBusy={read.query.isPlaceholderData}
          caption={caption}
          columns={columns}
          rowKey={rowKey}
          align={align}
        />
      )}
    </PagedRead>
  );
}
