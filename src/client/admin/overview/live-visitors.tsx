import { formatCount } from '../ui/number-words';
import { useLiveVisitors } from './overview-queries';

/**
 * "3 visitors now": people seen in the last 5 minutes, read again every 30 s. Not a live
 * region: a number that changes twice a minute would interrupt whatever a screen reader is
 * reading.
 */
export function LiveVisitors({ today }: { today: string }) {
  const live = useLiveVisitors(today);
  const text =
    live.data === undefined
      ? live.isError
        ? 'Live count unavailable'
        : 'Counting visitors now…'
      : `${formatCount(live.data)} ${live.data === 1 ? 'visitor' : 'visitors'} now`;
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-sm text-ink" data-live={live.data}>
      <span
        aria-hidden="true"
        className={`size-2.5 rounded-full ${live.data ? 'bg-green-600 motion-safe:animate-pulse' : 'bg-line-strong'}`}
      />
      <span className="font-semibold">{text}</span>
      <span className="text-muted">(the last 5 minutes, updated every 30 seconds)</span>
    </p>
  );
}
