import { useBlocker } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { BOOKING_RANGES, type BookingSettings } from '#shared/booking';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Button, Switch, TextInputField } from '../../ui/controls';
import { errorMessage } from '../../ui/errors';
import { CalendarFeed, type FeedState } from './calendar-feed';
import { RemindersField } from './reminders-field';
import { fromDraft, toDraft, type NumberField, type SettingsDraft } from './settings-draft';
import { settingsIssues, type SettingsIssue } from './settings-issues';
import { TimezoneField } from '../../ui/timezone-field';
import { WeeklyHours } from './weekly-hours';

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

/**
 * The Booking settings form (docs/admin-guide.md, "Booking settings"): plain sections, Save,
 * and what the server refused shown at each field and listed above, naming it; what was typed
 * stays.
 */
export function SettingsEditor({ saved, feed }: { saved: BookingSettings; feed: FeedState }) {
  const [draft, setDraft] = useState<SettingsDraft>(() => toDraft(saved));
  // What the form was last loaded or saved as: right after a save, before the screen's read
  // of the settings comes back, the form is already "saved".
  const [baseline, setBaseline] = useState<SettingsDraft>(draft);
  const [issues, setIssues] = useState<SettingsIssue[]>([]);
  const [refused, setRefused] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const utils = trpc.useUtils();
  const save = trpc.booking.saveSettings.useMutation();
  const isDirty = JSON.stringify(draft) !== JSON.stringify(baseline);
  const leaving = useBlocker({
    shouldBlockFn: () => true,
    disabled: !isDirty,
    enableBeforeUnload: () => isDirty,
    withResolver: true,
  });
  const byField = Object.fromEntries(issues.map((issue) => [issue.field, issue.message]));

  // After a refused save the cursor goes to the first field to fix.
  useEffect(() => {
    if (refused > 0) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [refused]);

  const change = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    save.mutate(
      { settings: fromDraft(draft) },
      {
        onSuccess: ({ settings }) => {
          setIssues([]);
          const stored = toDraft(settings);
          setDraft(stored);
          setBaseline(stored);
          toast({
            title: 'Booking settings saved',
            description: settings.enabled
              ? 'Visitors are offered the free times below.'
              : 'Booking is off: visitors are offered no times.',
          });
          void utils.booking.settings.invalidate();
          void utils.booking.slots.invalidate();
        },
        onError: (error) => {
          const found = settingsIssues(error);
          setIssues(found);
          if (found.length > 0) setRefused((count) => count + 1);
          else {
            toast({
              title: 'Error',
              description: `Failed to save the booking settings: ${errorMessage(error)}`,
              variant: 'destructive',
            });
          }
        },
      },
    );
  };

  return (
    <>
      <form
        ref={formRef}
        onSubmit={submit}
        aria-label="Booking settings"
        noValidate
        className="flex flex-col gap-6"
      >
        <IssueList issues={issues} />

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

        <SaveBar attention={issues.length > 0} isDirty={isDirty} isPending={save.isPending} />
      </form>
      <ConfirmDialog
        isOpen={leaving.status === 'blocked'}
        title="Leave without saving?"
        question="Your changes to the booking settings are not saved. If you leave now, they are lost."
        confirmLabel="Leave"
        pendingLabel="Leaving..."
        isPending={false}
        onCancel={() => leaving.reset?.()}
        onConfirm={() => leaving.proceed?.()}
      />
    </>
  );
}

/** What the server refused, listed above the form, each field named. */
function IssueList({ issues }: { issues: SettingsIssue[] }) {
  if (issues.length === 0) return null;
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-semibold">Not saved: please fix these fields.</p>
      <ul className="mt-2 list-disc pl-5">
        {issues.map((issue) => (
          <li key={issue.field}>
            {issue.label}: {issue.message}
          </li>
        ))}
      </ul>
    </div>
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
  change: <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) => void;
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

/** Save, kept in view at the form's foot, and whether what is shown is saved. */
function SaveBar({
  attention,
  isDirty,
  isPending,
}: {
  attention: boolean;
  isDirty: boolean;
  isPending: boolean;
}) {
  return (
    <div className="sticky bottom-0 flex flex-wrap items-center justify-end gap-3 border-t border-line bg-surface py-3">
      <p className="text-sm text-muted" aria-live="polite">
        {attention
          ? 'Some fields need attention'
          : isDirty
            ? 'Unsaved changes'
            : 'All changes saved'}
      </p>
      <Button type="submit" isPending={isPending}>
        {isPending ? 'Saving...' : 'Save'}
      </Button>
    </div>
  );
}
