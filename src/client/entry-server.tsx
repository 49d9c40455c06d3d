import { Writable } from 'node:stream';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryHistory } from '@tanstack/react-router';
import { AppRoot } from './lib/app-root';
import { createQueryClient } from './lib/query-client';
import { createQueryUtils, createTrpcClient } from './lib/trpc';
import { createAppRouter } from './router';

/**
 * Renders one path of the app to HTML at build time (scripts/prerender.ts). The same
 * components as in the browser; data that comes from the API (the facts) is left to the
 * client, so its loading state is what gets prerendered.
 */
export async function renderPath(path: string): Promise<string> {
  const queryClient = createQueryClient();
  // Never called during the render (queries only start in effects); a real client keeps
  // the providers' types honest.
  const trpcClient = createTrpcClient('http://prerender.invalid');
  const router = createAppRouter(
    { queryClient, queryUtils: createQueryUtils(queryClient, trpcClient) },
    createMemoryHistory({ initialEntries: [path] }),
    { scrollRestoration: false },
  );
  await router.load();

  const app = <AppRoot router={router} queryClient={queryClient} trpcClient={trpcClient} />;
  // First pass: waits until every lazily loaded part (the forms) has loaded. Its output
  // would finish those parts with inline scripts, which the CSP forbids, so it is dropped.
  await drain(app);
  // Second pass: everything is loaded now, so the HTML comes out complete and script-free.
  const html = renderToString(app);
  // A part that still suspended renders as its fallback, marked by this comment.
  if (html.includes('<!--$!-->') || html.includes('<!--$?-->')) {
    throw new Error(`a part of ${path} was not ready or failed while prerendering`);
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
