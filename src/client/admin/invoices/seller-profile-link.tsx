import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { focusRing } from '#shared/ui-styles';

export const textLinkClass = `rounded font-medium text-ink underline underline-offset-2 ${focusRing}`;

/**
 * A link to the seller profile's screen, /admin/invoices/settings (its own route, written
 * beside these screens). Spelled through the `$id` pattern so the link type-checks whether or
 * not that route is in the tree yet: the router matches the static `settings` route before
 * `$id`, so the address is the profile's. Once both are merged, `to="/admin/invoices/settings"`
 * says the same more plainly.
 */
export function SellerProfileLink({ children }: { children: ReactNode }) {
  return (
    <Link to="/admin/invoices/$id" params={{ id: 'settings' }} className={textLinkClass}>
      {children}
    </Link>
  );
}
