import { OUTBOX_PAGE_SIZE, type OutboxFilter } from '#shared/mail-outbox';
import type { OutboxMail } from '#shared/shapes/outbox';
import type { OutboxKind } from '#shared/outbox';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import { buttonClass, focusRing } from '#shared/ui-styles';
import { Link } from '@tanstack/react-router';
import { Card } from '../ui/controls';
import { DateTime } from '../ui/date-time';
import { PagedRead } from '../ui/list-table';
import { useDocumentTitle } from '../ui/use-document-title';
import type { MailSearch } from './search-params';

const FILTERS: { value: OutboxFilter; label: string }[] = [
  { value: 'queued', label: 'Waiting' },
  { value: 'failed', label: 'Failed' },
  { value: 'sent', label: 'Sent' },
];

const KIND_LABELS: Record<OutboxKind, string> = {
  code: 'Sign-in code',
  notice: 'Notice',
  reply: 'Reply',
  booking: 'Booking',
  proposal: 'Proposal',
  reminder: 'Reminder',
  confirmation: 'Confirmation',
  newsletter: 'Newsletter',
  sequence: 'Welcome sequence',
};

/** What came back about a mail the server took (docs/mail.md, "Bounces and complaints"). */
const BOUNCE_LABELS: Record<NonNullable<OutboxMail['bounce']>['kind'], string> = {
  hard: 'Hard bounce',
  soft: 'Soft bounce',
  complaint: 'Complaint',
};

const EMPTY: Record<OutboxFilter, string> = {
  queued: 'Nothing is waiting to be sent.',
  failed: 'No mail has failed.',
  sent: 'No mail has been sent yet.',
};

interface MailPageProps {
  search: MailSearch;
  onSearch: (search: MailSearch) => void;
}

/**
 * Every mail the site sends passes through one outbox (docs/mail.md): what waits, what
 * failed and why, and what went, with a retry for a failed one.
 */
export function MailPage({ search, onSearch }: MailPageProps) {
  useDocumentTitle('Mail');
  const status = search.status ?? 'queued';
  const page = search.page ?? 1;
  const list = trpc.outbox.list.useQuery(
    { status, page },
    { placeholderData: (previous) => previous },
  );
  const utils = trpc.useUtils();
  const retry = trpc.outbox.retry.useMutation({
    onSuccess: () => {
      toast({ title: 'Queued to be sent again' });
      void utils.outbox.list.invalidate();
    },
    onError: (error) => toast({ title: error.message, variant: 'destructive' }),
  });

  return (
    <Card>
      <div className="mb-6">
        <h1 className="text-2xl font-bold text-ink">Mail</h1>
        <p className="mt-1 text-muted">
          Every e-mail the site sends: waiting, failed with its error, and sent
          {list.data ? ` · ${list.data.total} ${list.data.total === 1 ? 'mail' : 'mails'}` : ''}
        </p>
        <p className="mt-2">
          <Link
            to="/admin/suppressions"
            className={`rounded text-brand-700 underline underline-offset-2 dark:text-brand-300 ${focusRing}`}
          >
            Suppressed addresses
          </Link>
          <span className="text-muted">
            : where nothing bulk goes, after a bounce or a complaint
          </span>
        </p>
      </div>

      <div role="group" aria-label="Show" className="mb-4 flex flex-wrap gap-2">
        {FILTERS.map((filter) => (
          <button
            key={filter.value}
            type="button"
            aria-pressed={status === filter.value}
            className={buttonClass(status === filter.value ? 'primary' : 'secondary', 'sm')}
            onClick={() =>
              onSearch({ status: filter.value === 'queued' ? undefined : filter.value })
            }
          >
            {filter.label}
          </button>
        ))}
      </div>

      <PagedRead
        query={list}
        pending="Loading the mail..."
        error="Error loading the mail"
        count={(data) => data.mails.length}
        emptyPage="No mail on this page."
        empty={() => EMPTY[status]}
        pager={{
          page,
          pageSize: OUTBOX_PAGE_SIZE,
          label: 'Mail',
          onPage: (next) => onSearch({ status: search.status, page: next > 1 ? next : undefined }),
        }}
      >
        {(data) => (
          <ul
            aria-busy={list.isPlaceholderData || undefined}
            className={`divide-y divide-line transition-opacity ${list.isPlaceholderData ? 'opacity-60' : ''}`}
          >
            {data.mails.map((mail) => (
              <MailRow
                key={mail.id}
                mail={mail}
                retrying={retry.isPending && retry.variables?.id === mail.id}
                onRetry={() => retry.mutate({ id: mail.id })}
              />
            ))}
          </ul>
        )}
      </PagedRead>
    </Card>
  );
}

function MailRow({
  mail,
  retrying,
  onRetry,
}: {
  mail: OutboxMail;
  retrying: boolean;
  onRetry: () => void;
}) {
  // A failed mail says why already (its last error, the SMTP refusal); a sent one that came
  // back says so here.
  const bounce = mail.status === 'sent' ? mail.bounce : null;
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3 text-sm">
      <div className="min-w-0">
        <p className="font-medium break-words text-ink">{mail.subject}</p>
        <p className="text-muted">
          {KIND_LABELS[mail.kind]} to <span className="break-all">{mail.to}</span>
        </p>
        <p className="text-muted">
          Queued <DateTime iso={mail.createdAt} />
          {mail.sentAt ? (
            <>
              {' · '}sent <DateTime iso={mail.sentAt} />
            </>
          ) : null}
          {bounce ? (
            <>
              {' · '}
              {bounce.kind === 'complaint' ? 'marked as unwanted' : 'bounced'}{' '}
              <DateTime iso={bounce.at} />
            </>
          ) : null}
          {mail.status === 'sending' ? ' · being sent now' : ''}
          {' · '}
          {mail.attempts === 1 ? '1 try' : `${mail.attempts} tries`}
        </p>
        {bounce ? (
          <p className="mt-1 break-words text-red-700 dark:text-red-300">
            {BOUNCE_LABELS[bounce.kind]}
            {bounce.detail ? `: ${bounce.detail}` : ''}
          </p>
        ) : null}
        {mail.lastError ? (
          <p className="mt-1 break-words text-red-700 dark:text-red-300">
            Last error: {mail.lastError}
          </p>
        ) : null}
      </div>
      {mail.status === 'failed' ? (
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          disabled={retrying}
          aria-label={`Retry “${mail.subject}” to ${mail.to}`}
          onClick={onRetry}
        >
          {retrying ? 'Retrying...' : 'Retry'}
        </button>
      ) : null}
    </li>
  );
}
