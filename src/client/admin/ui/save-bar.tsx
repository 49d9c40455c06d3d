/**
 * The foot of an admin form: whether what is typed is stored ("Unsaved changes", "All changes
 * saved") and its Save, a submit button reading "Saving..." while it saves; the form's other
 * actions, if any, after it. Used by the proposals' and the invoices' editors and settings.
 */
import type { ReactNode } from 'react';
import { Button } from './controls';

interface SaveBarProps {
  /** What is typed differs from what is stored. */
  isDirty: boolean;
  isPending: boolean;
  /** Save's words: "Save" unless the form names what it saves ("Save profile"). */
  label?: string;
  /** `secondary` where another action after Save is the form's main one (Send, Issue). */
  variant?: 'primary' | 'secondary';
  /**
   * Save can be pressed with nothing changed (the seller profile's always could); elsewhere it
   * is disabled until something is.
   */
  savesUnchanged?: boolean;
  /** The form's other actions, after Save. */
  children?: ReactNode;
}

export function SaveBar({
  isDirty,
  isPending,
  label = 'Save',
  variant = 'primary',
  savesUnchanged = false,
  children,
}: SaveBarProps) {
  return (
    <div className="flex flex-wrap items-center justify-end gap-3">
      <p className="text-sm text-muted">{isDirty ? 'Unsaved changes' : 'All changes saved'}</p>
      <Button
        type="submit"
        variant={variant}
        isPending={isPending}
        isDisabled={!savesUnchanged && !isDirty}
      >
        {isPending ? 'Saving...' : label}
      </Button>
      {children}
    </div>
  );
}
