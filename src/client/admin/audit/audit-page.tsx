import { AUDIT_ACTION_LABELS, AUDIT_PAGE_SIZE, AUDIT_VIA_LABELS } from '#shared/audit';
import type { AuditEvent } from '#shared/shapes/audit';
import { trpc } from '#client/lib/trpc';
import { buttonClass } from '#shared/ui-styles';
import { Card } from '../ui/controls';
import { DateTime } from '../ui/date-time';
import { ListTable, type ListColumn } from '../ui/list-table';
import { useDocumentTitle } from '../ui/use-document-title';
import { AuditFilters } from './audit-filters';
import { AuditSubject } from './audit-subject';
import { auditCsvHref, type AuditSearch } from './search-params';

interface AuditPageProps {
  search: AuditSearch;
  onSearch: (search: AuditSearch) => void;
}

/** Who did what, when and from where: newest first, 50 a page, filtered in the address. */
export function AuditPage({ search, onSearch }: AuditPageProps) {
  useDocumentTitle('Audit log');
  const page = search.page ?? 1;
  const { action, actor } = search;
  const list = trpc.audit.list.useQuery(
    { page, action, actor },
    { placeholderData: (previous) => previous },
  );
  const actors = trpc.audit.actors.useQuery();

  return (
    <Card>
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-ink">Audit log</h1>
          <p className="mt-1 text-muted">
            Sign-ins and changes, kept for a year
            {list.data
              ? ` · ${list.data.total} ${list.data.total === 1 ? 'entry' : 'entries'}`
              : ''}
          </p>
        </div>
        <a href={auditCsvHref(search)} download className={buttonClass('secondary')}>
          Export CSV
        </a>
      </div>

      <div className="mb-4">
        <AuditFilters
          search={search}
          actors={actors.data?.actors}
          onChange={(filters) => onSearch(filters)}
        />
      </div>

      <ListTable
        query={list}
        pending="Loading the audit log..."
        error="Error loading the audit log"
        emptyPage="No entries on this page."
        empty={() =>
          action || actor ? 'No entries match these filters.' : 'Nothing recorded yet.'
        }
        rows={(data) => data.events}
        rowKey={(event) => event.id}
        caption="Audit log, newest first"
        columns={AUDIT_COLUMNS}
        pager={{
          page,
          pageSize: AUDIT_PAGE_SIZE,
          label: 'Audit log',
          onPage: (next) => onSearch({ action, actor, page: next > 1 ? next : undefined }),
        }}
      />
    </Card>
  );
}

const AUDIT_COLUMNS: ListColumn<AuditEvent>[] = [
  {
    header: 'What',
    cellClass: 'text-ink',
    cell: (event) => (
      <>
        <span className="font-medium">{AUDIT_ACTION_LABELS[event.action]}</span>
        <AuditSubject event={event} />
        {/* On a phone who, when and where go under the action, one line each. */}
        <span className="mt-1 block text-muted md:hidden">
          <span className="block">
            <Who event={event} />
          </span>
          <span className="block">
            <DateTime iso={event.at} />
          </span>
          <span className="block">{event.address ?? '–'}</span>
        </span>
        <span className="hidden text-muted md:block lg:hidden">{event.address ?? ''}</span>
      </>
    ),
  },
  {
    header: 'Who',
    from: 'md',
    cellClass: 'break-all text-ink',
    cell: (event) => <Who event={event} />,
  },
  {
    header: 'When',
    from: 'md',
    cellClass: 'whitespace-nowrap text-muted',
    cell: (event) => <DateTime iso={event.at} />,
  },
  { header: 'Address', from: 'lg', cellClass: 'text-muted', cell: (event) => event.address ?? '–' },
];

/** No actor: the command line, the server's start, or a sign-in by someone unknown. */
function Who({ event }: { event: AuditEvent }) {
  if (event.actor) return <>{event.actor}</>;
  if (event.via) return <>{AUDIT_VIA_LABELS[event.via]}</>;
  return <>{event.address ? 'Someone not signed in' : 'Command line'}</>;
}
