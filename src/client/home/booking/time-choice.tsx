import { slotName, slotsByDay, timeText, type Slot } from '#shared/meeting-time';
import { choiceChip } from '#shared/choice-chip';
import { PICKER_TEXTS as T } from './picker-texts';

/**
 * The days that have free times, then that day's times, as native radio groups: arrow keys move
 * inside a group, Tab to the next. Days and times follow the visitor's zone. Each time's name
 * is its whole date and time ("Tuesday 2 June 2026, 10:00"), not "10:00" alone.
 */
export function TimeChoice({
  slots,
  zone,
  dayKey,
  start,
  error,
  onDay,
  onStart,
}: {
  slots: Slot[];
  zone: string;
  dayKey: string | null;
  start: string | null;
  /** The field's message ("Choose one of the times offered."). */
  error?: string;
  onDay: (key: string) => void;
  onStart: (start: string) => void;
}) {
  const days = slotsByDay(slots, zone);
  const day = days.find((d) => d.key === dayKey) ?? days[0];
  if (!day) return null;
  return (
    <div className="grid gap-5">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-ink">{T.days}</legend>
        <div className="grid grid-cols-2 gap-2">
          {days.map((d) => (
            <div key={d.key}>
              <input
                type="radio"
                name="booking-day"
                id={`booking-day-${d.key}`}
                value={d.key}
                checked={d.key === day.key}
                onChange={() => onDay(d.key)}
                className="peer sr-only"
              />
              <label htmlFor={`booking-day-${d.key}`} className={choiceChip}>
                {d.name}
              </label>
            </div>
          ))}
        </div>
      </fieldset>
      <fieldset aria-describedby={error ? 'booking-time-error' : undefined}>
        <legend className="mb-2 text-sm font-medium text-ink">
          {T.timesOn} {day.name}
        </legend>
        <div className="grid grid-cols-3 gap-2">
          {day.slots.map((slot) => (
            <div key={slot.start}>
              <input
                type="radio"
                name="booking-time"
                id={`booking-time-${slot.start}`}
                value={slot.start}
                checked={slot.start === start}
                onChange={() => onStart(slot.start)}
                aria-invalid={error ? true : undefined}
                className="peer sr-only"
              />
              <label htmlFor={`booking-time-${slot.start}`} className={choiceChip}>
                <span className="sr-only">{slotName(new Date(slot.start), zone)}</span>
                <span aria-hidden="true">{timeText(new Date(slot.start), zone)}</span>
              </label>
            </div>
          ))}
        </div>
        {error ? (
          <p id="booking-time-error" className="mt-1.5 text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        ) : null}
      </fieldset>
    </div>
  );
}
