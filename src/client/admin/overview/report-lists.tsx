import type { Device } from '#shared/analytics';
import type { AnalyticsReport } from '#shared/shapes/analytics';
import { formatWholeMoney } from '#shared/money';
import { aboutButtonText } from '#shared/site-content-basics';
import { defaultCta } from '#shared/site-content-defaults';
import { Breakable, BreakdownTable, OneLine, type BreakdownColumn } from './breakdown-table';
import { conversionRate, formatCount, formatRate } from '../ui/number-words';
import { sourcesOfClients } from './source-clients';

type PageRow = AnalyticsReport['pages'][number];
type SourceRow = AnalyticsReport['sources'][number];
type CampaignRow = AnalyticsReport['campaigns'][number];
type DeviceRow = AnalyticsReport['devices'][number];
type EventRow = AnalyticsReport['events'][number];

const DEVICE_LABELS: Record<Device, string> = {
  mobile: 'Phones',
  tablet: 'Tablets',
  desktop: 'Computers',
};

/**
 * What the home page's events mean, for an owner who never saw the code: the buttons named with
 * the words the page shows (the hero and the closing section both show the saved `cta.button`).
 */
function eventLabel(name: string, ctaButton: string): string | undefined {
  if (name === 'cta_click')
    return `Buttons to the contact form pressed ("${ctaButton}", "${aboutButtonText}")`;
  if (name === 'video_play') return 'Demo video started';
  return undefined;
}

/** An event the page sends but this table has no words for: its id, small, as a clue. */
function EventName({ name, ctaButton }: { name: string; ctaButton: string }) {
  const label = eventLabel(name, ctaButton);
  if (label) return <>{label}</>;
  return (
    <>
      Other event
      <span className="block font-mono text-xs text-muted">{name}</span>
    </>
  );
}

const count = <Row,>(
  header: string,
  value: (row: Row) => number,
  srHeader?: string,
): BreakdownColumn<Row> => ({
  header,
  srHeader,
  cell: (row) => formatCount(value(row)),
});

/** Short on screen so that five columns fit a 390 px phone; read in full by screen readers. */
const calls = <Row extends { bookings: number }>(): BreakdownColumn<Row> =>
  count<Row>('Calls', (r) => r.bookings, 'Calls booked');

/** Contacts per visitor of the row: which sources bring enquiries, not just traffic. */
const rate = <Row extends { visitors: number; contacts: number }>(): BreakdownColumn<Row> => ({
  header: 'Rate',
  srHeader: 'Conversion rate',
  cell: (row) => formatRate(conversionRate(row.contacts, row.visitors)),
});

/**
 * The value won, in whole units of the site's currency (the proposals' settings, docs/api.md
 * "Analytics"): with its sign once the currency is read, a bare number until then.
 */
const wonValue = (currency: string | undefined): BreakdownColumn<SourceRow> => ({
  header: 'Won value',
  cell: (row) => (currency ? formatWholeMoney(row.wonValue, currency) : formatCount(row.wonValue)),
});

/**
 * The report's lists under the chart, each a table with bars. `ctaButton` is the consultation
 * button's saved text (the default until Content is saved or read); `currency` the site's.
 */
export function ReportLists({
  report,
  ctaButton = defaultCta.button,
  currency,
}: {
  report: AnalyticsReport;
  ctaButton?: string;
  currency?: string;
}) {
  const allDevices = report.devices.reduce((sum, d) => sum + d.visitors, 0);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <BreakdownTable
        title="Clients by source"
        description="People who first wrote in these days, by the source they came from: how many are won so far, and the value won. Sources that brought clients come first; bars show the value won."
        rows={sourcesOfClients(report.sources)}
        rowKey={(row) => row.source}
        label={{ header: 'Source', cell: (row) => <OneLine text={row.source} /> }}
        columns={[
          count<SourceRow>('Visitors', (r) => r.visitors),
          count<SourceRow>('Leads', (r) => r.leads),
          count<SourceRow>('Won', (r) => r.won),
          wonValue(currency),
        ]}
        barValue={(row) => row.wonValue}
        empty="No leads came in these days."
      />
      <BreakdownTable
        title="Top pages"
        rows={report.pages}
        rowKey={(row) => row.path}
        label={{ header: 'Page', cell: (row) => <Breakable text={row.path} /> }}
        columns={[
          count<PageRow>('Visitors', (r) => r.visitors),
          count<PageRow>('Pageviews', (r) => r.pageviews),
        ]}
        barValue={(row) => row.visitors}
        empty="No pages were viewed in these days."
      />
      <BreakdownTable
        title="Sources"
        description="Where visitors came from, and the contact messages and calls each source brought."
        rows={report.sources}
        rowKey={(row) => row.source}
        label={{ header: 'Source', cell: (row) => <OneLine text={row.source} /> }}
        columns={[
          count<SourceRow>('Visitors', (r) => r.visitors),
          count<SourceRow>('Contacts', (r) => r.contacts),
          calls<SourceRow>(),
          rate<SourceRow>(),
        ]}
        barValue={(row) => row.visitors}
        empty="No visitors in these days."
      />
      <BreakdownTable
        title="Campaigns"
        description="Visits from links tagged with utm_campaign, and the contact messages and calls they brought."
        rows={report.campaigns}
        rowKey={(row) => `${row.source}\u0000${row.medium ?? ''}\u0000${row.campaign}`}
        label={{
          header: 'Campaign',
          cell: (row) => (
            <>
              <Breakable text={row.campaign} />
              <span className="block text-xs text-muted">
                <Breakable text={row.medium ? `${row.source} / ${row.medium}` : row.source} />
              </span>
            </>
          ),
        }}
        columns={[
          count<CampaignRow>('Visitors', (r) => r.visitors),
          count<CampaignRow>('Contacts', (r) => r.contacts),
          calls<CampaignRow>(),
          rate<CampaignRow>(),
        ]}
        barValue={(row) => row.visitors}
        empty="No visits from campaign links in these days."
      />
      <BreakdownTable
        title="Devices"
        rows={report.devices}
        rowKey={(row) => row.device}
        label={{ header: 'Device', cell: (row) => DEVICE_LABELS[row.device] }}
        columns={[
          count<DeviceRow>('Visitors', (r) => r.visitors),
          {
            header: 'Share',
            cell: (row) => formatRate(allDevices === 0 ? 0 : row.visitors / allDevices),
          },
        ]}
        barValue={(row) => row.visitors}
        empty="No visitors in these days."
      />
      <BreakdownTable
        title="Events"
        description="Presses on the home page's buttons that are counted."
        rows={report.events}
        rowKey={(row) => row.name}
        label={{
          header: 'Event',
          cell: (row) => <EventName name={row.name} ctaButton={ctaButton} />,
        }}
        columns={[count<EventRow>('Times', (r) => r.count)]}
        barValue={(row) => row.count}
        empty="No button presses counted in these days."
      />
    </div>
  );
}
