import { createFileRoute } from '@tanstack/react-router';
import { ContentPage } from '../../../admin/content/content-page';

export const Route = createFileRoute('/admin/_protected/content')({
  component: ContentPage,
});
