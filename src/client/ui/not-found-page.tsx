import { useEffect } from 'react';
import { siteBrand } from '#client/lib/site-brand';
import { AlertTriangleIcon } from './icons';
import { buttonClass } from '#shared/ui-styles';

/**
 * docs/product.md, "Admin screens": a centred card with a warning icon and the two lines.
 * `siteName`: the public pages' saved name; the admin area's brand otherwise.
 */
export function NotFoundPage({ siteName }: { siteName?: string }) {
  useEffect(() => {
    const previous = document.title;
    document.title = `404 Page Not Found | ${siteName ?? siteBrand().name}`;
    return () => {
      document.title = previous;
    };
  }, [siteName]);

  return (
    <main id="main" className="flex min-h-[70vh] items-center justify-center bg-subtle px-4 py-16">
      <div className="w-full max-w-md rounded-2xl border border-line bg-surface p-8 text-center shadow-lg">
        <AlertTriangleIcon
          width={48}
          height={48}
          className="mx-auto text-amber-600 dark:text-amber-400"
        />
        <h1 className="mt-4 text-2xl font-bold text-ink">404 Page Not Found</h1>
        <p className="mt-3 text-muted">Did you forget to add the page to the router?</p>
        <a href="/" className={buttonClass('primary', 'md', 'mt-6')}>
          Back to the home page
        </a>
      </div>
    </main>
  );
}
