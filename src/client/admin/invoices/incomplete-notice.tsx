import { useEffect, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { buyerFieldLabel, sellerFieldLabel } from './invoice-labels';
import type { Incomplete } from './incomplete';
import { SellerProfileLink, textLinkClass } from './seller-profile-link';

/**
 * Issuing refused for what the seller profile or the lead's buyer lacks (409, docs/api.md
 * "Invoices"): what is missing, and a link to where it is filled in. It takes the focus when
 * it appears, so a keyboard or screen-reader user lands on the reason, not on a dead button.
 */
export function IncompleteNotice({
  incomplete,
  leadId,
}: {
  incomplete: Incomplete;
  leadId: number | null;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [incomplete]);
  const seller = incomplete.party === 'seller';
  const label = seller ? sellerFieldLabel : buyerFieldLabel;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby="incomplete-heading"
      className="rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-900 outline-none focus-visible:ring-2 focus-visible:ring-brand-600 dark:border-red-400 dark:bg-red-950 dark:text-red-200"
    >
      <p id="incomplete-heading" className="font-semibold">
        {seller
          ? 'Not issued: the seller profile is incomplete'
          : "Not issued: the buyer's details on the lead are incomplete"}
      </p>
      <p className="mt-1">Missing:</p>
      <ul className="list-disc pl-6">
        {incomplete.fields.map((field) => (
          <li key={field}>{label(field)}</li>
        ))}
      </ul>
      <p className="mt-2">
        {seller ? (
          <SellerProfileLink>Complete the seller profile</SellerProfileLink>
        ) : leadId !== null ? (
          <Link to="/admin/leads/$id" params={{ id: String(leadId) }} className={textLinkClass}>
            Give the buyer&rsquo;s details on the lead
          </Link>
        ) : null}
      </p>
    </div>
  );
}
