import { trpc } from '#client/lib/trpc';
import { Card } from '../ui/controls';
import { QueryState } from '../ui/query-state';
import { useDocumentTitle } from '../ui/use-document-title';
import { SellerProfileForm } from './seller-profile-form';

/**
 * The seller profile screen (docs/invoices.md, "The seller profile"): who issues the invoices,
 * how they are paid, the default tax, the series and the reminders, with whether invoicing is
 * on and, if not, what it waits for.
 */
export function SellerProfilePage() {
  useDocumentTitle('Seller profile');
  const current = trpc.invoices.settings.useQuery();
  return (
    <Card labelledBy="seller-profile-heading">
      <h1 id="seller-profile-heading" className="text-2xl font-bold text-ink">
        Seller profile
      </h1>
      <p className="mt-1 mb-6 text-muted">
        Your details as every invoice prints them, how you are paid, and the defaults new invoices
        start with. You may save it unfinished; invoicing starts once nothing is missing.
      </p>
      <QueryState
        query={current}
        pending="Loading the seller profile..."
        error="Error loading the seller profile"
      >
        {(data) => (
          // Keyed by what was saved: the fields start again from the stored profile.
          <SellerProfileForm
            key={JSON.stringify(data.settings)}
            saved={data.settings}
            missing={data.missing}
          />
        )}
      </QueryState>
    </Card>
  );
}
