import { createFileRoute } from '@tanstack/react-router';
import { loadForScreen } from '#client/admin/shell/route-loader';
import { UsersPage } from '#client/admin/users/users-page';

export const Route = createFileRoute('/admin/_protected/users')({
  loader: ({ context }) =>
    loadForScreen(context, (utils) => {
      // Read again each time the screen opens: how the others sign in changes on their own
      // Account screens, and the reset is offered only for what they hold now. A list read
      // before is drawn at once meanwhile; without one, the screen waits for it.
      const cached = utils.users.list.getData() !== undefined;
      const read = utils.users.list.prefetch(undefined, { staleTime: 0 });
      return cached ? [] : [read];
    }),
  pendingComponent: UsersPage,
  component: UsersPage,
});
