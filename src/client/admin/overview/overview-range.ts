import { ANALYTICS_LIMITS } from '#shared/analytics';
import { addDays, daysSpanned, isRealDay } from '#shared/calendar-days';
import { DEFAULT_DAYS, type OverviewSearch, type PresetDays } from './overview-search';

// The address's part is read in the router's main chunk, without zod (overview-search.ts).
export {
  DEFAULT_DAYS,
  overviewSearchSchema,
  PRESET_DAYS,
  type OverviewSearch,
  type PresetDays,
} from './overview-search';

export interface ResolvedRange {
  /** The preset, or null for a custom range. */
  days: PresetDays | null;
  /** YYYY-MM-DD, both included. */
  from: string;
  to: string;
}

/** Today on this computer's calendar, as YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/** Why a custom range cannot be shown, or null when it can. */
export function customRangeProblem(from: string, to: string): string | null {
  if (!isRealDay(from) || !isRealDay(to)) return 'Choose a start and an end date.';
  if (daysSpanned(from, to) < 1) return 'The end date must be on or after the start date.';
  if (daysSpanned(from, to) > ANALYTICS_LIMITS.rangeMaxDays) {
    return `A range can span at most ${ANALYTICS_LIMITS.rangeMaxDays} days.`;
  }
  return null;
}

/**
 * The days the screen shows: a usable custom range from the address, else the preset (30 days
 * by default) ending today. Presets end on this computer's today; the server counts days of
 * the site's time zone, which for an owner in the business's own zone is the same day.
 */
export function resolveRange(search: OverviewSearch, today: string): ResolvedRange {
  const { from, to } = search;
  if (from && to && customRangeProblem(from, to) === null) return { days: null, from, to };
  const days = search.days ?? DEFAULT_DAYS;
  return { days, from: addDays(today, 1 - days), to: today };
}

/** The address's search for a range: nothing for the default, so /admin/overview stays clean. */
export function searchFor(range: { days: PresetDays } | { from: string; to: string }) {
  if ('days' in range) return range.days === DEFAULT_DAYS ? {} : { days: range.days };
  return { from: range.from, to: range.to };
}

/** The daily rows as CSV, for the days on screen. */
export function analyticsCsvHref(range: Pick<ResolvedRange, 'from' | 'to'>): string {
  return `/api/analytics.csv?${new URLSearchParams({ from: range.from, to: range.to })}`;
}
