import type { ReactNode } from 'react';
import { useSiteBrand } from '#client/lib/site-brand';
import { Logo } from '#client/ui/logo';
import { ThemeToggle } from '#client/ui/theme-toggle';
import { focusRing, touchTarget } from '#shared/ui-styles';
import { Card, returnLinkClass } from '../ui/card';

/** The login page's frame (logo, theme switch, one card) for the two reset screens. */
export function ResetFrame({ children }: { children: ReactNode }) {
  const company = useSiteBrand();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-subtle p-4">
      <div className="flex w-full max-w-md items-center justify-between gap-3">
        <a
          href="/"
          aria-label={`${company.name}, home`}
          className={`rounded-lg ${touchTarget} ${focusRing}`}
        >
          <Logo {...company} />
        </a>
        <ThemeToggle />
      </div>
      <Card className="w-full max-w-md">{children}</Card>
      <a href="/" className={returnLinkClass}>
        Return to the Site
      </a>
    </main>
  );
}

/** A link standing alone in its paragraph: 44 px tall on phones, the touch-target rule. */
export const inlineLinkClass = `inline-flex min-h-11 items-center sm:min-h-0 rounded font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300 ${focusRing}`;
