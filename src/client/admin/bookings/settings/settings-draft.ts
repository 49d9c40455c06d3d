import { type BookingSettings, type BookingSettingsInput, type Weekday } from '#shared/booking';

/** The numbers of the form, each kept as typed until it is saved. */
export const NUMBER_FIELDS = [
  'meetingMinutes',
  'slotStepMinutes',
  'bufferBeforeMinutes',
  'bufferAfterMinutes',
  'minNoticeHours',
  'horizonDays',
  'cancelCutoffHours',
] as const;
export type NumberField = (typeof NUMBER_FIELDS)[number];

/** One value per number field, spelled out so that the type knows every field is there. */
function eachNumber<V>(value: (field: NumberField) => V): Record<NumberField, V> {
  return {
    meetingMinutes: value('meetingMinutes'),
    slotStepMinutes: value('slotStepMinutes'),
    bufferBeforeMinutes: value('bufferBeforeMinutes'),
    bufferAfterMinutes: value('bufferAfterMinutes'),
    minNoticeHours: value('minNoticeHours'),
    horizonDays: value('horizonDays'),
    cancelCutoffHours: value('cancelCutoffHours'),
  };
}

/** One value per day of the week, Monday first. */
function eachDay<V>(value: (day: Weekday) => V): Record<Weekday, V> {
  return {
    mon: value('mon'),
    tue: value('tue'),
    wed: value('wed'),
    thu: value('thu'),
    fri: value('fri'),
    sat: value('sat'),
    sun: value('sun'),
  };
}

/**
 * The Booking settings form as the owner types it: numbers and times as text, so a half-typed
 * or refused value stays on screen exactly as typed (a 400 loses nothing).
 */
export type SettingsDraft = Record<NumberField, string> & {
  enabled: boolean;
  timezone: string;
  /** Blank: no limit. */
  maxPerDay: string;
  weekly: Record<Weekday, [string, string][]>;
  location: string;
  reminderMinutes: string[];
  /** Blank: no calendar. */
  busyFeedUrl: string;
};

/** Monday to Friday: the days "Copy to all weekdays" sets (docs/booking.md). */
export const WORKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri'] as const satisfies readonly Weekday[];

/**
 * The week with Monday to Friday given `day`'s hours as typed (each interval its own copy, so
 * a later edit of one day leaves the others); the weekend keeps its own. Nothing is saved:
 * the form holds it until Save.
 */
export function copyToWorkdays(
  weekly: SettingsDraft['weekly'],
  day: Weekday,
): SettingsDraft['weekly'] {
  const copy = () => weekly[day].map(([from, to]): [string, string] => [from, to]);
  return eachDay((other) =>
    WORKDAYS.some((workday) => workday === other) ? copy() : weekly[other],
  );
}

export function toDraft(settings: BookingSettings): SettingsDraft {
  return {
    ...eachNumber((field) => String(settings[field])),
    enabled: settings.enabled,
    timezone: settings.timezone,
    maxPerDay: settings.maxPerDay === null ? '' : String(settings.maxPerDay),
    weekly: eachDay((day) =>
      settings.weekly[day].map(([from, to]): [string, string] => [from, to]),
    ),
    location: settings.location,
    reminderMinutes: settings.reminderMinutes.map(String),
    busyFeedUrl: settings.busyFeedUrl ?? '',
  };
}

/**
 * A typed number as the server reads it. Anything but digits becomes NaN, which JSON sends as
 * null: the server then refuses it with its own message naming the field and its range, so
 * the form holds no second copy of the rules (src/shared/booking.ts).
 */
function wholeNumber(typed: string): number {
  const trimmed = typed.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The body of `booking.saveSettings` from what the form holds. */
export function fromDraft(draft: SettingsDraft): BookingSettingsInput {
  return {
    ...eachNumber((field) => wholeNumber(draft[field])),
    enabled: draft.enabled,
    timezone: draft.timezone,
    maxPerDay: draft.maxPerDay.trim() === '' ? null : wholeNumber(draft.maxPerDay),
    weekly: eachDay((day) =>
      draft.weekly[day].map(([from, to]): [string, string] => [from.trim(), to.trim()]),
    ),
    location: draft.location,
    reminderMinutes: draft.reminderMinutes.map(wholeNumber),
    busyFeedUrl: draft.busyFeedUrl.trim() === '' ? null : draft.busyFeedUrl,
  };
}
