import { useState } from 'react';
import { SUBSCRIBERS_PAGE_SIZE } from '../../../shared/leads';
import type { Subscriber } from '../../lib/api-types';
import { trpc } from '../../lib/trpc';
import { buttonClass } from '../../ui/styles';
import { Button, Card, Spinner } from '../controls';
import { ConfirmDialog } from '../confirm-dialog';
import { errorMessage } from '../errors';
import { TrashIcon } from '../icons';
import { useDocumentTitle } from '../use-document-title';
import { formatDateTime } from './format';
import { useRemoveSubscriber } from './lead-mutations';
import { Pager } from './pager';
import { EmailAddress } from './email-address';
import type { SubscriberSearch } from './search-params';

interface SubscribersPageProps {
  search: SubscriberSearch;
  onSearch: (search: SubscriberSearch) => void;
}

export function SubscribersPage({ search, onSearch }: SubscribersPageProps) {
  useDocumentTitle('Subscribers');
  const page = search.page ?? 1;
  const list = trpc.subscribers.list.useQuery(
    { page },
    { placeholderData: (previous) => previous },
  );
  const remove = useRemoveSubscriber();
  const [toRemove, setToRemove] = useState<Subscriber | null>(null);

  return (
    <Card>
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-ink">Subscribers</h1>
          <p className="mt-1 text-muted">
            Newsletter sign-ups
            {list.data
              ? ` · ${list.data.total} ${list.data.total === 1 ? 'subscriber' : 'subscribers'}`
              : ''}
          </p>
        </div>
        <a href="/api/subscribers.csv" download className={buttonClass('secondary')}>
          Export CSV
        </a>
      </div>

      {list.isPending ? (
        <Spinner label="Loading subscribers..." />
      ) : list.isError ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-3 text-red-800 dark:text-red-300"
        >
          <p>Error loading subscribers: {errorMessage(list.error)}</p>
          <Button variant="secondary" onPress={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : list.data.subscribers.length === 0 ? (
        <p className="py-8 text-center text-muted">
          {list.data.total > 0
            ? 'No subscribers on this page.'
            : 'No subscribers yet. Newsletter sign-ups appear here.'}
        </p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Subscribers, newest first</caption>
          <thead className="border-b border-line text-muted">
            <tr>
              <th scope="col" className="py-2 pr-4 font-semibold">
                Address
              </th>
              <th scope="col" className="hidden py-2 pr-4 font-semibold sm:table-cell">
                Subscribed
              </th>
              <th scope="col" className="py-2 font-semibold">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.subscribers.map((subscriber) => (
              <tr key={subscriber.id} className="border-b border-line">
                <td className="py-2 pr-4 text-ink">
                  <EmailAddress address={subscriber.email} />
                  {/* On a phone the date goes under the address, which gets the width. */}
                  <span className="block text-sm text-muted sm:hidden">
                    <time dateTime={subscriber.createdAt}>
                      {formatDateTime(subscriber.createdAt)}
                    </time>
                  </span>
                </td>
                <td className="hidden py-2 pr-4 text-muted sm:table-cell">
                  <time dateTime={subscriber.createdAt}>
                    {formatDateTime(subscriber.createdAt)}
                  </time>
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
      {list.data ? (
        <Pager
          page={page}
          pageSize={SUBSCRIBERS_PAGE_SIZE}
          total={list.data.total}
          label="Subscribers"
          onPage={(next) => onSearch({ page: next > 1 ? next : undefined })}
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
