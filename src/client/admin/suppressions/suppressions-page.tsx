import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { focusRing } from '#shared/ui-styles';
import { SUPPRESSION_REASON_LABELS, SUPPRESSIONS_PAGE_SIZE } from '#shared/suppressions';
import type { SuppressionEntry } from '#shared/shapes/suppressions';
import { trpc } from '#client/lib/trpc';
import { Button, Card } from '../ui/controls';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { TrashIcon } from '../ui/icons';
import { useDocumentTitle } from '../ui/use-document-title';
import { DateTime } from '../ui/date-time';
import { ListTable, type ListColumn } from '../ui/list-table';
import { EmailAddress } from '../ui/email-address';
import { ListSearchField } from '../ui/list-search-field';
import { AddSuppressionForm } from './add-suppression-form';
import { UnreadableReports, UnverifiedReports } from './unreadable-reports';
import { useRemoveSuppression } from './suppression-mutations';
import type { SuppressionSearch } from './search-params';

interface SuppressionsPageProps {
  search: SuppressionSearch;
  /** `replace`: typing in the search replaces the history entry rather than adding one. */
  onSearch: (search: SuppressionSearch, options?: { replace?: boolean }) => void;
}

/**
 * The suppression list (docs/admin-guide.md, "Suppressed"): the addresses nothing bulk goes
 * to, each with why, the report's words and since when; added by hand, or taken off.
 */
export function SuppressionsPage({ search, onSearch }: SuppressionsPageProps) {
  useDocumentTitle('Suppressed addresses');
  const page = search.page ?? 1;
  const { q } = search;
  const list = trpc.suppressions.list.useQuery(
    { page, q },
    // The previous list stays on screen, marked busy, while the next one loads.
    { placeholderData: (previous) => previous },
  );
  const remove = useRemoveSuppression();
  const [toRemove, setToRemove] = useState<SuppressionEntry | null>(null);
  const total = list.data?.total;

  return (
    <Card>
      <div className="mb-6">
        <p className="mb-2 text-sm">
          <Link
            to="/admin/mail"
            className={`rounded text-brand-700 underline underline-offset-2 dark:text-brand-300 ${focusRing}`}
          >
            Mail
          </Link>
        </p>
        <h1 className="text-2xl font-bold text-ink">Suppressed addresses</h1>
        <p className="mt-1 text-muted">
          Addresses that bounced, complained or were added by hand: newsletters, the welcome
          sequence and call reminders skip them
          {total === undefined
            ? ''
            : ` · ${total} ${q ? 'found' : total === 1 ? 'address' : 'addresses'}`}
        </p>
      </div>

      <div className="mb-4">
        <ListSearchField
          q={q}
          label="Search by address"
          region="Suppressed addresses"
          onChange={(next) => onSearch({ q: next }, { replace: true })}
        />
      </div>

      <ListTable
        query={list}
        pending="Loading suppressed addresses..."
        error="Error loading suppressed addresses"
        emptyPage="No addresses on this page."
        empty={() =>
          q
            ? 'No suppressed address matches your search.'
            : 'No suppressed addresses. Bounces and complaints appear here.'
        }
        rows={(data) => data.suppressions}
        rowKey={(entry) => entry.email}
        caption="Suppressed addresses, newest first"
        columns={suppressionColumns(setToRemove)}
        pager={{
          page,
          pageSize: SUPPRESSIONS_PAGE_SIZE,
          label: 'Suppressed addresses',
          onPage: (next) => onSearch({ q, page: next > 1 ? next : undefined }),
        }}
      />

      <section aria-labelledby="add-suppression-title" className="mt-8 border-t border-line pt-6">
        <AddSuppressionForm />
      </section>

      <UnverifiedReports />
      <UnreadableReports />

      <ConfirmDialog
        isOpen={toRemove !== null}
        title="Remove from the list"
        question="Mail may go to this address again: newsletters, the welcome sequence and reminders. Remove it?"
        detail={
          toRemove ? `${toRemove.email} (${SUPPRESSION_REASON_LABELS[toRemove.reason]})` : undefined
        }
        confirmLabel="Remove"
        pendingLabel="Removing..."
        isPending={remove.isPending}
        onCancel={() => setToRemove(null)}
        onConfirm={() => {
          if (toRemove) {
            remove.mutate({ email: toRemove.email }, { onSettled: () => setToRemove(null) });
          }
        }}
      />
    </Card>
  );
}

/** Address, why, the report's words, since when, and its Remove button. */
function suppressionColumns(
  onRemove: (entry: SuppressionEntry) => void,
): ListColumn<SuppressionEntry>[] {
  return [
    {
      header: 'Address',
      cellClass: 'text-ink',
      cell: (entry) => <EmailAddress address={entry.email} />,
    },
    {
      header: 'Reason',
      cellClass: 'text-ink',
      cell: (entry) => (
        <>
          {SUPPRESSION_REASON_LABELS[entry.reason]}
          {/* On a phone the detail and date go under the reason. */}
          <span className="mt-1 block text-xs text-muted sm:hidden">
            <DateTime iso={entry.at} />
          </span>
          {entry.detail ? (
            <span className="mt-1 block text-xs break-words text-muted md:hidden">
              {entry.detail}
            </span>
          ) : null}
        </>
      ),
    },
    {
      header: 'Detail',
      from: 'md',
      cellClass: 'break-words text-muted',
      cell: (entry) =>
        entry.detail || (
          <>
            <span aria-hidden="true">–</span>
            <span className="sr-only">None</span>
          </>
        ),
    },
    {
      header: 'Since',
      from: 'sm',
      cellClass: 'text-muted',
      cell: (entry) => <DateTime iso={entry.at} />,
    },
    {
      header: <span className="sr-only">Actions</span>,
      cellClass: 'text-right',
      cell: (entry) => (
        <Button
          variant="ghost"
          onPress={() => onRemove(entry)}
          aria-label={`Remove ${entry.email}`}
        >
          <TrashIcon />
          <span className="sr-only sm:not-sr-only">Remove</span>
        </Button>
      ),
    },
  ];
}
