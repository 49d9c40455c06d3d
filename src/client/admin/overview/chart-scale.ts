/** Gridlines above zero on the daily chart. */
export const GRID_STEPS = 4;

/**
 * The chart's vertical scale for its largest value: whole-number gridlines at a round step
 * (1, 2 or 5 times a power of ten), at least the largest value at the top. An empty range
 * still gets a scale (0 to 4), so the axis reads as zero rather than disappearing.
 */
export function chartScale(largest: number): { top: number; ticks: number[] } {
  const rough = Math.max(1, largest / GRID_STEPS);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const whole = Math.max(1, Math.ceil(step));
  return {
    top: whole * GRID_STEPS,
    ticks: Array.from({ length: GRID_STEPS + 1 }, (_, i) => i * whole),
  };
}
