import { useState, type FormEvent } from 'react';
import { Dialog, Form, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { CALL_NOTE_LIMITS } from '#shared/call-notes';
import type { CallNoteAdded } from '#shared/shapes/call-notes';
import { Button, fieldInput, TextInputField } from '../../ui/controls';
import { sendTranscript } from './transcript-upload';

const ACCEPT = CALL_NOTE_LIMITS.extensions.map((extension) => `.${extension}`).join(',');

interface AddTranscriptDialogProps {
  leadId: number;
  /** The call it was, or null for none named. */
  bookingId: number | null;
  /** Words naming the call in the title ("the call of 3 Dec, 10:00"). */
  callLabel: string | null;
  isOpen: boolean;
  /** `added`: the server's answer; absent when closed without adding. */
  onClose: (added?: CallNoteAdded) => void;
}

/**
 * "Add transcript" (docs/engagements.md, "Call notes"): paste the text or choose a .vtt, .srt
 * or .txt file; a chosen file wins over pasted text. The server keeps it and answers the note;
 * its refusal (not UTF-8, empty, over 200 KB) is shown in the dialog, nothing lost.
 */
export function AddTranscriptDialog(props: AddTranscriptDialogProps) {
  const { leadId, bookingId, callLabel, isOpen, onClose } = props;
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const close = (added?: CallNoteAdded) => {
    if (pending) return;
    setError(null);
    if (added) {
      setText('');
      setFile(null);
    }
    onClose(added);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (!file && text.trim() === '') {
      setError('Paste the transcript or choose its file.');
      return;
    }
    setPending(true);
    try {
      const added = await sendTranscript(leadId, { file, text, bookingId });
      setPending(false);
      setText('');
      setFile(null);
      setError(null);
      onClose(added);
    } catch (failure) {
      setPending(false);
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      isDismissable={!pending}
      isKeyboardDismissDisabled={pending}
      className="fixed inset-0 z-40 flex items-center justify-center bg-black/50 p-4"
    >
      <Modal className="max-h-full w-full max-w-lg overflow-auto rounded-lg bg-raised p-6 shadow-xl">
        <Dialog className="outline-none">
          <Heading slot="title" className="text-lg font-semibold text-ink">
            Add transcript{callLabel ? ` of ${callLabel}` : ''}
          </Heading>
          <p className="mt-2 text-sm text-muted">
            The transcript is kept on the lead. With AI on, it writes the notes and a follow-up
            draft for you to read; it never sends anything, and nothing said in the transcript is
            taken as an instruction.
          </p>
          <Form
            onSubmit={(event) => void submit(event)}
            validationBehavior="aria"
            aria-label="Transcript"
            className="mt-4 flex flex-col gap-4"
          >
            <TextInputField
              label="Paste the transcript"
              value={text}
              onChange={setText}
              multiline
              rows={8}
              isDisabled={file !== null}
            />
            <div className="flex flex-col gap-1">
              <label htmlFor="transcript-file" className="text-sm font-medium text-ink">
                Or choose a file (.vtt, .srt, .txt; at most 200 KB)
              </label>
              <input
                id="transcript-file"
                type="file"
                accept={ACCEPT}
                className={fieldInput}
                onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
              />
            </div>
            {error ? (
              <p role="alert" className="text-sm text-red-700 dark:text-red-300">
                {error}
              </p>
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="secondary" onPress={() => close()} isDisabled={pending}>
                Cancel
              </Button>
              <Button type="submit" isPending={pending}>
                {pending ? 'Adding...' : 'Add transcript'}
              </Button>
            </div>
          </Form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
