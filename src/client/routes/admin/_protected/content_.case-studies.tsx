import { createFileRoute } from '@tanstack/react-router';
import { EntriesPage } from '#client/admin/entries/entries-page';
import { loadEntries } from '#client/admin/entries/entry-loaders';
import { entrySearchSchema } from '#client/admin/entries/entry-search';

/** The case studies, under Content: 25 a page, a search (docs/admin-guide.md). */
export const Route = createFileRoute('/admin/_protected/content_/case-studies')({
  validateSearch: (search) => entrySearchSchema.parse(search),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) => loadEntries(context, 'case_study', deps, cause),
  pendingComponent: CaseStudiesRoute,
  component: CaseStudiesRoute,
});

function CaseStudiesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <EntriesPage
      kind="case_study"
      search={search}
      onSearch={(next) => void navigate({ search: next })}
    />
  );
}
