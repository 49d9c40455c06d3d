import { TextInputField } from '../../ui/controls';
import { DateTime } from '../../ui/date-time';

export interface FeedState {
  fetchedAt: string | null;
  error: string | null;
  busy: number;
}

/**
 * Where each calendar program gives its secret address, in a few words; docs/booking.md
 * ("Finding your calendar's secret iCal address") has the full steps.
 */
const WHERE_TO_FIND: { app: string; steps: string }[] = [
  {
    app: 'Google Calendar',
    steps:
      'on a computer: Settings (the gear), your calendar under “Settings for my calendars”, “Integrate calendar”, then copy “Secret address in iCal format”.',
  },
  {
    app: 'Outlook',
    steps:
      'Outlook on the web: Settings, Calendar, “Shared calendars”, “Publish a calendar”, choose “Can view when I’m busy”, Publish, then copy the ICS link.',
  },
  {
    app: 'iCloud',
    steps:
      'in the Calendar app or at icloud.com, share the calendar as “Public Calendar” and copy its address (the one starting with webcal:// works as it is).',
  },
  {
    app: 'Fastmail',
    steps:
      'Settings, Calendars, the calendar’s “Edit & share”, turn on “Read-only iCal URL” and copy it.',
  },
];

/** What the last read of the calendar gave, or why it failed. */
function FeedStatus({ saved, feed }: { saved: string | null; feed: FeedState }) {
  if (saved === null) {
    return (
      <p className="text-sm text-muted">No calendar connected: only booked calls block times.</p>
    );
  }
  return (
    <div className="flex flex-col gap-1 text-sm">
      {feed.error ? (
        <p className="text-red-700 dark:text-red-300">
          The last read of your calendar failed: {feed.error}
        </p>
      ) : null}
      {feed.fetchedAt ? (
        <p className="text-ink">
          Last read <DateTime iso={feed.fetchedAt} />: {feed.busy}{' '}
          {feed.busy === 1 ? 'busy time' : 'busy times'} ahead.
        </p>
      ) : (
        <p className="text-ink">
          Never read successfully yet: no free times are offered until it is (or clear the address).
        </p>
      )}
    </div>
  );
}

/**
 * The address of the owner's calendar (its events are busy times), where to find it, and
 * how its last read went, for the saved address.
 */
export function CalendarFeed({
  value,
  saved,
  feed,
  error,
  onChange,
}: {
  value: string;
  /** The address the server has: the status below is about it, not about what is typed. */
  saved: string | null;
  feed: FeedState;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex flex-col gap-4">
      <TextInputField
        label="Your calendar’s secret address (iCal)"
        value={value}
        onChange={onChange}
        error={error}
        autoComplete="off"
        description="Leave it empty to use no calendar. Anyone with this address can read your calendar: paste it only here."
      />
      <FeedStatus saved={saved} feed={feed} />
      <details className="rounded-md border border-line p-3 text-sm text-ink">
        <summary className="cursor-pointer py-3 font-medium">Where do I find this address?</summary>
        <ul className="mt-2 flex list-disc flex-col gap-2 pl-5">
          {WHERE_TO_FIND.map(({ app, steps }) => (
            <li key={app}>
              <strong>{app}</strong>: {steps}
            </li>
          ))}
        </ul>
        <p className="mt-2 text-muted">
          Events marked “free” and cancelled events do not block a time; all-day events block the
          whole day. A change in your calendar shows here within about 5 minutes.
        </p>
      </details>
    </div>
  );
}
