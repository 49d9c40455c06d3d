import { useBlocker, useNavigate } from '@tanstack/react-router';
import type { EntryKind } from '#shared/entries';
import type { Entry } from '#shared/shapes/entries';
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Button } from '../ui/controls';
import { errorMessage, isConflict } from '../ui/errors';
import { serverIssues } from '../ui/field-issues';
import { EntryForm } from './entry-form';
import { ENTRY_SCREENS } from './entry-screens';
import {
  checkEntry,
  EMPTY_ENTRY,
  fieldKey,
  valuesOf,
  type EntryErrors,
  type EntryValues,
} from './entry-values';

/** The server's 400 (or a slug's 409) as messages at their fields; empty for any other error. */
function issuesByField(error: unknown): EntryErrors {
  const errors: EntryErrors = {};
  for (const { path, message } of serverIssues(error)) errors[fieldKey(path)] ??= message;
  return errors;
}

const focusFirstInvalid = () =>
  // After the messages are drawn: the first field with one takes the cursor.
  requestAnimationFrame(() =>
    document.querySelector<HTMLElement>('#entry-form [aria-invalid="true"]')?.focus(),
  );

interface EntryEditorProps {
  kind: EntryKind;
  /** Null: a new entry, created by its first Save. */
  entry: Entry | null;
  /** Told when the text starts or stops differing from the saved one (publishing waits). */
  onDirtyChange?: (isDirty: boolean) => void;
}

/**
 * An entry's text and Save (docs/admin-guide.md, "Case studies and insights"). The page's
 * check shows its messages once Save was pressed; the server's refusals show at their fields.
 * A save carries the version the form started from: when someone saved meanwhile (409) the
 * text typed stays on screen, with a way to load theirs.
 */
export function EntryEditor({ kind, entry, onDirtyChange }: EntryEditorProps) {
  const screen = ENTRY_SCREENS[kind];
  const [initial] = useState<EntryValues>(() => (entry ? valuesOf(entry) : EMPTY_ENTRY));
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<EntryErrors>({});
  const [stale, setStale] = useState(false);
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.entries.create.useMutation();
  const save = trpc.entries.save.useMutation();
  const saving = create.isPending || save.isPending;
  const check = checkEntry(kind, values);
  const errors = { ...(submitted && !check.ok ? check.errors : {}), ...serverErrors };
  const isDirty = values !== initial;
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);
  /** Set before a navigation the save itself makes: nothing is left unsaved then. */
  const leavingSaved = useRef(false);

  const change = (next: EntryValues) => {
    setValues(next);
    setServerErrors({});
  };

  const refused = (error: unknown) => {
    const issues = issuesByField(error);
    if (Object.keys(issues).length > 0) {
      setServerErrors(issues);
      focusFirstInvalid();
    } else if (isConflict(error)) {
      setStale(true);
    } else {
      toast({
        title: 'Error',
        description: `Failed to save the ${screen.lower}: ${errorMessage(error)}`,
        variant: 'destructive',
      });
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSubmitted(true);
    if (!check.ok) {
      focusFirstInvalid();
      return;
    }
    if (!entry) {
      create.mutate(
        { kind, ...check.text },
        {
          onSuccess: ({ entry: made }) => {
            toast({ title: `${screen.singular} created`, description: 'Saved as a draft.' });
            void utils.entries.list.invalidate();
            leavingSaved.current = true;
            void navigate({ to: screen.editor, params: { id: String(made.id) }, replace: true });
          },
          onError: refused,
        },
      );
      return;
    }
    save.mutate(
      { id: entry.id, baseVersion: entry.version, ...check.text },
      {
        onSuccess: ({ entry: saved }) => {
          toast({ title: `${screen.singular} saved`, description: `Version ${saved.version}.` });
          // The page reads the new version (and its list of versions); the form starts again from it.
          void utils.entries.get.invalidate({ id: entry.id });
          void utils.entries.list.invalidate();
        },
        onError: refused,
      },
    );
  };

  return (
    <form
      id="entry-form"
      onSubmit={submit}
      aria-label={entry ? `${screen.singular}: ${entry.title}` : `New ${screen.lower}`}
      noValidate
      className="flex min-w-0 flex-col gap-4"
    >
      <EntryForm
        kind={kind}
        values={values}
        errors={errors}
        onChange={change}
        isNew={entry === null}
      />
      {stale ? (
        <StaleNotice
          lower={screen.lower}
          onReload={() => {
            setStale(false);
            if (entry) void utils.entries.get.invalidate({ id: entry.id });
          }}
        />
      ) : null}
      <SaveBar
        status={
          submitted && !check.ok
            ? 'Some fields need attention'
            : isDirty
              ? 'Unsaved changes'
              : entry
                ? 'All changes saved'
                : 'Not saved yet'
        }
        saving={saving}
        isNew={entry === null}
      />
      <LeaveUnsaved isDirty={isDirty} leavingSaved={leavingSaved} lower={screen.lower} />
    </form>
  );
}

/** Someone saved meanwhile (409): what was typed stays, with a way to load their version. */
function StaleNotice({ lower, onReload }: { lower: string; onReload: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-lg border border-amber-400 bg-amber-50 p-4 text-amber-950 dark:border-amber-600 dark:bg-amber-950 dark:text-amber-100"
    >
      <p>
        Someone saved this {lower} after you opened it, so your changes were not saved. They are
        still here: copy what you want to keep, then reload their version and make your changes
        again.
      </p>
      <Button variant="secondary" onPress={onReload}>
        Reload their version
      </Button>
    </div>
  );
}

/** Save, kept in view at the form's foot, and whether what is shown is saved. */
function SaveBar({ status, saving, isNew }: { status: string; saving: boolean; isNew: boolean }) {
  return (
    <div className="sticky bottom-0 flex flex-wrap items-center justify-end gap-3 border-t border-line bg-raised py-3">
      <p className="text-sm text-muted" aria-live="polite">
        {status}
      </p>
      <Button type="submit" isPending={saving}>
        {saving ? 'Saving...' : isNew ? 'Save draft' : 'Save'}
      </Button>
    </div>
  );
}

/** Leaving with unsaved changes is asked first, unless the save itself is what leaves. */
function LeaveUnsaved({
  isDirty,
  leavingSaved,
  lower,
}: {
  isDirty: boolean;
  leavingSaved: RefObject<boolean>;
  lower: string;
}) {
  const leaving = useBlocker({
    shouldBlockFn: () => !leavingSaved.current,
    disabled: !isDirty,
    enableBeforeUnload: () => isDirty && !leavingSaved.current,
    withResolver: true,
  });
  return (
    <ConfirmDialog
      isOpen={leaving.status === 'blocked'}
      title="Leave without saving?"
      question={`Your changes to this ${lower} are not saved. If you leave now, they are lost.`}
      confirmLabel="Leave"
      pendingLabel="Leaving..."
      isPending={false}
      onCancel={() => leaving.reset?.()}
      onConfirm={() => leaving.proceed?.()}
    />
  );
}
