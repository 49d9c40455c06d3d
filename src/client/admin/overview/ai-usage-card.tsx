import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '#server/app/app-router';
import { trpc } from '#client/lib/trpc';
import { AiOffCard } from '../ui/ai-off';
import { Card } from '../ui/controls';
import { formatCount, formatRate } from '../ui/number-words';

export type AiUsage = inferRouterOutputs<AppRouter>['ai']['usage'];

/**
 * "AI use this month" (docs/ai.md, "Limits"): read with the rest of the Overview, shown when
 * the site has a model. Without one, the note that AI features exist, are off, and how to turn
 * them on; while unknown, nothing.
 */
export function AiUsageSection() {
  const usage = trpc.ai.usage.useQuery();
  if (!usage.data) return null;
  return usage.data.enabled ? (
    <AiUsageCard usage={usage.data} />
  ) : (
    <AiOffCard id="ai-usage-heading" title="AI features" />
  );
}

/**
 * The month's tokens (input plus output, every AI feature) against AI_MONTHLY_TOKENS, as a
 * meter with its figure in words, and the model in force. At the limit, a plain line says
 * what that means, so the full bar is never the only sign.
 */
export function AiUsageCard({ usage }: { usage: AiUsage }) {
  const { inputTokens, outputTokens, limit } = usage.month;
  const used = inputTokens + outputTokens;
  const share = limit > 0 ? Math.min(used / limit, 1) : 1;
  const figure = `${formatCount(used)} of ${formatCount(limit)} tokens (${formatRate(share)})`;
  return (
    <Card labelledBy="ai-usage-heading">
      <h2 id="ai-usage-heading" className="mb-3 text-lg font-semibold text-ink">
        AI use this month
      </h2>
      <p className="text-sm text-ink">
        <span className="font-semibold tabular-nums">{figure}</span>
        <span className="text-muted">
          {' '}
          · {formatCount(inputTokens)} in, {formatCount(outputTokens)} out
        </span>
      </p>
      <div
        role="meter"
        aria-labelledby="ai-usage-heading"
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={Math.min(used, limit)}
        aria-valuetext={figure}
        className="mt-2 h-3 w-full overflow-hidden rounded-full border border-line-strong bg-subtle"
      >
        <div
          className={`h-full ${share >= 1 ? 'bg-red-700 dark:bg-red-400' : 'bg-brand-700 dark:bg-brand-400'}`}
          style={{ width: `${share * 100}%` }}
        />
      </div>
      {used >= limit ? (
        <p className="mt-2 text-sm font-semibold text-ink">
          The limit for this month is reached: new enquiries stay without triage until next month.
        </p>
      ) : null}
      <p className="mt-2 text-sm break-words text-muted">Model: {usage.model ?? 'none'}</p>
    </Card>
  );
}
