import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '#client/admin/account/account-page';
import { loadForScreen } from '#client/admin/shell/route-loader';

/** The signed-in administrator's own password, sign-in code, sessions and access tokens. */
export const Route = createFileRoute('/admin/_protected/account')({
  loader: ({ context }) =>
    loadForScreen(context, (utils) => [
      utils.account.get.ensureData(),
      utils.account.sessions.ensureData(),
      utils.accessTokens.list.ensureData(),
    ]),
  pendingComponent: AccountPage,
  component: AccountPage,
});
