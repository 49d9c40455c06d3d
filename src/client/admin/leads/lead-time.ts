import { DAY_MS } from '#shared/calendar-days';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * How long something has lasted, in the one unit a person reads at a glance: minutes under an
 * hour, hours under two days, then days ("25 min", "3 h", "4 days"). Rounded down, so "3 h"
 * is never said before three hours have passed; a moment in the future (another clock) is 0.
 */
export function formatSpan(fromIso: string, now: number): string {
  const from = Date.parse(fromIso);
  const span = Number.isNaN(from) ? 0 : Math.max(0, now - from);
  if (span < HOUR) return `${Math.floor(span / MINUTE)} min`;
  if (span < 2 * DAY_MS) return `${Math.floor(span / HOUR)} h`;
  return `${Math.floor(span / DAY_MS)} days`;
}

/** A new lead's wait for its first answer, counted from its first message: "waiting 3 h". */
export function waitingLabel(createdAt: string, now: number): string {
  return `waiting ${formatSpan(createdAt, now)}`;
}

/** An active lead with nothing happening: "quiet 15 days". */
export function quietLabel(lastActivityAt: string, now: number): string {
  return `quiet ${formatSpan(lastActivityAt, now)}`;
}

/**
 * The follow-up date field's value (YYYY-MM-DD, the administrator's own calendar day) for a
 * stored moment, and back: the server reads a bare date as the start of that day in the
 * site's time zone (docs/api.md, "Leads").
 */
export function followUpInputValue(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
