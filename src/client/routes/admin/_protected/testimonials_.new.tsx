import { createFileRoute } from '@tanstack/react-router';
import { NewTestimonialPage } from '#client/admin/proof/testimonial-page';
import { loadForScreen } from '#client/admin/shell/route-loader';

/** A testimonial not yet saved: created as a draft by its first Save. */
export const Route = createFileRoute('/admin/_protected/testimonials_/new')({
  loader: ({ context }) => loadForScreen(context, (utils) => [utils.entries.list.ensureData({})]),
  pendingComponent: NewTestimonialPage,
  component: NewTestimonialPage,
});
