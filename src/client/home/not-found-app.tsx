import { StrictMode } from 'react';
import type { SiteContent } from '#shared/site-content';
import { useReadyMark } from '#client/lib/use-ready-mark';
import { NotFoundPage } from '#client/ui/not-found-page';
import { PublicLayout } from './public-layout';
import { SiteContentProvider } from './site-content-context';

/** The 404 texts in the public header and footer of `content` (docs/product.md, "Not-found page"). */
export function PublicNotFoundPage({ content }: { content: SiteContent }) {
  return (
    <SiteContentProvider content={content}>
      <PublicLayout onHome={false}>
        <NotFoundPage siteName={content.company.name} />
      </PublicLayout>
    </SiteContentProvider>
  );
}

/**
 * The page-not-found page outside the admin area as the server renders it, readable without
 * JavaScript, and as the browser hydrates it (home-main.tsx).
 */
export function NotFoundApp({ content }: { content: SiteContent }) {
  useReadyMark();
  return (
    <StrictMode>
      <PublicNotFoundPage content={content} />
    </StrictMode>
  );
}
