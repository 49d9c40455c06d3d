import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { focusRing } from '#shared/ui-styles';

export const textLinkClass = `rounded font-medium text-ink underline underline-offset-2 ${focusRing}`;

/** A link to the seller profile's screen, /admin/invoices/settings. */
export function SellerProfileLink({ children }: { children: ReactNode }) {
  return (
    <Link to="/admin/invoices/settings" className={textLinkClass}>
      {children}
    </Link>
  );
}
