import { createFileRoute } from '@tanstack/react-router';
import { TestimonialsPage } from '#client/admin/proof/testimonials-page';
import { loadForScreen } from '#client/admin/shell/route-loader';

export const Route = createFileRoute('/admin/_protected/testimonials')({
  loader: ({ context }) =>
    loadForScreen(context, (utils) => [utils.testimonials.list.ensureData({ page: 1 })]),
  pendingComponent: TestimonialsPage,
  component: TestimonialsPage,
});
