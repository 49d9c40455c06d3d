import { useId } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { Fact } from '../../../shared/types';
import { Button } from '../controls';

interface DeleteFactDialogProps {
  /** The fact asked about; null keeps the dialog closed. */
  fact: Fact | null;
  isDeleting: boolean;
  onConfirm: (fact: Fact) => void;
  onCancel: () => void;
}

/**
 * The spec's "browser confirm", as an accessible alert dialog: focus starts on Cancel, the
 * question is the dialog's description, and Escape cancels.
 */
export function DeleteFactDialog({ fact, isDeleting, onConfirm, onCancel }: DeleteFactDialogProps) {
  const descriptionId = useId();
  return (
    <ModalOverlay
      isOpen={fact !== null}
      onOpenChange={(open) => {
        if (!open && !isDeleting) onCancel();
      }}
      isDismissable={!isDeleting}
      isKeyboardDismissDisabled={isDeleting}
      className="fixed inset-0 z-40 flex items-center justify-center bg-black/50 p-4"
    >
      <Modal className="w-full max-w-md rounded-lg bg-raised p-6 shadow-xl">
        <Dialog role="alertdialog" aria-describedby={descriptionId} className="outline-none">
          <Heading slot="title" className="text-lg font-semibold text-ink">
            Delete fact
          </Heading>
          <p id={descriptionId} className="mt-3 text-muted">
            Are you sure you want to delete this fact?
          </p>
          {fact ? (
            <blockquote className="mt-3 border-l-4 border-line-strong pl-3 text-sm text-muted">
              {fact.factText}
            </blockquote>
          ) : null}
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="secondary" onPress={onCancel} isDisabled={isDeleting} autoFocus>
              Cancel
            </Button>
            <Button
              variant="danger"
              isPending={isDeleting}
              onPress={() => {
                if (fact) onConfirm(fact);
              }}
            >
              {isDeleting ? 'Deleting...' : 'Delete'}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
