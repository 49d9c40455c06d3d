import { createFileRoute } from '@tanstack/react-router';
import { NewslettersPage } from '#client/admin/newsletters/newsletters-page';
import { loadForScreen } from '#client/admin/shell/route-loader';

export const Route = createFileRoute('/admin/_protected/newsletters')({
  loader: ({ context }) => loadForScreen(context, (utils) => [utils.newsletters.list.ensureData()]),
  pendingComponent: NewslettersPage,
  component: NewslettersPage,
});
