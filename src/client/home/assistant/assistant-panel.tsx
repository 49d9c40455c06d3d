import { useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { CloseIcon } from '#client/ui/icons';
import { buttonClass } from '#shared/ui-styles';
import { ConversationView } from './conversation-view';
import { HandoffForm } from './handoff-form';
import { QuestionForm } from './question-form';
import { useConversation } from './use-conversation';
import { WaysToAPerson } from './ways-to-a-person';

/**
 * The site assistant's panel (docs/assistant.md, "The panel"), loaded only once "Ask a
 * question" is pressed: a dialog, a sheet at the bottom of a phone's screen, with the
 * question, the answers streaming in, "Send this to a person", and the ways to write or book
 * a call always at its foot. It stays mounted once loaded, so the conversation (in memory
 * only) is still there when the panel opens again.
 */
export default function AssistantPanel({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const conversation = useConversation();
  const [handingOff, setHandingOff] = useState(false);
  const [question, setQuestion] = useState('');
  const close = () => onOpenChange(false);
  const { turns, streaming, error } = conversation;

  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable
      className="fixed inset-0 z-50 flex items-end justify-end bg-black/40 sm:p-4"
    >
      <Modal className="flex max-h-[92dvh] w-full flex-col rounded-t-2xl border border-line bg-surface text-ink shadow-xl sm:max-w-md sm:rounded-2xl">
        <Dialog className="flex min-h-0 flex-1 flex-col outline-none">
          <div className="flex items-center justify-between gap-2 border-b border-line py-1 pr-1 pl-4">
            <Heading slot="title" className="text-lg font-semibold">
              Ask a question
            </Heading>
            <button
              type="button"
              onClick={close}
              aria-label="Close"
              className={buttonClass('ghost', 'icon')}
            >
              <CloseIcon width={20} height={20} />
            </button>
          </div>
          <div className="grid min-h-0 flex-1 content-start gap-4 overflow-y-auto px-4 py-3">
            <p className="text-sm text-muted">
              Answers come only from this site's pages, with links to them. Prices, dates and
              commitments are for a call.
            </p>
            <ConversationView
              turns={turns}
              streaming={streaming}
              offer={
                <div className="mt-3 border-t border-line pt-2">
                  <p className="text-sm">A person can answer this: write to us or book a call.</p>
                  <WaysToAPerson close={close} className="mt-2" />
                </div>
              }
            />
            {error ? (
              <div
                role="alert"
                className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100"
              >
                <p>{error}</p>
                <p className="mt-1">You can write to us with the form or book a call instead.</p>
              </div>
            ) : null}
            <QuestionForm
              busy={streaming !== null}
              question={question}
              setQuestion={setQuestion}
              onAsk={(q) => void conversation.ask(q)}
            />
            {turns.length > 0 ? (
              <div className="grid gap-3 border-t border-line pt-3">
                <button
                  type="button"
                  aria-expanded={handingOff}
                  onClick={() => setHandingOff((open) => !open)}
                  className={buttonClass('secondary', 'md', 'justify-self-start')}
                >
                  Send this to a person
                </button>
                {handingOff ? <HandoffForm messages={conversation.messages} /> : null}
              </div>
            ) : null}
          </div>
          <WaysToAPerson close={close} className="border-t border-line px-4 py-2" />
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
