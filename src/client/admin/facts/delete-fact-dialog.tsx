import type { Fact } from '#shared/shapes/facts';
import { ConfirmDialog } from '../ui/confirm-dialog';

interface DeleteFactDialogProps {
  /** The fact asked about; null keeps the dialog closed. */
  fact: Fact | null;
  isDeleting: boolean;
  onConfirm: (fact: Fact) => void;
  onCancel: () => void;
}

/** The spec's "browser confirm", as the admin area's accessible confirmation dialog. */
export function DeleteFactDialog({ fact, isDeleting, onConfirm, onCancel }: DeleteFactDialogProps) {
  return (
    <ConfirmDialog
      isOpen={fact !== null}
      title="Delete fact"
      question="Are you sure you want to delete this fact?"
      detail={fact ? <blockquote>{fact.factText}</blockquote> : null}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      isPending={isDeleting}
      onConfirm={() => {
        if (fact) onConfirm(fact);
      }}
      onCancel={onCancel}
    />
  );
}
