import { createRoot } from 'react-dom/client';
import { AppRoot } from '#client/lib/app-root';
import { createQueryClient } from '#client/lib/query-client';
import { createQueryUtils, createTrpcClient } from '#client/lib/trpc';
import { createAppRouter } from './router';
import './styles.css';

/**
 * Entry of app.html: the admin area and the not-found page, with the router. The home page
 * is its own, router-free entry (home-main.tsx), so none of this loads on `/`.
 */
const queryClient = createQueryClient();
const trpcClient = createTrpcClient();
const router = createAppRouter({
  queryClient,
  queryUtils: createQueryUtils(queryClient, trpcClient),
});

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('app.html has no #root element');

createRoot(rootElement).render(
  <AppRoot router={router} queryClient={queryClient} trpcClient={trpcClient} />,
);
