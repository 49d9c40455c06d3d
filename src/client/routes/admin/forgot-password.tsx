import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '#client/admin/password-reset/forgot-password-page';

/** Outside the protected layout: the person cannot sign in. */
export const Route = createFileRoute('/admin/forgot-password')({
  component: ForgotPasswordPage,
});
