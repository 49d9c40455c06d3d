import { createFileRoute } from '@tanstack/react-router';
import { NewslettersPage } from '../../../admin/newsletters/newsletters-page';

export const Route = createFileRoute('/admin/_protected/newsletters')({
  component: NewslettersPage,
});
