import { daysSpanned } from '#shared/calendar-days';
import { buttonClass } from '#shared/ui-styles';
import { Card } from '../ui/controls';
import { BackupSection } from './backup-card';
import { AttentionBlock } from '../leads/attention-block';
import { AiUsageSection } from './ai-usage-card';
import { AssistantCountsSection } from './assistant-counts-card';
import { InvoicesCard } from './invoices-card';
import { ProposalsCard } from './proposals-card';
import { trpc } from '#client/lib/trpc';
import { QueryState } from '../ui/query-state';
import { useDocumentTitle } from '../ui/use-document-title';
import { DailyChart } from './daily-chart';
import { EmptyOverview } from './empty-overview';
import { EntryEnquiries } from './entry-enquiries';
import { formatRange } from '../ui/date-time';
import { LiveVisitors } from './live-visitors';
import { useReport } from './overview-queries';
import { analyticsCsvHref, localToday, resolveRange, type OverviewSearch } from './overview-range';
import { PeriodTotalsList } from './period-totals';
import { RangePicker } from './range-picker';
import { isEmptyReport } from './report-empty';
import { ReportLists } from './report-lists';

interface OverviewPageProps {
  search: OverviewSearch;
  onSearch: (search: OverviewSearch) => void;
}

/** docs/product.md, "Overview": who came, from where, what they read, what it brought. */
export function OverviewPage({ search, onSearch }: OverviewPageProps) {
  useDocumentTitle('Overview');
  const today = localToday();
  const range = resolveRange(search, today);
  const rangeLabel = formatRange(range.from, range.to);
  const report = useReport(range);
  const attention = trpc.leads.attention.useQuery();
  // The Events table names the consultation button with its saved text (default until read).
  const content = trpc.content.get.useQuery();
  // Won value is counted in the site's currency, the proposals' settings' (docs/proposals.md).
  const proposalSettings = trpc.proposals.settings.useQuery();

  return (
    <div className="flex flex-col gap-4">
      <Card>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h1 className="text-2xl font-bold text-ink">Overview</h1>
            <p className="mt-1 text-muted">Visitors, sources and enquiries · {rangeLabel}</p>
          </div>
          <a href={analyticsCsvHref(range)} download className={buttonClass('secondary')}>
            Export CSV
          </a>
        </div>
        <div className="mt-4 flex flex-col gap-4">
          <LiveVisitors today={today} />
          <RangePicker range={range} onChange={onSearch} />
        </div>
      </Card>

      {/* What asks for the owner first, as at the top of Leads (docs/leads.md, "Attention"). */}
      <QueryState
        query={attention}
        pending="Loading what needs attention..."
        error="Error loading what needs attention"
      >
        {(data) => <AttentionBlock attention={data} />}
      </QueryState>

      {/* With a model set up, its use; without, how to turn AI on (docs/ai.md). */}
      <AiUsageSection />
      <BackupSection />
      <AssistantCountsSection range={range} />
      {/* Now and this month, whatever the range: shown on an empty report too. */}
      {report.data ? <ProposalsCard figures={report.data.proposals} /> : null}
      {report.data ? <InvoicesCard figures={report.data.invoices} /> : null}

      <QueryState
        query={report}
        pending="Loading overview..."
        error="Error loading the overview"
        empty={(data) => isEmptyReport(data) && <EmptyOverview rangeLabel={rangeLabel} />}
        frame={(state) => <Card>{state}</Card>}
      >
        {(data) => (
          <div
            aria-busy={report.isPlaceholderData || undefined}
            className={`flex flex-col gap-4 transition-opacity ${report.isPlaceholderData ? 'opacity-60' : ''}`}
          >
            <section aria-label="Totals">
              <PeriodTotalsList
                totals={data.totals}
                previous={data.previous}
                days={daysSpanned(data.from, data.to)}
              />
            </section>
            <Card>
              <h2 className="mb-3 text-lg font-semibold text-ink">
                Visitors and pageviews per day
              </h2>
              <DailyChart daily={data.daily} rangeLabel={formatRange(data.from, data.to)} />
            </Card>
            <ReportLists
              report={data}
              ctaButton={content.data?.content.cta.button}
              currency={proposalSettings.data?.settings.currency}
            />
            <EntryEnquiries range={range} />
          </div>
        )}
      </QueryState>
    </div>
  );
}
