import { BACKGROUND, trpc } from '#client/lib/trpc';
import type { ResolvedRange } from './overview-range';

/**
 * How often the live number is read again (docs/product.md, "Overview"). It counts visitors of
 * the last 5 minutes, so 30 s keeps it within a small part of that window while costing the
 * server one small read per half minute per open screen; TanStack Query pauses it while the
 * tab is hidden. Every other number waits for a reload or another range: re-reading 90 days
 * twice a minute would cost much more and move the page under the reader's eyes.
 */
export const LIVE_REFRESH_MS = 30_000;

/**
 * The range's report; the previous stays while the next loads. The route's loader reads it
 * again each time the screen or the range is shown (routes/admin/_protected/overview.tsx).
 */
export function useReport(range: Pick<ResolvedRange, 'from' | 'to'>) {
  return trpc.analytics.report.useQuery(
    { from: range.from, to: range.to },
    { placeholderData: (previous) => previous },
  );
}

/** "Content that brings enquiries" for the range; the previous stays while the next loads. */
export function useEntryEnquiries(range: Pick<ResolvedRange, 'from' | 'to'>) {
  return trpc.analytics.entryEnquiries.useQuery(
    { from: range.from, to: range.to },
    { placeholderData: (previous) => previous },
  );
}

/**
 * Visitors of the last 5 minutes, from today's report alone (the smallest the API offers),
 * on a timer of its own.
 */
export function useLiveVisitors(today: string) {
  return trpc.analytics.report.useQuery(
    { from: today, to: today },
    {
      refetchInterval: LIVE_REFRESH_MS,
      staleTime: 0,
      select: (report) => report.live,
      // A timer, not the reader: it must not keep the session from its idle limit.
      trpc: BACKGROUND,
    },
  );
}
