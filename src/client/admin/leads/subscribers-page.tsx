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
import { useRemoveSubscriber, useResendConfirmation } from './lead-mutations';
import { LeadSearchField } from './lead-search-field';
import { Pager } from '../ui/pager';
import { QueryState } from '../ui/query-state';
import { EmailAddress } from './email-address';
import { subscribersCsvHref, type SubscriberSearch } from './search-params';
import { SequenceLine } from './subscriber-sequence';
import { StatusBadge, STATUS_LABELS } from './subscriber-status';
import { SubscriberStatusFilter } from './subscriber-status-filter';
import {
  AddSubscriberForm,
  ImportSubscribersForm,
  RESEND_RULE,
  ResendAllButton,
} from './subscriber-tools';

interface SubscribersPageProps {
  search: SubscriberSearch;
  /** `replace`: typing in the search replaces the history entry rather than adding one. */
  onSearch: (search: SubscriberSearch, options?: { replace?: boolean }) => void;
}

export function SubscribersPage({ search, onSearch }: SubscribersPageProps) {
  useDocumentTitle('Subscribers');
  const page = search.page ?? 1;
  const { q, status } = search;
  const list = trpc.subscribers.list.useQuery(
    { page, status, q },
    // The previous list stays on screen, marked busy, while the next one loads.
    { placeholderData: (previous) => previous },
  );
  const counts = list.data?.counts;
  const everyone = counts
    ? counts.pending + counts.confirmed + counts.unsubscribed + counts.bounced
    : undefined;
  const remove = useRemoveSubscriber();
  const resend = useResendConfirmation();
  const utils = trpc.useUtils();
  const [toRemove, setToRemove] = useState<Subscriber | null>(null);
  // Its length, for "Welcome: 2 of 3 sent" (a save on the Newsletters screen refreshes it).
  const steps = trpc.newsletterSequence.get.useQuery().data?.steps.length;

  return (
    <Card>
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-ink">Subscribers</h1>
          <p className="mt-1 text-muted">
            Newsletter sign-ups
            {everyone === undefined
              ? ''
              : ` · ${everyone} ${q ? 'found' : everyone === 1 ? 'subscriber' : 'subscribers'}`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {/* Every pending address, whatever the search: the counts shown may be the search's. */}
          <ResendAllButton pending={q ? undefined : counts?.pending} />
          <a href={subscribersCsvHref(search)} download className={buttonClass('secondary')}>
            Export CSV
          </a>
        </div>
      </div>

      <div className="mb-4 flex flex-col gap-4">
        <LeadSearchField
          q={q}
          label="Search by address"
          region="Subscribers"
          onChange={(next) => onSearch({ status, q: next }, { replace: true })}
        />
        <SubscriberStatusFilter
          status={status}
          counts={counts}
          onChange={(next) => onSearch({ q, status: next })}
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
            : q
              ? 'No subscribers match your search.'
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
                      <SequenceLine
                        sequence={subscriber.sequence}
                        steps={steps}
                        status={subscriber.status}
                      />
                      <SubscriberDates subscriber={subscriber} />
                    </span>
                    {/* From 640 px the status has its column; the dates wait for 768 px. */}
                    <span className="hidden text-sm text-muted sm:block md:hidden">
                      <SubscriberDates subscriber={subscriber} />
                    </span>
                  </td>
                  <td className="hidden py-2 pr-4 sm:table-cell">
                    <StatusBadge status={subscriber.status} />
                    <SequenceLine
                      sequence={subscriber.sequence}
                      steps={steps}
                      status={subscriber.status}
                    />
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
                    <span className="flex flex-col items-end gap-1 sm:flex-row sm:justify-end">
                      {subscriber.status === 'pending' ? (
                        <Button
                          variant="ghost"
                          isPending={resend.isPending && resend.variables?.id === subscriber.id}
                          onPress={() => resend.mutate({ id: subscriber.id })}
                          aria-label={`Resend confirmation to ${subscriber.email}`}
                        >
                          Resend
                        </Button>
                      ) : null}
                      <Button
                        variant="ghost"
                        onPress={() => setToRemove(subscriber)}
                        aria-label={`Remove ${subscriber.email}`}
                      >
                        <TrashIcon />
                        <span className="sr-only sm:not-sr-only">Remove</span>
                      </Button>
                    </span>
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
          onPage={(next) => onSearch({ q, status, page: next > 1 ? next : undefined })}
        />
      ) : null}
      <p className="mt-4 text-sm text-muted">{RESEND_RULE}</p>

      <section aria-labelledby="add-subscribers-title" className="mt-8 border-t border-line pt-6">
        <h2 id="add-subscribers-title" className="mb-4 text-xl font-bold text-ink">
          Add subscribers
        </h2>
        <div className="grid gap-8 md:grid-cols-2">
          <AddSubscriberForm />
          <ImportSubscribersForm onImported={() => void utils.subscribers.invalidate()} />
        </div>
      </section>

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
