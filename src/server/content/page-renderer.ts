/**
 * What renders the pages' apps (client/entry-server.tsx, or a stand-in in tests), and the
 * legal and page-not-found pages' whole HTML written with it.
 */
import type { SiteContent } from '#shared/site-content';
import { LEGAL_PAGES, type LegalPageKey } from '#shared/site-content-basics';
import { legalHeadTags, notFoundHeadTags } from '#shared/seo';
import { NOT_FOUND_PAGE } from '#shared/prerender-marker';
import { composePage } from './page-template';

/** What renders the pages' apps: client/entry-server.tsx, or a stand-in in tests. */
export interface PageRenderer {
  /**
   * `proof`: the proof sections' HTML put after About (server/proof/home-sections.ts);
   * `assistant`: "Ask a question" shown, the site assistant being on (docs/assistant.md).
   */
  renderHome(content: SiteContent, proof?: string, assistant?: boolean): Promise<string>;
  renderLegal(content: SiteContent, key: LegalPageKey): Promise<string>;
  /** A page whose main text is HTML the server wrote (the entries' pages), in the site's frame. */
  renderFramed(content: SiteContent, html: string): Promise<string>;
  /** The page-not-found page in the site's frame (client/home/not-found-app.tsx). */
  renderNotFound(content: SiteContent): Promise<string>;
}

/** A legal page's whole HTML (also what `npm run vnu` checks, scripts/check-html.ts). */
export async function renderLegalPage(
  renderer: PageRenderer,
  template: string,
  content: SiteContent,
  key: LegalPageKey,
  /** The canonical link's origin (site/site-settings.ts, `pagesOrigin`); the build's by default. */
  origin?: string,
): Promise<string> {
  const appHtml = await renderer.renderLegal(content, key);
  const headTags = legalHeadTags(content, key, origin);
  const page = LEGAL_PAGES.find((p) => p.key === key)?.path ?? '/';
  return composePage(withoutHeroHold(template), { appHtml, headTags, content, page });
}

/**
 * The page-not-found page's whole HTML: the spec's card in the saved brand, readable without
 * JavaScript, hydrated by the public pages' script (docs/product.md, "Not-found page").
 */
export async function renderNotFoundPage(
  renderer: PageRenderer,
  template: string,
  content: SiteContent,
): Promise<string> {
  const appHtml = await renderer.renderNotFound(content);
  const headTags = notFoundHeadTags(content);
  return composePage(withoutHeroHold(template), {
    appHtml,
    headTags,
    content,
    page: NOT_FOUND_PAGE,
  });
}

/**
 * The template for a page other than the home page: the home page holds its first paint
 * until the hero is parsed; another page has no hero, and the hold would last until the
 * whole page had arrived.
 */
export function withoutHeroHold(template: string): string {
  return template
    .replace(/\s*<!--[^>]*?No paint before[\s\S]*?-->/, '')
    .replace(/\s*<link rel="expect" href="#hero-end"[^>]*>/, '');
}
