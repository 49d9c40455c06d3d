import { StrictMode } from 'react';
import type { SiteContent } from '#shared/site-content';
import { useReadyMark } from '#client/lib/use-ready-mark';
import { PublicLayout } from './public-layout';
import { SiteContentProvider } from './site-content-context';

/** The id of the element holding a legal page's rendered Markdown. */
export const LEGAL_BODY_ID = 'legal-body';

/**
 * A legal page (/privacy, /terms, /cookies, /responsible-ai) in the site's frame. The server
 * renders its Markdown to HTML (shared/legal-markdown.ts); the browser hydrates with the HTML
 * already in the page, so the page's script never needs a Markdown parser.
 */
export function LegalApp({ content, html }: { content: SiteContent; html: string }) {
  useReadyMark();
  return (
    <StrictMode>
      <SiteContentProvider content={content}>
        <PublicLayout onHome={false}>
          <main id="main" className="bg-subtle px-4 py-12 sm:px-6 sm:py-16">
            <article
              id={LEGAL_BODY_ID}
              className="legal-text mx-auto max-w-3xl rounded-2xl border border-line bg-surface p-6 text-ink shadow-sm sm:p-10"
              dangerouslySetInnerHTML={{ __html: html }}
            />
          </main>
        </PublicLayout>
      </SiteContentProvider>
    </StrictMode>
  );
}
