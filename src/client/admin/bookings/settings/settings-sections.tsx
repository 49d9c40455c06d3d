/**
 * The Booking settings form's sections (settings-editor.tsx keeps the draft, Save and what the
 * server refused): taking bookings, the hours, the calls' timing, the calendar.
 */
import { useId, type ReactNode } from 'react';
import { BOOKING_RANGES, type BookingSettings } from '#shared/booking';
import { Switch, TextInputField } from '../../ui/controls';
import { CalendarFeed, type FeedState } from './calendar-feed';
import { RemindersField } from './reminders-field';
import type { NumberField, SettingsDraft } from './settings-draft';
import { TimezoneField } from '../../ui/timezone-field';
import { WeeklyHours } from './weekly-hours';

type Change = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) => void;

/** Every section of the form, each field with the server's message for it. */
export function SettingsSections({
  draft,
  byField,
  change,
  saved,
  feed,
}: {
  draft: SettingsDraft;
  byField: Record<string, string>;
  change: Change;
  saved: BookingSettings;
  feed: FeedState;
}) {
  return (
    <>
      <Section title="Taking bookings">
        <Switch isSelected={draft.enabled} onChange={(value) => change('enabled', value)}>
          Visitors can book a free call
        </Switch>
        <TextInputField
          label="Where the call happens"
          value={draft.location}
          onChange={(value) => change('location', value)}
          error={byField['location']}
          description="A video-call address, “Phone call” or an office address. Visitors see it when they book."
        />
      </Section>

      <Section
        title="Your hours"
        intro="The times you take calls each week, on your clock. A day can have several intervals, e.g. 09:00 to 12:00 and 14:00 to 17:00; they must not overlap. 24:00 is midnight at the day's end."
      >
        <TimezoneField
          value={draft.timezone}
          onChange={(value) => change('timezone', value)}
          error={byField['timezone']}
          description="Your hours below are in this zone, e.g. Europe/London. Summer time follows it."
        />
        <WeeklyHours
          weekly={draft.weekly}
          issues={byField}
          onChange={(value) => change('weekly', value)}
        />
        <TextInputField
          label="Calls a day"
          inputMode="numeric"
          value={draft.maxPerDay}
          onChange={(value) => change('maxPerDay', value)}
          error={byField['maxPerDay']}
          description={`At most this many calls on one day, ${BOOKING_RANGES.maxPerDay[0]} to ${BOOKING_RANGES.maxPerDay[1]}. Empty: no limit.`}
        />
      </Section>

      <TimingSections draft={draft} byField={byField} change={change} />

      <Section
        title="Your calendar"
        intro="With your calendar's address, the times you are busy there are not offered."
      >
        <CalendarFeed
          value={draft.busyFeedUrl}
          saved={saved.busyFeedUrl}
          feed={feed}
          error={byField['busyFeedUrl']}
          onChange={(value) => change('busyFeedUrl', value)}
        />
      </Section>
    </>
  );
}

function Section({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4 border-t border-line pt-6">
      <div>
        <h2 id={id} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        {intro ? <p className="mt-1 text-sm text-muted">{intro}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** A call's length and the time around it, how soon and how far ahead, changes and reminders. */
function TimingSections({
  draft,
  byField,
  change,
}: {
  draft: SettingsDraft;
  byField: Record<string, string>;
  change: Change;
}) {
  const number = (field: NumberField, label: string, unit: string) => {
    const [min, max] = BOOKING_RANGES[field];
    return (
      <TextInputField
        label={label}
        inputMode="numeric"
        value={draft[field]}
        onChange={(value) => change(field, value)}
        error={byField[field]}
        description={`${min} to ${max} ${unit}`}
      />
    );
  };

  return (
    <>
      <Section title="The calls" intro="How long a call is, and the free time kept around it.">
        <div className="grid gap-4 sm:grid-cols-2">
          {number('meetingMinutes', 'Meeting length (minutes)', 'minutes')}
          {number('slotStepMinutes', 'Step between start times (minutes)', 'minutes')}
          {number('bufferBeforeMinutes', 'Free time before a call (minutes)', 'minutes')}
          {number('bufferAfterMinutes', 'Free time after a call (minutes)', 'minutes')}
        </div>
      </Section>

      <Section title="How soon and how far ahead">
        <div className="grid gap-4 sm:grid-cols-2">
          {number('minNoticeHours', 'Minimum notice (hours)', 'hours from now')}
          {number('horizonDays', 'How far ahead (days)', 'days')}
        </div>
      </Section>

      <Section title="Changes and reminders">
        {number('cancelCutoffHours', 'Cancel cut-off (hours before the call)', 'hours')}
        <p className="text-sm text-muted">
          Reminders are e-mailed to the visitor this many minutes before the call (60 is an hour,
          1440 a day), up to three.
        </p>
        <RemindersField
          values={draft.reminderMinutes}
          issues={byField}
          onChange={(value) => change('reminderMinutes', value)}
        />
      </Section>
    </>
  );
}
