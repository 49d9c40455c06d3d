import type { AnalyticsReport, PeriodTotals } from '#shared/shapes/analytics';

const nothing = (t: PeriodTotals) =>
  t.visitors + t.pageviews + t.contacts + t.subscriptions + t.bookings === 0;

/**
 * Nothing counted in the range nor the period before it: the screen explains what will appear
 * instead of showing a page of zeros. A visitor seen just now (live), or a lead, counts as
 * something.
 */
export function isEmptyReport(report: AnalyticsReport): boolean {
  return (
    nothing(report.totals) &&
    nothing(report.previous) &&
    report.events.length === 0 &&
    // Leads are no visits: a range with a lead but no visitor still shows its figures.
    report.sources.length === 0 &&
    report.live === 0
  );
}
