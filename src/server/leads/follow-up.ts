/**
 * A lead's follow-up time from the admin's input (docs/leads.md, "Attention"): a day
 * (YYYY-MM-DD) is the start of that day in SITE_TIMEZONE; a date and time keeps its offset.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function followUpTime(value: string, timeZone: string): Date {
  return DAY.test(value) ? startOfDayIn(value, timeZone) : new Date(value);
}

/**
 * Midnight of `day` in the zone, as an instant. The zone's offset is looked up at a guess and
 * again at the corrected guess, which settles it even across a change of offset that day.
 */
export function startOfDayIn(day: string, timeZone: string): Date {
  const wall = Date.parse(`${day}T00:00:00Z`);
  let at = wall;
  for (let i = 0; i < 2; i++) at = wall - offsetAt(new Date(at), timeZone);
  return new Date(at);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** How far the zone's wall clock is ahead of UTC at that instant, in milliseconds. */
function offsetAt(at: Date, timeZone: string): number {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(
    formatter.formatToParts(at).map((part) => [part.type, Number(part.value)]),
  );
  const wall = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}
