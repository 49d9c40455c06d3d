import { WEEKDAYS, type Weekday } from '#shared/booking';
import { serverIssues } from '../../ui/field-issues';

export const DAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** The field names people read, for the summary of a refused save. */
const FIELD_NAMES: Record<string, string> = {
  enabled: 'Visitors can book a free call',
  timezone: 'Time zone',
  meetingMinutes: 'Meeting length',
  slotStepMinutes: 'Step between start times',
  bufferBeforeMinutes: 'Free time before a call',
  bufferAfterMinutes: 'Free time after a call',
  minNoticeHours: 'Minimum notice',
  horizonDays: 'How far ahead',
  maxPerDay: 'Calls a day',
  location: 'Where the call happens',
  cancelCutoffHours: 'Cancel cut-off',
  reminderMinutes: 'Reminders',
  busyFeedUrl: 'Calendar address',
};

export interface SettingsIssue {
  /** The form's field: `timezone`, `weekly.tue.1` (an interval), `reminderMinutes.0`, … */
  field: string;
  /** The field named for a person: "Tuesday, hours 2". */
  label: string;
  message: string;
}

const isWeekday = (part: string | undefined): part is Weekday =>
  WEEKDAYS.some((day) => day === part);

/**
 * The form field an issue path of `booking.saveSettings` names (docs/api.md: dotted paths
 * inside the input, `settings.weekly.tue.0.1`): an interval's start or end belongs to the
 * interval (`weekly.tue.0`), a day's own issue (too many intervals) to the day.
 */
export function issueField(path: string): string {
  const parts = path.split('.');
  if (parts[0] === 'settings') parts.shift();
  const [name, second, third] = parts;
  if (name === 'weekly' && isWeekday(second)) {
    return third === undefined ? `weekly.${second}` : `weekly.${second}.${third}`;
  }
  if (name === 'reminderMinutes' && second !== undefined) return `reminderMinutes.${second}`;
  return name ?? '';
}

/** The field's name as the summary of a refused save shows it. */
export function fieldLabel(field: string): string {
  const [name, second, third] = field.split('.');
  if (name === 'weekly' && isWeekday(second)) {
    const day = DAY_NAMES[second];
    return third === undefined ? day : `${day}, hours ${Number(third) + 1}`;
  }
  if (name === 'reminderMinutes' && second !== undefined) return `Reminder ${Number(second) + 1}`;
  return FIELD_NAMES[name ?? ''] ?? 'Settings';
}

/** The server's 400 as issues per field, the first message of each, in the server's order. */
export function settingsIssues(error: unknown): SettingsIssue[] {
  const found = new Map<string, SettingsIssue>();
  for (const { path, message } of serverIssues(error)) {
    const field = issueField(path);
    if (!found.has(field)) found.set(field, { field, label: fieldLabel(field), message });
  }
  return [...found.values()];
}
