import { createFileRoute } from '@tanstack/react-router';
import { NewsletterPage } from '../../../admin/newsletters/newsletter-page';

/** One newsletter: the editor of a draft, or the progress and content of a sent one. */
export const Route = createFileRoute('/admin/_protected/newsletters_/$id')({
  component: NewsletterRoute,
});

function NewsletterRoute() {
  const { id } = Route.useParams();
  return <NewsletterPage idParam={id} />;
}
