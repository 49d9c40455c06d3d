import { useBlocker } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { BookingSettings } from '#shared/booking';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Button } from '../../ui/controls';
import { errorMessage } from '../../ui/errors';
import type { FeedState } from './calendar-feed';
import { fromDraft, toDraft, type SettingsDraft } from './settings-draft';
import { settingsIssues, type SettingsIssue } from './settings-issues';
import { SettingsSections } from './settings-sections';

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

        <SettingsSections
          draft={draft}
          byField={byField}
          change={change}
          saved={saved}
          feed={feed}
        />

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
