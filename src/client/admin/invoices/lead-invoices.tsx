import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { Invoice } from '#shared/shapes/invoices';
import type { Lead } from '#shared/shapes/leads';
import type { Proposal } from '#shared/shapes/proposals';
import { trpc } from '#client/lib/trpc';
import { Button, Card } from '../ui/controls';
import { DataTable } from '../ui/list-table';
import { Pager } from '../ui/pager';
import { QueryState } from '../ui/query-state';
import { INVOICES_PAGE_SIZE } from '#shared/invoices/records';
import { BuyerDetails } from './buyer-details';
import { useCreateInvoice, useFinalDraft } from './invoice-mutations';
import { invoicesTable } from './invoices-table';

/**
 * A lead's invoices and credit notes (docs/invoices.md, "The admin's screens"), the client's
 * invoicing details, **New invoice** (an empty draft, opened at once), and for each accepted
 * proposal without a final invoice, **Final invoice**: the balance, its deposit invoices
 * deducted (`invoices.finalDraft`).
 */
export function LeadInvoices({ lead }: { lead: Pick<Lead, 'id' | 'email' | 'buyer'> }) {
  const leadId = lead.id;
  const [page, setPage] = useState(1);
  const invoices = trpc.invoices.list.useQuery(
    { leadId, page },
    { placeholderData: (previous) => previous },
  );
  const proposals = trpc.proposals.ofLead.useQuery({ id: leadId });
  // Every final invoice of the lead, whatever page of its list is shown (few: one a proposal).
  const finals = trpc.invoices.list.useQuery({ leadId, role: 'final' });
  return (
    <Card labelledBy="lead-invoices-heading">
      <h2 id="lead-invoices-heading" className="mb-4 text-lg font-semibold text-ink">
        Invoices
      </h2>
      <QueryState
        query={invoices}
        pending="Loading invoices..."
        error="Error loading invoices"
        empty={(data) => data.total === 0 && <p className="text-muted">No invoices yet.</p>}
      >
        {(data) => (
          <>
            <DataTable
              rows={data.invoices}
              isBusy={invoices.isPlaceholderData}
              {...invoicesTable("This lead's invoices, overdue first, then newest")}
            />
            <Pager
              page={page}
              pageSize={INVOICES_PAGE_SIZE}
              total={data.total}
              label="This lead's invoices"
              onPage={setPage}
            />
          </>
        )}
      </QueryState>
      <div className="mt-6 flex flex-col gap-4 border-t border-line pt-4">
        <BuyerDetails lead={lead} />
      </div>
      <div className="mt-6 flex flex-col gap-4 border-t border-line pt-4">
        {proposals.data && finals.data ? (
          <FinalInvoices proposals={proposals.data.proposals} finals={finals.data.invoices} />
        ) : null}
        <NewInvoice leadId={leadId} />
      </div>
    </Card>
  );
}

/**
 * The accepted proposals still without a final invoice, read from the lead's final invoices
 * (`role: 'final'`), not from the page of its list shown. The server refuses a second one too
 * (409, said in a toast).
 */
function FinalInvoices({ proposals, finals }: { proposals: Proposal[]; finals: Invoice[] }) {
  const finalDraft = useFinalDraft();
  const navigate = useNavigate();
  const invoiced = new Set(finals.map((invoice) => invoice.proposalId));
  const open = proposals.filter((p) => p.status === 'accepted' && !invoiced.has(p.id));
  if (open.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2">
      {open.map((proposal) => (
        <li key={proposal.id} className="flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            isPending={finalDraft.isPending && finalDraft.variables.id === proposal.id}
            aria-label={`Final invoice for ${proposal.number}`}
            onPress={() =>
              finalDraft.mutate(
                { id: proposal.id },
                {
                  onSuccess: ({ invoice }) =>
                    void navigate({
                      to: '/admin/invoices/$id',
                      params: { id: String(invoice.id) },
                    }),
                },
              )
            }
          >
            Final invoice
          </Button>
          <p className="text-sm text-muted">
            {proposal.number}: {proposal.title}. Its balance, deposits paid deducted.
          </p>
        </li>
      ))}
    </ul>
  );
}

function NewInvoice({ leadId }: { leadId: number }) {
  const create = useCreateInvoice();
  const navigate = useNavigate();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        isPending={create.isPending}
        onPress={() =>
          create.mutate(
            { leadId },
            {
              onSuccess: ({ invoice }) =>
                void navigate({ to: '/admin/invoices/$id', params: { id: String(invoice.id) } }),
            },
          )
        }
      >
        {create.isPending ? 'Creating...' : 'New invoice'}
      </Button>
      <p className="text-sm text-muted">An empty draft on this lead, opened in the editor.</p>
    </div>
  );
}
