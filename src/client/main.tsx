import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './lib/app-root';
import { PRERENDERED_ATTRIBUTE } from './lib/prerender-marker';
import { createQueryClient } from './lib/query-client';
import { createQueryUtils, createTrpcClient } from './lib/trpc';
import { createAppRouter } from './router';
import './styles.css';

const queryClient = createQueryClient();
const trpcClient = createTrpcClient();
const router = createAppRouter({
  queryClient,
  queryUtils: createQueryUtils(queryClient, trpcClient),
});

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// Route chunks (the home page's, an admin page's) must be loaded before React renders, so a
// hydration finds the same tree the prerender produced.
await router.load();

const app = <AppRoot router={router} queryClient={queryClient} trpcClient={trpcClient} />;
const prerenderedPath = rootElement.getAttribute(PRERENDERED_ATTRIBUTE);

if (prerenderedPath !== null && prerenderedPath === window.location.pathname) {
  // Tell the router its tree came from a server render, so it matches that tree's shape.
  router.ssr = { manifest: undefined };
  // As a transition, hydration works in small slices and leaves the main thread free in
  // between (a plain hydrateRoot is one long, blocking task).
  startTransition(() => {
    hydrateRoot(rootElement, app);
  });
} else {
  // Another path than the prerendered one (index.html is served for every client route):
  // drop the home page's markup and render this path from scratch.
  rootElement.replaceChildren();
  createRoot(rootElement).render(app);
}
document.documentElement.classList.remove('route-pending');
