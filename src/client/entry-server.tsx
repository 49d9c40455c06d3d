import { Writable } from 'node:stream';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { legalMarkdownToHtml } from '#shared/legal-markdown';
import type { SiteContent } from '#shared/site-content';
import type { LegalPageKey } from '#shared/site-content-basics';
import { HomeApp } from '#client/home/home-app';
import { LegalApp } from '#client/home/legal-app';
import { NotFoundApp } from '#client/home/not-found-app';

/**
 * Renders the public pages to HTML with the same components as in the browser: at build time
 * with the default content (scripts/prerender.ts), and on the server whenever a new content
 * version is saved (src/server/content/pages.ts). Data that comes from the API (the facts) is
 * left to the client, so its loading state is what gets prerendered. `proof` is the HTML of
 * the published case studies, testimonials and logos the server wrote (none at build time);
 * `assistant`, whether the site assistant is on (never at build time: docs/assistant.md).
 */
export function renderHome(content: SiteContent, proof = '', assistant = false): Promise<string> {
  return renderComplete(<HomeApp content={content} proof={proof} assistant={assistant} />);
}

/** A legal page's HTML; its Markdown is rendered here, on the server, never in the browser. */
export function renderLegal(content: SiteContent, key: LegalPageKey): Promise<string> {
  const html = legalMarkdownToHtml(content.legal[key]);
  return renderComplete(<LegalApp content={content} html={html} />);
}

/**
 * A page whose main text the server wrote as HTML (the entries' pages and lists), in the
 * legal pages' frame: the browser hydrates it as one, with the HTML already in the page.
 */
export function renderFramed(content: SiteContent, html: string): Promise<string> {
  return renderComplete(<LegalApp content={content} html={html} />);
}

/** The page-not-found page in the site's frame, readable without JavaScript. */
export function renderNotFound(content: SiteContent): Promise<string> {
  return renderComplete(<NotFoundApp content={content} />);
}

async function renderComplete(app: ReactElement): Promise<string> {
  // First pass: waits until every lazily loaded part (the forms) has loaded. Its output
  // would finish those parts with inline scripts, which the CSP forbids, so it is dropped.
  await drain(app);
  // Second pass: everything is loaded now, so the HTML comes out complete and script-free.
  const html = renderToString(app);
  // A part that still suspended renders as its fallback, marked by this comment.
  if (html.includes('<!--$!-->') || html.includes('<!--$?-->')) {
    throw new Error('a part of the page was not ready or failed while prerendering');
  }
  return html;
}

async function drain(app: ReactElement): Promise<void> {
  const { prelude } = await prerenderToNodeStream(app, {
    onError(error) {
      throw error;
    },
  });
  await new Promise<void>((resolve, reject) => {
    prelude
      .pipe(
        new Writable({
          write(_chunk, _encoding, callback) {
            callback();
          },
        }),
      )
      .on('finish', resolve)
      .on('error', reject);
  });
}
