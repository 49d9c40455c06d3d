import { trpc } from '#client/lib/trpc';
import { Card } from '../ui/controls';
import { sellerFieldLabel } from './invoice-labels';
import { SellerProfileLink } from './seller-profile-link';

/**
 * While the seller profile lacks something an invoice needs, nothing can be issued
 * (docs/invoices.md, "The seller profile"): says so and names what is missing. Nothing once
 * invoicing is on, or while the profile is read.
 */
export function InvoicingOffNotice() {
  const profile = trpc.invoices.settings.useQuery();
  if (!profile.data || profile.data.invoicingOn) return null;
  const { missing } = profile.data;
  return (
    <Card labelledBy="invoicing-off-heading" className="border-amber-700 dark:border-amber-400">
      <h2 id="invoicing-off-heading" className="text-lg font-semibold text-ink">
        Invoicing is off
      </h2>
      <p className="mt-2 text-sm text-muted">
        Nothing can be issued until the seller profile is complete. Missing:
      </p>
      <ul className="mt-1 list-disc pl-6 text-sm text-ink">
        {missing.map((field) => (
          <li key={field}>{sellerFieldLabel(field)}</li>
        ))}
      </ul>
      <p className="mt-3 text-sm">
        <SellerProfileLink>Complete the seller profile</SellerProfileLink>
      </p>
    </Card>
  );
}
