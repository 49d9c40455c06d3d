import {
  WEEKDAYS,
  type BookingSettings,
  type BookingSettingsInput,
  type Weekday,
} from '#shared/booking';

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
export function copyToWorkdays(weekly: SettingsDraft['weekly'], day: Weekday) {
  const copy = () => weekly[day].map(([from, to]): [string, string] => [from, to]);
  return {
    ...weekly,
    ...Object.fromEntries(WORKDAYS.map((workday) => [workday, copy()])),
  } as SettingsDraft['weekly'];
}

export function toDraft(settings: BookingSettings): SettingsDraft {
  const numbers = Object.fromEntries(
    NUMBER_FIELDS.map((field) => [field, String(settings[field])]),
  ) as Record<NumberField, string>;
  return {
    ...numbers,
    enabled: settings.enabled,
    timezone: settings.timezone,
    maxPerDay: settings.maxPerDay === null ? '' : String(settings.maxPerDay),
    weekly: Object.fromEntries(
      WEEKDAYS.map((day) => [day, settings.weekly[day].map(([from, to]) => [from, to])]),
    ) as SettingsDraft['weekly'],
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
  const numbers = Object.fromEntries(
    NUMBER_FIELDS.map((field) => [field, wholeNumber(draft[field])]),
  ) as Record<NumberField, number>;
  return {
    ...numbers,
    enabled: draft.enabled,
    timezone: draft.timezone,
    maxPerDay: draft.maxPerDay.trim() === '' ? null : wholeNumber(draft.maxPerDay),
    weekly: Object.fromEntries(
      WEEKDAYS.map((day) => [day, draft.weekly[day].map(([from, to]) => [from.trim(), to.trim()])]),
    ) as BookingSettingsInput['weekly'],
    location: draft.location,
    reminderMinutes: draft.reminderMinutes.map(wholeNumber),
    busyFeedUrl: draft.busyFeedUrl.trim() === '' ? null : draft.busyFeedUrl,
  };
}
