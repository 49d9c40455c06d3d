import { useId, useRef } from 'react';
import { Input, Label, TextField } from 'react-aria-components';
import { BOOKING_LIMITS, WEEKDAYS, minutesOfDay, type Weekday } from '#shared/booking';
import { Button, fieldInput } from '../../ui/controls';
import { copyToWorkdays, type SettingsDraft } from './settings-draft';
import { DAY_NAMES } from './settings-issues';
import { useFocusAfterRender } from './use-focus-after-render';

type Weekly = SettingsDraft['weekly'];

/** The hours offered after the day's last interval: the hour that follows it, or a workday. */
function nextInterval(intervals: [string, string][]): [string, string] {
  const last = intervals.at(-1)?.[1];
  if (last === undefined || !/^\d\d:\d\d$/.test(last)) return ['09:00', '17:00'];
  const from = minutesOfDay(last);
  if (from >= 23 * 60) return ['', ''];
  const to = from + 60;
  const hhmm = (minutes: number) =>
    `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return [hhmm(from), hhmm(to)];
}

function TimeField({
  label,
  value,
  onChange,
  isInvalid,
  describedBy,
  inputRef,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  isInvalid: boolean;
  describedBy: string | undefined;
  inputRef?: (input: HTMLInputElement | null) => void;
}) {
  return (
    <TextField
      value={value}
      onChange={onChange}
      isInvalid={isInvalid}
      validationBehavior="aria"
      aria-describedby={describedBy}
      className="flex w-24 flex-col gap-1"
    >
      <Label className="text-sm font-medium text-ink">{label}</Label>
      {/* No numeric keypad: a phone's has no colon. */}
      <Input ref={inputRef} placeholder="HH:MM" className={fieldInput} />
    </TextField>
  );
}

/**
 * Weekly hours, one row per weekday: the intervals taken calls in, each with its start and
 * end, added and removed with buttons; a day's hours can be copied to Monday-Friday at once.
 * An interval the server refused (an overlap, an end before its start) shows its message
 * under it, tied to both of its fields.
 */
export function WeeklyHours({
  weekly,
  issues,
  onChange,
}: {
  weekly: Weekly;
  issues: Record<string, string>;
  onChange: (weekly: Weekly) => void;
}) {
  const baseId = useId();
  const starts = useRef(new Map<string, HTMLInputElement>());
  const addButtons = useRef(new Map<Weekday, HTMLButtonElement>());
  const focusAfterRender = useFocusAfterRender();

  const setDay = (day: Weekday, intervals: [string, string][]) =>
    onChange({ ...weekly, [day]: intervals });

  return (
    <div className="flex flex-col divide-y divide-line">
      {WEEKDAYS.map((day) => {
        const intervals = weekly[day];
        const dayIssue = issues[`weekly.${day}`];
        const dayIssueId = `${baseId}-${day}-issue`;
        return (
          <fieldset key={day} className="py-4">
            <legend className="float-left mb-2 w-full font-semibold text-ink">
              {DAY_NAMES[day]}
            </legend>
            <div className="clear-left flex min-w-0 flex-col gap-3">
              {intervals.length === 0 ? (
                <p className="text-sm text-muted">No calls on this day.</p>
              ) : null}
              {intervals.map(([from, to], index) => {
                const key = `weekly.${day}.${index}`;
                const issue = issues[key];
                const issueId = `${baseId}-${day}-${index}-issue`;
                const name = `${DAY_NAMES[day]}, hours ${index + 1}`;
                const change = (next: [string, string]) =>
                  setDay(
                    day,
                    intervals.map((interval, i) => (i === index ? next : interval)),
                  );
                return (
                  <div key={index} role="group" aria-label={name} className="flex flex-col gap-1">
                    <div className="flex flex-wrap items-end gap-2">
                      <TimeField
                        inputRef={(input) => {
                          if (input) starts.current.set(`${day}.${index}`, input);
                          else starts.current.delete(`${day}.${index}`);
                        }}
                        label="From"
                        value={from}
                        onChange={(value) => change([value, to])}
                        isInvalid={Boolean(issue)}
                        describedBy={issue ? issueId : undefined}
                      />
                      <TimeField
                        label="To"
                        value={to}
                        onChange={(value) => change([from, value])}
                        isInvalid={Boolean(issue)}
                        describedBy={issue ? issueId : undefined}
                      />
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={`Remove ${name}`}
                        onPress={() => {
                          setDay(
                            day,
                            intervals.filter((_, i) => i !== index),
                          );
                          focusAfterRender(() => addButtons.current.get(day));
                        }}
                      >
                        Remove
                      </Button>
                    </div>
                    {issue ? (
                      <p id={issueId} className="text-sm text-red-700 dark:text-red-300">
                        {issue}
                      </p>
                    ) : null}
                  </div>
                );
              })}
              <div>
                <Button
                  ref={(button) => {
                    if (button) addButtons.current.set(day, button);
                  }}
                  variant="secondary"
                  size="sm"
                  aria-label={`Add hours on ${DAY_NAMES[day]}`}
                  aria-describedby={dayIssue ? dayIssueId : undefined}
                  isDisabled={intervals.length >= BOOKING_LIMITS.intervalsPerDayMax}
                  onPress={() => {
                    setDay(day, [...intervals, nextInterval(intervals)]);
                    focusAfterRender(() => starts.current.get(`${day}.${intervals.length}`));
                  }}
                >
                  Add hours
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="ml-2"
                  aria-label={`Copy ${DAY_NAMES[day]}'s hours to all weekdays`}
                  onPress={() => onChange(copyToWorkdays(weekly, day))}
                >
                  Copy to all weekdays
                </Button>
              </div>
              {dayIssue ? (
                <p id={dayIssueId} className="text-sm text-red-700 dark:text-red-300">
                  {dayIssue}
                </p>
              ) : null}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
