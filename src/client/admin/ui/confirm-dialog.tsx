import { useId, type ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './controls';

interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  question: string;
  /** What is about to go, shown under the question. */
  detail?: ReactNode;
  /** A field the action takes (a cancellation's message), above the buttons. */
  children?: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  isPending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A destructive action asked about first, as an accessible alert dialog: focus starts on
 * Cancel, the question is the dialog's description, and Escape cancels (not while pending).
 */
export function ConfirmDialog({
  isOpen,
  title,
  question,
  detail,
  children,
  confirmLabel,
  pendingLabel,
  isPending,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const descriptionId = useId();
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open && !isPending) onCancel();
      }}
      isDismissable={!isPending}
      isKeyboardDismissDisabled={isPending}
      className="fixed inset-0 z-40 flex items-center justify-center bg-black/50 p-4"
    >
      <Modal className="w-full max-w-md rounded-lg bg-raised p-6 shadow-xl">
        <Dialog role="alertdialog" aria-describedby={descriptionId} className="outline-none">
          <Heading slot="title" className="text-lg font-semibold text-ink">
            {title}
          </Heading>
          <p id={descriptionId} className="mt-3 text-muted">
            {question}
          </p>
          {detail ? (
            <div className="mt-3 border-l-4 border-line-strong pl-3 text-sm break-words text-muted">
              {detail}
            </div>
          ) : null}
          {children ? <div className="mt-4">{children}</div> : null}
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="secondary" onPress={onCancel} isDisabled={isPending} autoFocus>
              Cancel
            </Button>
            <Button variant="danger" isPending={isPending} onPress={onConfirm}>
              {isPending ? pendingLabel : confirmLabel}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
