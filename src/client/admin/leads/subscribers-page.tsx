import { useState } from 'react';
import { SUBSCRIBERS_PAGE_SIZE } from '#shared/leads';
import type { Subscriber } from '#shared/shapes/subscribers';
import { trpc } from '#client/lib/trpc';
import { buttonClass } from '#shared/ui-styles';
import { Card } from '../ui/controls';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useDocumentTitle } from '../ui/use-document-title';
import { useRemoveSubscriber, useResendConfirmation } from './lead-mutations';
import { ListSearchField } from '../ui/list-search-field';
import { ListTable } from '../ui/list-table';
import { subscriberColumns } from './subscriber-columns';
import { subscribersCsvHref, type SubscriberSearch } from './search-params';
import { STATUS_LABELS } from './subscriber-status';
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
        <ListSearchField
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

      <ListTable
        query={list}
        pending="Loading subscribers..."
        error="Error loading subscribers"
        emptyPage="No subscribers on this page."
        empty={() =>
          q
            ? 'No subscribers match your search.'
            : status && everyone
              ? `No ${STATUS_LABELS[status].toLowerCase()} subscribers.`
              : 'No subscribers yet. Newsletter sign-ups appear here.'
        }
        rows={(data) => data.subscribers}
        rowKey={(subscriber) => subscriber.id}
        align="middle"
        caption={
          <>{status ? `${STATUS_LABELS[status]} subscribers` : 'Subscribers'}, newest first</>
        }
        columns={subscriberColumns({
          steps,
          isResending: (subscriber) => resend.isPending && resend.variables?.id === subscriber.id,
          onResend: (subscriber) => resend.mutate({ id: subscriber.id }),
          onRemove: setToRemove,
        })}
        pager={{
          page,
          pageSize: SUBSCRIBERS_PAGE_SIZE,
          label: 'Subscribers',
          onPage: (next) => onSearch({ q, status, page: next > 1 ? next : undefined }),
        }}
      />
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
