import { createFileRoute } from '@tanstack/react-router';
import { EntryPage } from '#client/admin/entries/entry-page';
import { loadEntry } from '#client/admin/entries/entry-loaders';

/** One case study's editor; `new` is one not saved yet (docs/admin-guide.md). */
export const Route = createFileRoute('/admin/_protected/content_/case-studies_/$id')({
  loader: ({ context, params }) => loadEntry(context, params.id),
  pendingComponent: CaseStudiesEditorRoute,
  component: CaseStudiesEditorRoute,
});

function CaseStudiesEditorRoute() {
  const { id } = Route.useParams();
  return <EntryPage kind="case_study" idParam={id} />;
}
