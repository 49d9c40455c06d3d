import { daysSpanned } from '../../../shared/calendar-days';
import { buttonClass } from '../../../shared/ui-styles';
import { Button, Card, Spinner } from '../controls';
import { errorMessage } from '../errors';
import { useDocumentTitle } from '../use-document-title';
import { DailyChart } from './daily-chart';
import { EmptyOverview } from './empty-overview';
import { formatRange } from './format';
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

      {report.isPending ? (
        <Card>
          <Spinner label="Loading overview..." />
        </Card>
      ) : report.isError ? (
        <Card>
          <div
            role="alert"
            className="flex flex-col items-start gap-3 text-red-800 dark:text-red-300"
          >
            <p>Error loading the overview: {errorMessage(report.error)}</p>
            <Button variant="secondary" onPress={() => void report.refetch()}>
              Try again
            </Button>
          </div>
        </Card>
      ) : isEmptyReport(report.data) ? (
        <EmptyOverview rangeLabel={rangeLabel} />
      ) : (
        <div
          aria-busy={report.isPlaceholderData || undefined}
          className={`flex flex-col gap-4 transition-opacity ${report.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          <section aria-label="Totals">
            <PeriodTotalsList
              totals={report.data.totals}
              previous={report.data.previous}
              days={daysSpanned(report.data.from, report.data.to)}
            />
          </section>
          <Card>
            <h2 className="mb-3 text-lg font-semibold text-ink">Visitors and pageviews per day</h2>
            <DailyChart
              daily={report.data.daily}
              rangeLabel={formatRange(report.data.from, report.data.to)}
            />
          </Card>
          <ReportLists report={report.data} />
        </div>
      )}
    </div>
  );
}
