import type { Message } from '#shared/shapes/messages';
import { ConfirmDialog } from '../ui/confirm-dialog';

interface DeleteMessageDialogProps {
  /** The message asked about; null keeps the dialog closed. */
  message: Message | null;
  isDeleting: boolean;
  onConfirm: (message: Message) => void;
  onCancel: () => void;
}

export function DeleteMessageDialog({
  message,
  isDeleting,
  onConfirm,
  onCancel,
}: DeleteMessageDialogProps) {
  return (
    <ConfirmDialog
      isOpen={message !== null}
      title="Delete message"
      question="Are you sure you want to delete this message? It cannot be restored."
      detail={message ? `${message.name} <${message.email}>` : null}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      isPending={isDeleting}
      onCancel={onCancel}
      onConfirm={() => {
        if (message) onConfirm(message);
      }}
    />
  );
}
