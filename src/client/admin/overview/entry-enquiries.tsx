import type { EntryEnquiryRow } from '#shared/shapes/analytics';
import { ENTRY_KIND_NAMES } from '#shared/entry-paths';
import { QueryState } from '../ui/query-state';
import { Breakable, BreakdownTable } from './breakdown-table';
import { formatCount } from '../ui/number-words';
import { useEntryEnquiries } from './overview-queries';
import type { ResolvedRange } from './overview-range';

/**
 * "Content that brings enquiries" (docs/analytics.md): each case study and insight read in
 * the range, with its readers and the messages and calls they sent the same day, those that
 * brought the most first (the server's order); bars show the enquiries.
 */
export function EntryEnquiriesTable({ rows }: { rows: EntryEnquiryRow[] }) {
  return (
    <BreakdownTable
      title="Content that brings enquiries"
      description="Case studies and insights read in these days: their readers, and how many messages and booked calls those readers sent the same day."
      rows={rows}
      rowKey={(row) => String(row.id)}
      label={{
        header: 'Entry',
        cell: (row) => (
          <>
            <a href={row.url} className="text-ink underline-offset-4 hover:underline">
              <Breakable text={row.title} />
            </a>
            <span className="block text-xs text-muted">{ENTRY_KIND_NAMES[row.kind].singular}</span>
          </>
        ),
      }}
      columns={[
        { header: 'Readers', cell: (row) => formatCount(row.readers) },
        {
          header: 'Enquiries',
          srHeader: 'Messages and calls the same day',
          cell: (row) => formatCount(row.enquiries),
        },
      ]}
      barValue={(row) => row.enquiries}
      empty="No case study or insight was read in these days."
    />
  );
}

/** The card with its own read: the rest of the Overview never waits for it. */
export function EntryEnquiries({ range }: { range: Pick<ResolvedRange, 'from' | 'to'> }) {
  const query = useEntryEnquiries(range);
  return (
    <QueryState
      query={query}
      pending="Loading content that brings enquiries..."
      error="Error loading content that brings enquiries"
    >
      {(rows) => <EntryEnquiriesTable rows={rows} />}
    </QueryState>
  );
}
