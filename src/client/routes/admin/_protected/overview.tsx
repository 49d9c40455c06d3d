import { createFileRoute } from '@tanstack/react-router';
import { OverviewPage } from '#client/admin/overview/overview-page';
import { localToday, resolveRange } from '#client/admin/overview/overview-range';
// Apart from the range's rules (and zod): the router reads it in its main chunk.
import { overviewSearchSchema } from '#client/admin/overview/overview-search';
import { loadForScreen } from '#client/admin/shell/route-loader';

/** The range lives in the address: reload, Back and shared links keep it. */
export const Route = createFileRoute('/admin/_protected/overview')({
  validateSearch: (search) => overviewSearchSchema.parse(search),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) =>
    loadForScreen(context, (utils) => {
      const { from, to } = resolveRange(deps, localToday());
      // Read each time the screen or the range is shown (a report read before is drawn
      // meanwhile). Opening the screen waits for it; another range does not (the previous
      // report stays, marked busy).
      const cached = utils.analytics.report.getData({ from, to }) !== undefined;
      const read = utils.analytics.report.prefetch({ from, to }, { staleTime: 0 });
      const attention = utils.leads.attention.prefetch();
      // "Content that brings enquiries": read with the report, drawn in the same first paint.
      const entries = utils.analytics.entryEnquiries.prefetch({ from, to }, { staleTime: 0 });
      // The month's AI use (docs/ai.md), read afresh each time too: calls add to it meanwhile.
      // With it, the site assistant's counts for the range (shown only with AI set up).
      // (prefetch never throws: a range changed in place does not wait for these reads.)
      const aiUsage = utils.ai.usage
        .prefetch(undefined, { staleTime: 0 })
        .then(() =>
          utils.ai.usage.getData()?.enabled
            ? utils.assistant.counts.prefetch({ from, to }, { staleTime: 0 })
            : null,
        );
      // The site's currency, which "Won value" is written in (the proposals' settings).
      const settings = utils.proposals.settings.prefetch();
      return cause === 'stay' || cached ? [] : [read, attention, entries, aiUsage, settings];
    }),
  pendingComponent: OverviewRoute,
  component: OverviewRoute,
});

function OverviewRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <OverviewPage search={search} onSearch={(next) => void navigate({ search: next })} />;
}
