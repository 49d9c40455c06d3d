import { useRef } from 'react';
import { BOOKING_LIMITS, BOOKING_RANGES } from '#shared/booking';
import { Button, TextInputField } from '../../ui/controls';
import { useFocusAfterRender } from './use-focus-after-render';

const [MIN, MAX] = BOOKING_RANGES.reminderMinutes;

/** A typed number of minutes in words ("1 day", "2 hours"), for the hint under it. */
function inWords(typed: string): string | null {
  if (!/^\d+$/.test(typed.trim())) return null;
  const minutes = Number(typed);
  if (minutes >= 1440 && minutes % 1440 === 0) {
    const days = minutes / 1440;
    return days === 1 ? 'a day before' : `${days} days before`;
  }
  if (minutes >= 60 && minutes % 60 === 0) {
    const hours = minutes / 60;
    return hours === 1 ? 'an hour before' : `${hours} hours before`;
  }
  return minutes === 1 ? 'a minute before' : `${minutes} minutes before`;
}

/**
 * The reminders mailed to the visitor: a small list of minutes before the call, up to the
 * server's limit, each added and removed with a button.
 */
export function RemindersField({
  values,
  issues,
  onChange,
}: {
  values: string[];
  issues: Record<string, string>;
  onChange: (values: string[]) => void;
}) {
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const addButton = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const listIssue = issues['reminderMinutes'];

  return (
    <div className="flex flex-col gap-3">
      {values.length === 0 ? <p className="text-sm text-muted">No reminders are sent.</p> : null}
      {values.map((value, index) => (
        // The button sits level with the field, above the hint in words beneath it.
        <div key={index} className="flex flex-wrap items-start gap-2">
          <div className="w-56">
            <TextInputField
              label={`Reminder ${index + 1}: minutes before`}
              inputMode="numeric"
              value={value}
              onChange={(next) => onChange(values.map((v, i) => (i === index ? next : v)))}
              error={issues[`reminderMinutes.${index}`]}
              description={inWords(value) ?? `${MIN} to ${MAX.toLocaleString('en-US')}`}
              inputRef={(input) => {
                inputs.current[index] = input;
              }}
            />
          </div>
          <div className="pt-6">
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Remove reminder ${index + 1}`}
              onPress={() => {
                onChange(values.filter((_, i) => i !== index));
                focusAfterRender(() => addButton.current);
              }}
            >
              Remove
            </Button>
          </div>
        </div>
      ))}
      {listIssue ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {listIssue}
        </p>
      ) : null}
      <div>
        <Button
          ref={addButton}
          variant="secondary"
          size="sm"
          isDisabled={values.length >= BOOKING_LIMITS.remindersMax}
          onPress={() => {
            onChange([...values, '']);
            focusAfterRender(() => inputs.current[values.length]);
          }}
        >
          Add a reminder
        </Button>
      </div>
    </div>
  );
}
