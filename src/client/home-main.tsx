import { startTransition, type ReactElement } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { SiteContent } from '#shared/site-content';
import { installBeacon } from '#client/home/analytics-beacon';
import { ASSISTANT_LAUNCHER_ID } from '#client/home/assistant-launcher';
import { HomeApp } from '#client/home/home-app';
import { HOME_PROOF_ID } from '#client/home/home-page';
import { LEGAL_BODY_ID, LegalApp } from '#client/home/legal-app';
import { SITE_CONTENT_ELEMENT_ID } from '#shared/page-data';
import { NOT_FOUND_PAGE, PRERENDERED_ATTRIBUTE } from '#shared/prerender-marker';
import './styles.css';

/**
 * Entry of the prerendered public pages: the home page and the legal pages. Admin pages and
 * unknown paths use main.tsx. The server put the content it rendered with into the page as
 * JSON; hydrating with exactly that content keeps the browser's first render identical.
 */
const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

const page = rootElement.getAttribute(PRERENDERED_ATTRIBUTE);
const json = document.getElementById(SITE_CONTENT_ELEMENT_ID)?.textContent;

function appFor(content: SiteContent): ReactElement {
  if (page && page !== '/') {
    const html = document.getElementById(LEGAL_BODY_ID)?.innerHTML ?? '';
    return <LegalApp content={content} html={html} />;
  }
  // The proof sections are the server's HTML (server/proof/home-sections.ts), hydrated as
  // they are: read back from the page, so no code of theirs ships in this script.
  // "Ask a question" is in the page only while the assistant is on (docs/assistant.md).
  return (
    <HomeApp
      content={content}
      proof={document.getElementById(HOME_PROOF_ID)?.innerHTML}
      assistant={document.getElementById(ASSISTANT_LAUNCHER_ID) !== null}
    />
  );
}

function hydrate(root: HTMLElement, app: ReactElement) {
  // As a transition, hydration works in small slices and leaves the main thread free in
  // between (a plain hydrateRoot is one long, blocking task).
  startTransition(() => {
    hydrateRoot(root, app);
  });
}

if (page === NOT_FOUND_PAGE && json) {
  // The page-not-found page's code loads only there (docs/performance.md).
  const content = JSON.parse(json) as SiteContent;
  void import('#client/home/not-found-app').then(({ NotFoundApp }) =>
    hydrate(rootElement, <NotFoundApp content={content} />),
  );
} else if (page !== null && json) {
  hydrate(rootElement, appFor(JSON.parse(json) as SiteContent));
} else if (import.meta.env.DEV) {
  // The dev server serves index.html as it is, without prerendered markup or content: it
  // shows the defaults. A production build drops this branch, so the page's script never
  // carries the default texts.
  void import('#shared/site-content-defaults').then(({ defaultSiteContent }) => {
    createRoot(rootElement).render(appFor(defaultSiteContent));
  });
}

// Counted only here, in the browser: the prerender renders the apps, never this entry.
installBeacon();
