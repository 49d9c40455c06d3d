import { Link } from '@tanstack/react-router';
import { trpc } from '#client/lib/trpc';
import { Card } from '../ui/controls';
import { QueryState } from '../ui/query-state';
import { useAiEnabled } from '../ui/use-ai';
import { formatCount } from '../ui/number-words';
import type { ResolvedRange } from './overview-range';

type Range = Pick<ResolvedRange, 'from' | 'to'>;

/**
 * "Site assistant" on the Overview (docs/assistant.md, "Counts"): the range's questions,
 * answers and handoffs, shown only when the site has a model; without one (or while that is
 * unknown) the Overview is as it was, and the counts are never read.
 */
export function AssistantCountsSection({ range }: { range: Range }) {
  return useAiEnabled() ? <AssistantCountsCard range={range} /> : null;
}

/** The counts for the range; the previous stay while the next load, as the report's. */
function AssistantCountsCard({ range }: { range: Range }) {
  const counts = trpc.assistant.counts.useQuery(
    { from: range.from, to: range.to },
    { placeholderData: (previous) => previous },
  );
  return (
    <Card labelledBy="assistant-counts-heading">
      <h2 id="assistant-counts-heading" className="mb-1 text-lg font-semibold text-ink">
        Site assistant
      </h2>
      <p className="mb-3 text-sm text-muted">
        Questions visitors asked in these days, those answered from the site&rsquo;s words, and
        conversations handed off to you as an enquiry. Only the numbers are kept. Turned on and off
        in{' '}
        <Link to="/admin/content" className="underline underline-offset-2">
          Content
        </Link>
        .
      </p>
      <QueryState
        query={counts}
        pending="Loading the site assistant's counts..."
        error="Error loading the site assistant's counts"
      >
        {(data) => (
          <dl className="grid grid-cols-3 gap-3">
            <Figure label="Questions" value={data.questions} />
            <Figure label="Answered" value={data.answered} />
            <Figure label="Handed off" value={data.handedOff} />
          </dl>
        )}
      </QueryState>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border border-line p-3">
      <dt className="text-sm font-medium text-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-ink tabular-nums">{formatCount(value)}</dd>
    </div>
  );
}
