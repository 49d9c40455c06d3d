import { useEffect, type ReactNode } from 'react';
import { installSmoothScroll } from '#client/home/smooth-scroll';
import type { EntryKind } from '#shared/entry-values';
import { focusRing } from '#shared/ui-styles';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * The public site's frame (skip link, header, footer) around a page: the home page
 * in its own entry, and the not-found page inside the router app.
 */
export function PublicLayout({
  onHome,
  lists,
  children,
}: {
  onHome: boolean;
  /** The entry lists the footer links (site-footer.tsx). */
  lists?: EntryKind[];
  children: ReactNode;
}) {
  useEffect(() => installSmoothScroll(), []);
  return (
    <>
      <a
        href="#main"
        className={`sr-only z-50 rounded-md bg-surface px-4 py-2 font-semibold text-ink shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 ${focusRing}`}
      >
        Skip to content
      </a>
      <SiteHeader onHome={onHome} />
      {children}
      <SiteFooter onHome={onHome} lists={lists} />
    </>
  );
}
