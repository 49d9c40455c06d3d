import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../../../admin/account/account-page';

/** The signed-in administrator's own password, sign-in code and sessions. */
export const Route = createFileRoute('/admin/_protected/account')({
  component: AccountPage,
});
