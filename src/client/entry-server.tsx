import { Writable } from 'node:stream';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { HomeApp } from './home/home-app';

/**
 * Renders the home page to HTML at build time (scripts/prerender.ts), with the same
 * components as in the browser; data that comes from the API (the facts) is left to the
 * client, so its loading state is what gets prerendered.
 */
export async function renderHome(): Promise<string> {
  const app = <HomeApp />;
  // First pass: waits until every lazily loaded part (the forms) has loaded. Its output
  // would finish those parts with inline scripts, which the CSP forbids, so it is dropped.
  await drain(app);
  // Second pass: everything is loaded now, so the HTML comes out complete and script-free.
  const html = renderToString(app);
  // A part that still suspended renders as its fallback, marked by this comment.
  if (html.includes('<!--$!-->') || html.includes('<!--$?-->')) {
    throw new Error('a part of the home page was not ready or failed while prerendering');
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
