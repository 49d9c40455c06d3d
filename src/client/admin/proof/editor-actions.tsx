import { useId, useState } from 'react';
import type { ProofStatus } from '#shared/proof';
import { Button } from '../ui/controls';
import { ConfirmDialog } from '../ui/confirm-dialog';

interface EditorActionsProps {
  /** Undefined for one not created yet: only Save. */
  status: ProofStatus | undefined;
  /** What the thing is called in the buttons and the dialog: "testimonial", "logo". */
  noun: string;
  /** Why Publish may be refused, read with the button (never a silently disabled one). */
  publishHint: string;
  pending: 'save' | 'publish' | 'unpublish' | 'delete' | null;
  onPublish: () => void;
  onUnpublish: () => void;
  onDelete: () => void;
}

/**
 * Save (the form's submit), Publish or Unpublish, Delete after a question. Publish is always
 * pressable: the server judges, and its words come back to the fields.
 */
export function EditorActions({
  status,
  noun,
  publishHint,
  pending,
  onPublish,
  onUnpublish,
  onDelete,
}: EditorActionsProps) {
  const hintId = useId();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex flex-col gap-2 border-t border-line pt-4">
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" isPending={pending === 'save'}>
          {pending === 'save' ? 'Saving...' : status ? 'Save' : 'Save draft'}
        </Button>
        {status === 'draft' ? (
          <Button
            variant="secondary"
            aria-describedby={hintId}
            isPending={pending === 'publish'}
            onPress={onPublish}
          >
            {pending === 'publish' ? 'Publishing...' : 'Publish'}
          </Button>
        ) : null}
        {status === 'published' ? (
          <Button variant="secondary" isPending={pending === 'unpublish'} onPress={onUnpublish}>
            {pending === 'unpublish' ? 'Unpublishing...' : 'Unpublish'}
          </Button>
        ) : null}
        {status ? (
          <Button variant="danger" className="sm:ml-auto" onPress={() => setConfirming(true)}>
            Delete
          </Button>
        ) : null}
      </div>
      {status === 'draft' ? (
        <p id={hintId} className="text-sm text-muted">
          {publishHint}
        </p>
      ) : status === undefined ? (
        <p className="text-sm text-muted">
          Saved as a draft; you can publish it, and add its image, once it is saved.
        </p>
      ) : null}
      <ConfirmDialog
        isOpen={confirming}
        title={`Delete this ${noun}?`}
        question={`The ${noun} and its image are deleted for good${status === 'published' ? ', and it leaves the site at once' : ''}.`}
        confirmLabel={`Delete ${noun}`}
        pendingLabel="Deleting..."
        isPending={pending === 'delete'}
        onConfirm={onDelete}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
