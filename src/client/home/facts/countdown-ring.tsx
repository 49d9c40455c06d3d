const RADIUS = 15;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * The circular countdown in the card's top right corner: the arc shrinks with the time left
 * and the number shows whole seconds. Decorative for screen readers (the pause control and
 * the slide label carry the meaning).
 */
export function CountdownRing({
  seconds,
  fraction,
  paused,
}: {
  seconds: number;
  fraction: number;
  paused: boolean;
}) {
  return (
    <div
      className="relative h-10 w-10 text-brand-700"
      aria-hidden="true"
      data-countdown={seconds}
      title={paused ? 'Paused' : undefined}
    >
      <svg viewBox="0 0 36 36" className="h-10 w-10 -rotate-90">
        <circle
          cx="18"
          cy="18"
          r={RADIUS}
          fill="none"
          stroke="currentColor"
          strokeOpacity="0.15"
          strokeWidth="3"
        />
        <circle
          cx="18"
          cy="18"
          r={RADIUS}
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - fraction)}
        />
      </svg>
      <span className="absolute inset-0 flex items-center justify-center text-sm font-semibold text-stone-800 tabular-nums">
        {seconds}
      </span>
    </div>
  );
}
