import { formatDateTime } from '../ui/date-time';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When a session was last used, as a person says it: "just now", "5 minutes ago", "3 hours
 * ago", "yesterday", then the date ("Jan 15, 2026, 10:00 AM"): past a week a weekday count
 * is harder to place than the date itself. A moment a little ahead of `now` (the server's
 * clock ahead of the browser's) is "just now", never "in 2 minutes".
 */
export function formatLastActive(iso: string, now: number): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return '';
  const ago = now - at;
  if (ago < MINUTE) return 'just now';
  if (ago < HOUR) return plural(Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return plural(Math.floor(ago / HOUR), 'hour');
  if (ago < 2 * DAY) return 'yesterday';
  if (ago < 7 * DAY) return plural(Math.floor(ago / DAY), 'day');
  return formatDateTime(iso);
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}
