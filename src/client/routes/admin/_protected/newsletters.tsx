import { createFileRoute } from '@tanstack/react-router';
import { NewslettersPage } from '../../../admin/newsletters/newsletters-page';
import { loadForScreen } from '../../../admin/route-loader';

export const Route = createFileRoute('/admin/_protected/newsletters')({
  loader: ({ context }) => loadForScreen(context, (utils) => [utils.newsletters.list.ensureData()]),
  pendingComponent: NewslettersPage,
  component: NewslettersPage,
});
