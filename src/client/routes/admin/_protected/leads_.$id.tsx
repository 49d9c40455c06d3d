import { createFileRoute } from '@tanstack/react-router';
import { LeadPage } from '#client/admin/leads/lead-page';
import { loadForScreen } from '#client/admin/shell/route-loader';
import { parseIdParam } from '#client/admin/ui/id-param';

/** One lead: the person, the status, the timeline, a note and the reply editor. */
export const Route = createFileRoute('/admin/_protected/leads_/$id')({
  loader: ({ context, params }) =>
    loadForScreen(context, (utils) => {
      const id = parseIdParam(params.id);
      // With the lead, whether AI is on: its triage block and Draft a reply are in the first paint.
      return id === null ? [] : [utils.leads.get.ensureData({ id }), utils.ai.usage.prefetch()];
    }),
  pendingComponent: LeadRoute,
  component: LeadRoute,
});

function LeadRoute() {
  const { id } = Route.useParams();
  return <LeadPage idParam={id} />;
}
