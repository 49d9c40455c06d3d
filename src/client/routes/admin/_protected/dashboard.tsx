import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '#client/admin/facts/dashboard-page';
import { loadForScreen } from '#client/admin/shell/route-loader';

export const Route = createFileRoute('/admin/_protected/dashboard')({
  loader: ({ context }) =>
    loadForScreen(context, (utils) => [
      utils.facts.listAll.ensureData(),
      utils.tags.list.ensureData(),
      utils.tags.links.ensureData(),
    ]),
  // A slow read shows the screen itself, with its spinner, until it arrives.
  pendingComponent: DashboardPage,
  component: DashboardPage,
});
