import { createFileRoute } from '@tanstack/react-router';
import { UsersPage } from '../../../admin/users/users-page';

export const Route = createFileRoute('/admin/_protected/users')({
  component: UsersPage,
});
