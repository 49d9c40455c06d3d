import { useState } from 'react';
import { SUBSCRIBERS_PAGE_SIZE } from '#shared/leads';
import type { Subscriber } from '#client/lib/api-types';
import { trpc } from '#client/lib/trpc';
import { buttonClass } from '#shared/ui-styles';
import { Button, Card } from '../controls';
import { ConfirmDialog } from '../confirm-dialog';
import { TrashIcon } from '../icons';
import { useDocumentTitle } from '../use-document-title';
import { DateTime } from '../ui/date-time';
import { useRemoveSubscriber } from './lead-mutations';
import { Pager } from '../ui/pager';
import { QueryState } from '../ui/query-state';
import { EmailAddress } from './email-address';
import { subscribersCsvHref, type SubscriberSearch } from './search-params';
import { StatusBadge, STATUS_LABELS } from './subscriber-status';
import { SubscriberStatusFilter } from './subscriber-status-filter';

interface SubscribersPageProps {
  search: SubscriberSearch;
  onSearch: (search: SubscriberSearch) => void;
}

export function SubscribersPage({ search, onSearch }: SubscribersPageProps) {
  useDocumentTitle('Subscribers');
  const page = search.page ?? 1;
  const status = search.status;
  const list = trpc.subscribers.list.useQuery(
    { page, status },
    // The previous list stays on screen, marked busy, while the next one loads.
    { placeholderData: (previous) => previous },
  );
  const counts = list.data?.counts;
  const everyone = counts ? counts.pending + counts.confirmed + counts.unsubscribed : undefined;
  const remove = useRemoveSubscriber();
  const [toRemove, setToRemove] = useState<Subscriber | null>(null);

  return (
    <Card>
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-ink">Subscribers</h1>
          <p className="mt-1 text-muted">
            Newsletter sign-ups
            {everyone === undefined
              ? ''
              : ` · ${everyone} ${everyone === 1 ? 'subscriber' : 'subscribers'}`}
          </p>
        </div>
        <a href={subscribersCsvHref(search)} download className={buttonClass('secondary')}>
          Export CSV
        </a>
      </div>

      <div className="mb-4">
        <SubscriberStatusFilter
          status={status}
          counts={counts}
          onChange={(next) => onSearch({ status: next })}
        />
      </div>

      <QueryState
        query={list}
        pending="Loading subscribers..."
        error="Error loading subscribers"
        empty={(data) =>
          data.subscribers.length === 0 &&
          (data.total > 0
            ? 'No subscribers on this page.'
            : status && everyone
              ? `No ${STATUS_LABELS[status].toLowerCase()} subscribers.`
              : 'No subscribers yet. Newsletter sign-ups appear here.')
        }
      >
        {(data) => (
          <table
            aria-busy={list.isPlaceholderData || undefined}
            className={`w-full text-left text-sm transition-opacity ${list.isPlaceholderData ? 'opacity-60' : ''}`}
          >
            <caption className="sr-only">
              {status ? `${STATUS_LABELS[status]} subscribers` : 'Subscribers'}, newest first
            </caption>
            <thead className="border-b border-line text-muted">
              <tr>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Address
                </th>
                <th scope="col" className="hidden py-2 pr-4 font-semibold sm:table-cell">
                  Status
                </th>
                <th scope="col" className="hidden py-2 pr-4 font-semibold md:table-cell">
                  Subscribed
                </th>
                <th scope="col" className="hidden py-2 pr-4 font-semibold md:table-cell">
                  Confirmed
                </th>
                <th scope="col" className="py-2 font-semibold">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.subscribers.map((subscriber) => (
                <tr key={subscriber.id} className="border-b border-line">
                  <td className="py-2 pr-4 text-ink">
                    <EmailAddress address={subscriber.email} />
                    {/* On a phone the status and dates go under the address, which gets the width. */}
                    <span className="mt-1 flex flex-col items-start gap-1 text-sm text-muted sm:hidden">
                      <StatusBadge status={subscriber.status} />
                      <SubscriberDates subscriber={subscriber} />
                    </span>
                    {/* From 640 px the status has its column; the dates wait for 768 px. */}
                    <span className="hidden text-sm text-muted sm:block md:hidden">
                      <SubscriberDates subscriber={subscriber} />
                    </span>
                  </td>
                  <td className="hidden py-2 pr-4 sm:table-cell">
                    <StatusBadge status={subscriber.status} />
                    {subscriber.unsubscribedAt ? (
                      <span className="mt-1 hidden text-xs text-muted md:block">
                        on <DateTime iso={subscriber.unsubscribedAt} />
                      </span>
                    ) : null}
                  </td>
                  <td className="hidden py-2 pr-4 text-muted md:table-cell">
                    <DateTime iso={subscriber.createdAt} />
                  </td>
                  <td className="hidden py-2 pr-4 text-muted md:table-cell">
                    {subscriber.confirmedAt ? (
                      <DateTime iso={subscriber.confirmedAt} />
                    ) : (
                      <>
                        <span aria-hidden="true">–</span>
                        <span className="sr-only">Not confirmed</span>
                      </>
                    )}
                  </td>
                  <td className="py-2 text-right">
                    <Button
                      variant="ghost"
                      onPress={() => setToRemove(subscriber)}
                      aria-label={`Remove ${subscriber.email}`}
                    >
                      <TrashIcon />
                      <span className="sr-only sm:not-sr-only">Remove</span>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryState>
      {list.data ? (
        <Pager
          page={page}
          pageSize={SUBSCRIBERS_PAGE_SIZE}
          total={list.data.total}
          label="Subscribers"
          onPage={(next) => onSearch({ status, page: next > 1 ? next : undefined })}
        />
      ) : null}

      <ConfirmDialog
        isOpen={toRemove !== null}
        title="Remove subscriber"
        question="Are you sure you want to remove this address from the newsletter list?"
        detail={toRemove?.email}
        confirmLabel="Remove"
        pendingLabel="Removing..."
        isPending={remove.isPending}
        onCancel={() => setToRemove(null)}
        onConfirm={() => {
          if (toRemove) remove.mutate({ id: toRemove.id }, { onSettled: () => setToRemove(null) });
        }}
      />
    </Card>
  );
}

/** The dates as lines of text, where the table has no room for their columns. */
function SubscriberDates({ subscriber }: { subscriber: Subscriber }) {
  return (
    <>
      <span className="block">
        Subscribed <DateTime iso={subscriber.createdAt} />
      </span>
      {subscriber.confirmedAt ? (
        <span className="block">
          Confirmed <DateTime iso={subscriber.confirmedAt} />
        </span>
      ) : null}
      {subscriber.unsubscribedAt ? (
        <span className="block">
          Unsubscribed <DateTime iso={subscriber.unsubscribedAt} />
        </span>
      ) : null}
    </>
  );
}
