import { trpc } from '#client/lib/trpc';
import { formatZoneClock, formatZoneDay } from '../../ui/date-time';
import { isNotFound } from '../../ui/errors';
import { EmptyLine, QueryState } from '../../ui/query-state';

/** The first free times shown: enough to see the week's pattern, short enough to read. */
const SHOWN = 12;

interface Day {
  key: string;
  label: string;
  times: { iso: string; label: string }[];
}

/** Slots grouped by their day in `timezone`, soonest first, as the owner's clock reads them. */
function byDay(slots: { start: string }[], timezone: string): Day[] {
  const days: Day[] = [];
  for (const slot of slots) {
    const label = formatZoneDay(slot.start, timezone);
    let current = days.at(-1);
    if (current?.label !== label) {
      current = { key: slot.start, label, times: [] };
      days.push(current);
    }
    current.times.push({ iso: slot.start, label: formatZoneClock(slot.start, timezone) });
  }
  return days;
}

/**
 * "Next free times": the public slots as a visitor is offered them now (the saved settings,
 * booked calls and the calendar's busy times), shown in the owner's zone.
 */
export function NextFreeTimes() {
  const slots = trpc.booking.slots.useQuery({}, { retry: false });
  if (slots.error && isNotFound(slots.error)) {
    return <EmptyLine>Booking is off: visitors are offered no times.</EmptyLine>;
  }
  return (
    <QueryState
      query={slots}
      pending="Loading the next free times..."
      error="Error loading the free times"
      empty={(data) =>
        data.slots.length === 0 &&
        'No free times in the next two weeks. Check the weekly hours, the notice and your calendar.'
      }
    >
      {(data) => (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-muted">
            In {data.timezone}, {data.meetingMinutes} minutes each.
          </p>
          <ul className="flex flex-col gap-2">
            {byDay(data.slots.slice(0, SHOWN), data.timezone).map((day) => (
              <li key={day.key}>
                <span className="font-medium text-ink">{day.label}:</span>{' '}
                {day.times.map((time, index) => (
                  <span key={time.iso}>
                    {index > 0 ? ', ' : ''}
                    <time dateTime={time.iso}>{time.label}</time>
                  </span>
                ))}
              </li>
            ))}
          </ul>
          {data.slots.length > SHOWN ? (
            <p className="text-sm text-muted">
              and {data.slots.length - SHOWN} more in the next two weeks.
            </p>
          ) : null}
        </div>
      )}
    </QueryState>
  );
}
