import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { createQueryClient } from './lib/query-client';
import { createQueryUtils, createTrpcClient, trpc } from './lib/trpc';
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

createRoot(rootElement).render(
  <StrictMode>
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </trpc.Provider>
  </StrictMode>,
);
