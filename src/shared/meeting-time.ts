/**
 * A call's times as a visitor reads them, in a time zone of their choice (docs/booking.md): the
 * manage page's script and the home page's picker both write days, times and zone names with
 * these, so a time reads the same on both. Pure: the zone is always given, never guessed here.
 */

export interface Slot {
  /** ISO 8601, UTC, as the slots answer gives it. */
  start: string;
  end: string;
}

/** The runtime's own time zone (the visitor's, in a browser). */
export function ownZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** "Tuesday 2 June 2026" in `zone`. */
export function dayText(at: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: zone,
  }).format(at);
}

/** "10:00" in `zone`, on a 24-hour clock. */
export function timeText(at: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: zone,
  }).format(at);
}

/** "British Summer Time": the zone's long name at that moment (summer or winter), else its id. */
export function zoneName(at: Date, zone: string): string {
  return (
    new Intl.DateTimeFormat('en-GB', { timeZoneName: 'long', timeZone: zone })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? zone
  );
}

/** A time's whole name, "Tuesday 2 June 2026, 10:00", as a time is read out. */
export function slotName(at: Date, zone: string): string {
  return `${dayText(at, zone)}, ${timeText(at, zone)}`;
}

/** "Tuesday 2 June 2026, 10:00 to 10:30 (British Summer Time)". */
export function meetingText(start: Date, end: Date, zone: string): string {
  return `${dayText(start, zone)}, ${timeText(start, zone)} to ${timeText(end, zone)} (${zoneName(start, zone)})`;
}

export interface SlotDay<S extends Slot = Slot> {
  /** The day in `zone` as YYYY-MM-DD: a key that sorts like the day. */
  key: string;
  /** "Tuesday 2 June 2026". */
  name: string;
  slots: S[];
}

/**
 * Slots (soonest first) grouped by their day in `zone`: a call at 23:30 in London is on the
 * next day in Tokyo, so the days follow the reader's zone, not the owner's.
 */
export function slotsByDay<S extends Slot>(slots: readonly S[], zone: string): SlotDay<S>[] {
  // en-CA writes dates as YYYY-MM-DD.
  const keyFormat = new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: zone,
  });
  const days = new Map<string, SlotDay<S>>();
  for (const slot of slots) {
    const at = new Date(slot.start);
    const key = keyFormat.format(at);
    const day = days.get(key);
    if (day) day.slots.push(slot);
    else days.set(key, { key, name: dayText(at, zone), slots: [slot] });
  }
  return [...days.values()];
}
