import { useId, useState } from 'react';
import type { DailyRow } from '#shared/shapes/analytics';
import { Button } from '../ui/controls';
import { chartScale } from './chart-scale';
import { formatDay } from '../ui/date-time';
import { DailyTable } from './daily-table';
import { formatCount } from '../ui/number-words';

interface DailyChartProps {
  daily: DailyRow[];
  /** The range in words ("Mar 1 – Mar 30, 2026"), for the chart's description. */
  rangeLabel: string;
}

const CHART_HEIGHT = 'h-48 sm:h-64';

/** The day labels under the chart: the first, the last, and the middle one when there is room. */
function axisDays(daily: DailyRow[]): string[] {
  if (daily.length <= 2) return daily.map((row) => row.date);
  return [0, Math.floor((daily.length - 1) / 2), daily.length - 1].map((i) => daily[i]!.date);
}

/** What the chart shows, in words, for screen readers. */
function chartSummary(daily: DailyRow[], rangeLabel: string): string {
  const totalVisitors = daily.reduce((sum, d) => sum + d.visitors, 0);
  const totalPageviews = daily.reduce((sum, d) => sum + d.pageviews, 0);
  const busiest = daily.reduce<DailyRow | undefined>(
    (best, d) => (best === undefined || d.visitors > best.visitors ? d : best),
    undefined,
  );
  return (
    `Visitors and pageviews per day, ${rangeLabel}: ${formatCount(totalVisitors)} visitors, ` +
    `${formatCount(totalPageviews)} pageviews` +
    (busiest && busiest.visitors > 0
      ? `; the most visitors on ${formatDay(busiest.date)} (${formatCount(busiest.visitors)}).`
      : '.')
  );
}

/**
 * Visitors per day as bars, pageviews as a line over them, drawn as SVG in the theme's chart
 * colours (the `--app-chart-*` variables): 1.5 KB brotli of code where the lightest chart
 * library weighed was 20 KB (docs/performance.md), and it follows the theme without redrawing. The SVG stretches to the card's width
 * (`preserveAspectRatio="none"`, one unit per day, 100 units high) with lines of constant
 * width; labels are HTML so they never stretch. Screen readers get a summary, and everyone can
 * show the same numbers as a table.
 */
export function DailyChart({ daily, rangeLabel }: DailyChartProps) {
  const [asTable, setAsTable] = useState(false);
  const tableId = useId();
  const { top, ticks } = chartScale(
    Math.max(0, ...daily.map((d) => d.pageviews), ...daily.map((d) => d.visitors)),
  );
  const y = (value: number) => 100 - (value / top) * 100;
  const days = daily.length;
  const summary = chartSummary(daily, rangeLabel);
  // One point per day, in the middle of its bar; a single day is a level line across it.
  const line =
    days === 1
      ? `0,${y(daily[0]!.pageviews)} 1,${y(daily[0]!.pageviews)}`
      : daily.map((d, i) => `${i + 0.5},${y(d.pageviews)}`).join(' ');

  return (
    <div>
      <ul className="mb-3 flex flex-wrap gap-4 text-sm text-ink" aria-label="Legend">
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="size-3 rounded-sm bg-chart-visitors" />
          Visitors (bars)
        </li>
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="h-0.5 w-4 rounded bg-chart-pageviews" />
          Pageviews (line)
        </li>
      </ul>
      <div className="grid grid-cols-[auto_1fr] gap-x-2">
        <div
          aria-hidden="true"
          className={`relative ${CHART_HEIGHT} text-xs text-muted tabular-nums`}
        >
          {ticks.map((tick) => (
            <span
              key={tick}
              className="block text-right leading-none"
              style={{
                position: 'absolute',
                right: 0,
                bottom: `${(tick / top) * 100}%`,
                transform: 'translateY(50%)',
              }}
            >
              {formatCount(tick)}
            </span>
          ))}
          {/* Keeps the column as wide as the widest label. */}
          <span className="invisible block">{formatCount(top)}</span>
        </div>
        <svg
          role="img"
          aria-label={summary}
          viewBox={`0 0 ${days} 100`}
          preserveAspectRatio="none"
          className={`${CHART_HEIGHT} w-full overflow-visible`}
          data-chart="daily"
        >
          {ticks.map((tick) => (
            <line
              key={tick}
              x1={0}
              x2={days}
              y1={y(tick)}
              y2={y(tick)}
              className="stroke-line"
              strokeWidth={1}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          <g className="fill-chart-visitors">
            {daily.map((d, i) => (
              <rect
                key={d.date}
                x={i + 0.15}
                width={0.7}
                y={y(d.visitors)}
                height={100 - y(d.visitors)}
                data-visitors={d.visitors}
              />
            ))}
          </g>
          <polyline
            points={line}
            fill="none"
            className="stroke-chart-pageviews"
            strokeWidth={2.5}
            strokeLinejoin="round"
            strokeLinecap="round"
            vectorEffect="non-scaling-stroke"
          />
          {/* A pointer over a day names its numbers (the table holds them for everyone). */}
          {daily.map((d, i) => (
            <rect key={d.date} x={i} width={1} y={0} height={100} fill="transparent">
              <title>{`${formatDay(d.date)}: ${formatCount(d.visitors)} visitors, ${formatCount(d.pageviews)} pageviews`}</title>
            </rect>
          ))}
        </svg>
        <span />
        <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-muted">
          {axisDays(daily).map((day) => (
            <span key={day}>{formatDay(day)}</span>
          ))}
        </div>
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="mt-4"
        aria-expanded={asTable}
        aria-controls={asTable ? tableId : undefined}
        onPress={() => setAsTable((shown) => !shown)}
      >
        {asTable ? 'Hide table' : 'Show as table'}
      </Button>
      {asTable ? (
        <div id={tableId} className="mt-4">
          <DailyTable daily={daily} rangeLabel={rangeLabel} />
        </div>
      ) : null}
    </div>
  );
}
