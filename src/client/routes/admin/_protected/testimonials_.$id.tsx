import { createFileRoute } from '@tanstack/react-router';
import { TestimonialPage } from '#client/admin/proof/testimonial-page';
import { loadForScreen } from '#client/admin/shell/route-loader';
import { parseIdParam } from '#client/admin/ui/id-param';

/** One testimonial's editor; its case study is chosen among the entries. */
export const Route = createFileRoute('/admin/_protected/testimonials_/$id')({
  loader: ({ context, params }) =>
    loadForScreen(context, (utils) => {
      const id = parseIdParam(params.id);
      if (id === null) return [];
      return [utils.testimonials.byId.ensureData({ id }), utils.entries.list.ensureData({})];
    }),
  pendingComponent: TestimonialRoute,
  component: TestimonialRoute,
});

function TestimonialRoute() {
  const { id } = Route.useParams();
  return <TestimonialPage idParam={id} />;
}
