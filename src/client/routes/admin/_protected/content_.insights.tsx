import { createFileRoute } from '@tanstack/react-router';
import { EntriesPage } from '#client/admin/entries/entries-page';
import { loadEntries } from '#client/admin/entries/entry-loaders';
import { entrySearchSchema } from '#client/admin/entries/entry-search';

/** The insights, under Content: 25 a page, a search (docs/admin-guide.md). */
export const Route = createFileRoute('/admin/_protected/content_/insights')({
  validateSearch: (search) => entrySearchSchema.parse(search),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) => loadEntries(context, 'insight', deps, cause),
  pendingComponent: InsightsRoute,
  component: InsightsRoute,
});

function InsightsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <EntriesPage
      kind="insight"
      search={search}
      onSearch={(next) => void navigate({ search: next })}
    />
  );
}
