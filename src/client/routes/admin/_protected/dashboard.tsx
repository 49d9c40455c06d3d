import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../../../admin/facts/dashboard-page';

export const Route = createFileRoute('/admin/_protected/dashboard')({
  component: DashboardPage,
});
