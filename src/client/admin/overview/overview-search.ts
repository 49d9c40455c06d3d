/** The ranges one press away (docs/product.md, "Overview"); 30 days when the address names none. */
export const PRESET_DAYS = [7, 30, 90] as const;
export type PresetDays = (typeof PRESET_DAYS)[number];
export const DEFAULT_DAYS: PresetDays = 30;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The range lives in the address (`?days=7`, or `?from=2026-03-01&to=2026-03-14`), so a reload,
 * Back and a shared link show the same days. The router reads `days=7` as the number 7; a
 * hand-edited address can hold anything, and what is not usable is dropped, never an error.
 * Plain code, no zod: the route reads it in the router's main chunk (docs/performance.md,
 * "The sign-in page's first load").
 */
export interface OverviewSearch {
  days?: PresetDays;
  from?: string;
  to?: string;
}

function dayText(value: unknown): string | undefined {
  return typeof value === 'string' && ISO_DAY.test(value) ? value : undefined;
}

export const overviewSearchSchema = {
  parse: (search: Record<string, unknown>): OverviewSearch => {
    const days = Number(search['days']);
    const preset = PRESET_DAYS.find((offered) => offered === days);
    const range: OverviewSearch = {};
    if (preset !== undefined) range.days = preset;
    const from = dayText(search['from']);
    if (from !== undefined) range.from = from;
    const to = dayText(search['to']);
    if (to !== undefined) range.to = to;
    return range;
  },
};
