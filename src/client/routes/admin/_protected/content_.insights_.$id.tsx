import { createFileRoute } from '@tanstack/react-router';
import { EntryPage } from '#client/admin/entries/entry-page';
import { loadEntry } from '#client/admin/entries/entry-loaders';

/** One insight's editor; `new` is one not saved yet (docs/admin-guide.md). */
export const Route = createFileRoute('/admin/_protected/content_/insights_/$id')({
  loader: ({ context, params }) => loadEntry(context, params.id),
  pendingComponent: InsightsEditorRoute,
  component: InsightsEditorRoute,
});

function InsightsEditorRoute() {
  const { id } = Route.useParams();
  return <EntryPage kind="insight" idParam={id} />;
}
