import { createFileRoute } from '@tanstack/react-router';
import { NewsletterPage } from '#client/admin/newsletters/newsletter-page';
import { loadForScreen } from '#client/admin/shell/route-loader';
import { parseIdParam } from '#client/admin/ui/id-param';

/** One newsletter: the editor of a draft, or the progress and content of a sent one. */
export const Route = createFileRoute('/admin/_protected/newsletters_/$id')({
  loader: ({ context, params }) =>
    loadForScreen(context, (utils) => {
      const id = parseIdParam(params.id);
      if (id === null) return [];
      // A draft's send button says how many confirmed subscribers it would go to.
      const newsletter = utils.newsletters.byId.ensureData({ id });
      return [
        newsletter.then((data) =>
          data.status === 'draft'
            ? utils.subscribers.list.ensureData({ status: 'confirmed' })
            : undefined,
        ),
      ];
    }),
  pendingComponent: NewsletterRoute,
  component: NewsletterRoute,
});

function NewsletterRoute() {
  const { id } = Route.useParams();
  return <NewsletterPage idParam={id} />;
}
