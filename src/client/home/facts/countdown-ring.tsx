import type { CSSProperties } from 'react';
import { CAROUSEL_SLIDE_MS } from '#client/home/home-timings';

/**
 * The circular countdown in the card's top right corner. The number follows the state
 * machine (whole seconds); the arc is a CSS animation over the same 5 s, paused whenever
 * the machine holds the countdown, so it moves smoothly without a render per frame. Under
 * reduced motion the arc steps with the number instead. Decorative for screen readers.
 */
export function CountdownRing({
  seconds,
  fraction,
  held,
}: {
  seconds: number;
  fraction: number;
  held: boolean;
}) {
  const style = {
    '--countdown-duration': `${CAROUSEL_SLIDE_MS}ms`,
    '--countdown-static': String(1 - fraction),
    animationPlayState: held ? 'paused' : 'running',
  } as CSSProperties;
  return (
    <div
      className="relative h-10 w-10 text-brand-700 dark:text-brand-300"
      aria-hidden="true"
      data-countdown={seconds}
    >
      <svg viewBox="0 0 36 36" className="h-10 w-10 -rotate-90">
        <circle
          cx="18"
          cy="18"
          r="15"
          fill="none"
          stroke="currentColor"
          strokeOpacity="0.15"
          strokeWidth="3"
        />
        <circle
          cx="18"
          cy="18"
          r="15"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
          pathLength={1}
          className="countdown-arc"
          style={style}
        />
      </svg>
      <span className="absolute inset-0 flex items-center justify-center text-sm font-semibold text-paper-ink tabular-nums">
        {seconds}
      </span>
    </div>
  );
}
