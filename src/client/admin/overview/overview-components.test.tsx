import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  AnalyticsReport,
  DailyRow,
  EntryEnquiryRow,
  PeriodTotals,
} from '#shared/shapes/analytics';
import { DailyChart } from './daily-chart';
import { EntryEnquiriesTable } from './entry-enquiries';
import { PeriodTotalsList } from './period-totals';
import { RangePicker } from './range-picker';
import { isEmptyReport } from './report-empty';
import { ReportLists } from './report-lists';

afterEach(cleanup);

const totals = (over: Partial<PeriodTotals> = {}): PeriodTotals => ({
  visitors: 0,
  pageviews: 0,
  contacts: 0,
  subscriptions: 0,
  bookings: 0,
  conversionRate: 0,
  medianFirstReplyMinutes: null,
  ...over,
});

function emptyReport(over: Partial<AnalyticsReport> = {}): AnalyticsReport {
  return {
    from: '2026-03-01',
    to: '2026-03-07',
    totals: totals(),
    previous: totals(),
    daily: [],
    pages: [],
    sources: [],
    campaigns: [],
    devices: [],
    events: [],
    live: 0,
    proposals: { out: 0, acceptedThisMonth: 0, depositsPaid: [] },
    invoices: [],
    ...over,
  };
}

const day = (date: string, visitors: number, pageviews: number): DailyRow => ({
  date,
  visitors,
  pageviews,
  contacts: 0,
  subscriptions: 0,
  bookings: 0,
});

describe('the totals', () => {
  it('give each number with its change in words, the arrow hidden from screen readers', () => {
    render(
      <PeriodTotalsList
        totals={totals({ visitors: 1250, pageviews: 3000, contacts: 5, conversionRate: 0.004 })}
        previous={totals({ visitors: 1000, pageviews: 3000, conversionRate: 0.014 })}
        days={7}
      />,
    );
    const figure = (label: string) => screen.getByText(label).parentElement!;
    expect(figure('Visitors')).toHaveTextContent('Visitors1,250▲ up 25% vs previous 7 days');
    expect(figure('Pageviews')).toHaveTextContent('= no change vs previous 7 days');
    expect(figure('Contacts')).toHaveTextContent('▲ up from none');
    expect(figure('Conversion rate')).toHaveTextContent('0.4%▼ down 1 point');
    expect(figure('Median time to first reply')).toHaveTextContent(
      'Median time to first reply—— in the previous 7 days',
    );
    const arrows = screen.getAllByText(/^[▲▼=]$/);
    expect(arrows).toHaveLength(6);
    for (const arrow of arrows) {
      expect(arrow).toHaveAttribute('aria-hidden', 'true');
    }
  });

  it('give the median time to first reply beside the previous period’s, without a coloured change', () => {
    render(
      <PeriodTotalsList
        totals={totals({ medianFirstReplyMinutes: 190 })}
        previous={totals({ medianFirstReplyMinutes: 3120 })}
        days={30}
      />,
    );
    const figure = screen.getByText('Median time to first reply').parentElement!;
    expect(figure).toHaveTextContent(
      'Median time to first reply3 h 10 min2 d 4 h in the previous 30 days',
    );
    expect(within(figure).queryByText(/^[▲▼=]$/)).toBeNull();
  });
});

describe('clients by source', () => {
  const source = (
    name: string,
    visitors: number,
    leads: number,
    won: number,
    wonValue: number,
  ) => ({ source: name, visitors, contacts: leads, bookings: 0, leads, won, wonValue });

  it('lists the sources that brought leads as a table, the clients first, the value with separators', () => {
    const report = emptyReport({
      sources: [
        source('www.google.com', 1200, 4, 1, 2500),
        source('traffic.example', 300, 0, 0, 0),
        source('newsletter', 40, 2, 2, 12_000),
        source('linkedin.com', 0, 1, 0, 0),
      ],
    });
    render(<ReportLists report={report} />);
    const table = screen.getByRole('table', { name: 'Clients by source' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'SourceVisitorsLeadsWonWon value',
      'newsletter402212,000',
      'www.google.com1,200412,500',
      'linkedin.com0100',
    ]);
  });

  it("writes the value won in the site's currency, in whole units", () => {
    const report = emptyReport({ sources: [source('newsletter', 40, 2, 2, 12_000)] });
    render(<ReportLists report={report} currency="GBP" />);
    const table = screen.getByRole('table', { name: 'Clients by source' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('newsletter4022£12,000');
  });

  it('says so when no lead came in the range', () => {
    render(<ReportLists report={emptyReport({ sources: [source('Direct', 5, 0, 0, 0)] })} />);
    const region = screen.getByRole('region', { name: 'Clients by source' });
    expect(region).toHaveTextContent('No leads came in these days.');
    expect(within(region).queryByRole('table')).toBeNull();
  });
});

describe('the daily chart', () => {
  const daily = [day('2026-03-01', 2, 5), day('2026-03-02', 8, 20), day('2026-03-03', 0, 0)];

  it('draws one bar per day on a round scale, described for screen readers', () => {
    render(<DailyChart daily={daily} rangeLabel="Mar 1 – Mar 3, 2026" />);
    const chart = screen.getByRole('img', {
      name: 'Visitors and pageviews per day, Mar 1 – Mar 3, 2026: 10 visitors, 25 pageviews; the most visitors on Mar 2 (8).',
    });
    // 20 pageviews at most: a scale of 0 to 20, so 8 visitors reach 40% of the height.
    const bars = [...chart.querySelectorAll('rect[data-visitors]')];
    expect(bars.map((bar) => bar.getAttribute('height'))).toEqual(['10', '40', '0']);
    expect(chart.querySelector('polyline')).toHaveAttribute('points', '0.5,75 1.5,0 2.5,100');
  });

  it('shows the same numbers as a table on request, and hides it again', async () => {
    const user = userEvent.setup();
    render(<DailyChart daily={daily} rangeLabel="Mar 1 – Mar 3, 2026" />);
    expect(screen.queryByRole('table')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Show as table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const table = screen.getByRole('table', {
      name: 'Visitors and pageviews per day, Mar 1 – Mar 3, 2026',
    });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAttribute('aria-controls', table.parentElement!.id);
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'DayVisitorsPageviews',
      'Sun, Mar 1, 202625',
      'Mon, Mar 2, 2026820',
      'Tue, Mar 3, 202600',
    ]);
    await user.click(screen.getByRole('button', { name: 'Hide table' }));
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('the range picker', () => {
  const preset = { days: 30 as const, from: '2026-02-09', to: '2026-03-10' };

  it('applies a preset at once, the default as a clean address', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { rerender } = render(<RangePicker range={preset} onChange={onChange} />);
    expect(screen.getByRole('radio', { name: '30 days' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: '7 days' }));
    expect(onChange).toHaveBeenLastCalledWith({ days: 7 });
    rerender(
      <RangePicker range={{ days: 7, from: '2026-03-04', to: '2026-03-10' }} onChange={onChange} />,
    );
    await user.click(screen.getByRole('radio', { name: '30 days' }));
    expect(onChange).toHaveBeenLastCalledWith({});
  });

  it('opens two date fields for a custom range and refuses one that ends before it starts', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<RangePicker range={preset} onChange={onChange} />);
    expect(screen.queryByRole('form', { name: 'Custom period' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    // The fields start on the days on screen.
    expect(from).toHaveValue('2026-02-09');
    expect(to).toHaveValue('2026-03-10');
    await user.clear(to);
    await user.type(to, '2026-01-31');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(to).toHaveAccessibleDescription('The end date must be on or after the start date.');
    await user.clear(from);
    await user.type(from, '2026-01-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(onChange).toHaveBeenCalledWith({ from: '2026-01-01', to: '2026-01-31' });
  });

  it('shows a custom range from the address with its fields open', () => {
    render(
      <RangePicker
        range={{ days: null, from: '2026-01-01', to: '2026-01-31' }}
        onChange={vi.fn()}
      />,
    );
    expect(screen.getByRole('radio', { name: 'Custom' })).toBeChecked();
    expect(screen.getByLabelText('From')).toHaveValue('2026-01-01');
  });
});

describe('the empty state', () => {
  const report = emptyReport;

  it('is for a range and a previous period with nothing counted at all', () => {
    expect(isEmptyReport(report())).toBe(true);
    expect(isEmptyReport(report({ previous: totals({ pageviews: 1 }) }))).toBe(false);
    expect(isEmptyReport(report({ totals: totals({ contacts: 1 }) }))).toBe(false);
    expect(isEmptyReport(report({ events: [{ name: 'cta_click', count: 1 }] }))).toBe(false);
    expect(isEmptyReport(report({ live: 1 }))).toBe(false);
    // A lead with no visit is something to show.
    expect(
      isEmptyReport(
        report({
          sources: [
            {
              source: 'Direct',
              visitors: 0,
              contacts: 0,
              bookings: 0,
              leads: 1,
              won: 0,
              wonValue: 0,
            },
          ],
        }),
      ),
    ).toBe(false);
  });
});

describe('long hosts and paths on a phone', () => {
  it('keeps a host on one line (cut with "…", whole in its title); a path may wrap after each slash or dash', () => {
    render(
      <ReportLists
        report={emptyReport({
          sources: [
            {
              source: 'news.ycombinator.com',
              visitors: 3,
              contacts: 1,
              bookings: 0,
              leads: 1,
              won: 0,
              wonValue: 0,
            },
          ],
          pages: [{ path: '/services/rag-pipelines', visitors: 2, pageviews: 2 }],
        })}
      />,
    );
    const cell = (name: string) =>
      within(screen.getByRole('table', { name })).getAllByRole('rowheader')[0]!;
    const parts = (element: HTMLElement) =>
      element.innerHTML.replace(/<span[^>]*><\/span>/g, '').replace(/<\/?span[^>]*>/g, '');
    for (const table of ['Sources', 'Clients by source']) {
      const host = within(cell(table)).getByText('news.ycombinator.com');
      // No break opportunity inside it, one line that ends in "…" when too long.
      expect(host.innerHTML).toBe('news.ycombinator.com');
      expect(host).toHaveClass('truncate');
      expect(host).toHaveAttribute('title', 'news.ycombinator.com');
    }
    expect(parts(cell('Top pages'))).toBe('/<wbr>services/<wbr>rag-<wbr>pipelines');
  });
});

describe('the events table', () => {
  const events = (...names: string[]) =>
    emptyReport({ events: names.map((name, i) => ({ name, count: i + 1 })) });
  const rows = () =>
    within(screen.getByRole('table', { name: 'Events' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);

  it("names the buttons with the owner's saved texts, never the event's id", () => {
    render(<ReportLists report={events('cta_click', 'video_play')} ctaButton="Talk to us" />);
    expect(rows()).toEqual([
      'Buttons to the contact form pressed ("Talk to us", "Get in Touch")1',
      'Demo video started2',
    ]);
  });

  it('falls back to the default button text, and shows an unknown id only as secondary text', () => {
    render(<ReportLists report={events('cta_click', 'map_open')} />);
    expect(rows()).toEqual([
      'Buttons to the contact form pressed ("Book a Free Consultation", "Get in Touch")1',
      'Other eventmap_open2',
    ]);
  });
});

describe('content that brings enquiries', () => {
  const row = (over: Partial<EntryEnquiryRow>): EntryEnquiryRow => ({
    id: 1,
    kind: 'case_study',
    title: 'Answers in minutes',
    url: '/case-studies/answers-in-minutes',
    readers: 0,
    enquiries: 0,
    ...over,
  });

  it('lists each entry with its kind, readers and same-day enquiries, linking to its page', () => {
    render(
      <EntryEnquiriesTable
        rows={[
          row({ readers: 1200, enquiries: 3 }),
          row({
            id: 2,
            kind: 'insight',
            title: 'Why evals',
            url: '/insights/why-evals',
            readers: 40,
          }),
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Content that brings enquiries' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'EntryReadersEnquiriesMessages and calls the same day',
      'Answers in minutesCase study1,2003',
      'Why evalsInsight400',
    ]);
    expect(within(table).getByRole('link', { name: 'Why evals' })).toHaveAttribute(
      'href',
      '/insights/why-evals',
    );
  });

  it('says so in one line when no entry was read', () => {
    render(<EntryEnquiriesTable rows={[]} />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No case study or insight was read in these days.')).toBeVisible();
  });
});
