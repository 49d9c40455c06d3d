import { createContext, useContext, type ReactNode } from 'react';
import type { SiteContent } from '#shared/site-content';

/**
 * The site's words for the public components (docs/content.md). The server renders the pages
 * with the saved content and puts the same content into the page as JSON
 * (`SITE_CONTENT_ELEMENT_ID`, shared/page-data.ts), which the browser reads before hydrating, so both render the
 * same text. The admin's preview renders the same components with the form's content.
 */
const SiteContentContext = createContext<SiteContent | null>(null);

export function SiteContentProvider({
  content,
  children,
}: {
  content: SiteContent;
  children: ReactNode;
}) {
  return <SiteContentContext.Provider value={content}>{children}</SiteContentContext.Provider>;
}

export function useSiteContent(): SiteContent {
  const content = useContext(SiteContentContext);
  if (!content) throw new Error('useSiteContent() outside a SiteContentProvider');
  return content;
}
