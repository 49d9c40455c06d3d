import type { ReactNode } from 'react';
import { touchTarget } from '#shared/ui-styles';

/**
 * The admin's card, link and field styles without any react-aria: the sign-in page imports
 * them from here, so its first load carries no react-aria (docs/performance.md, "The sign-in
 * page's first load"). Every other screen gets them through controls.tsx.
 */

/** "Return to the Site": a plain link (a full page load: the home page is its own entry). */
export const returnLinkClass = `${touchTarget} rounded text-sm text-muted underline underline-offset-2 hover:text-brand-700 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none dark:hover:text-brand-300 dark:focus-visible:ring-brand-400`;

export const fieldInput =
  'w-full max-md:min-h-11 rounded-md border border-line-strong bg-raised px-3 py-2 text-ink outline-none focus:border-brand-700 dark:focus:border-brand-400 focus:ring-2 focus:ring-brand-600 dark:focus:ring-brand-400 data-invalid:border-red-700';

export function Card({
  children,
  className = '',
  labelledBy,
}: {
  children: ReactNode;
  className?: string;
  /** The id of the card's heading: the section becomes a landmark named by it. */
  labelledBy?: string;
}) {
  return (
    <section
      aria-labelledby={labelledBy}
      className={`rounded-lg border border-line bg-raised p-4 shadow-sm sm:p-6 ${className}`}
    >
      {children}
    </section>
  );
}
