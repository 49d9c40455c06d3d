import { Suspense, lazy, useState } from 'react';
import { useHydrated } from '#client/lib/use-hydrated';
import { buttonClass } from '#shared/ui-styles';

/**
 * The id of "Ask a question": the server renders it only while the assistant is on
 * (docs/assistant.md, "The panel"), and the page's script reads from it that it is.
 */
export const ASSISTANT_LAUNCHER_ID = 'assistant-launcher';

// The panel's code comes only when asked for: pressed, or fetched ahead on focus or hover.
const loadPanel = () => import('./assistant/assistant-panel');
const AssistantPanel = lazy(loadPanel);
const prefetch = () => void loadPanel();

/**
 * "Ask a question", floating beside the page's sections; the panel, once loaded, stays
 * mounted (closed) so the conversation is kept while the page is open.
 */
export function AssistantLauncher() {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  // The button floats; the block before it is the room under the footer (in the footer's
  // colour) that keeps the page's last line from staying beneath it.
  return (
    <>
      <div className="h-18 bg-subtle" />
      <button
        id={ASSISTANT_LAUNCHER_ID}
        type="button"
        aria-haspopup="dialog"
        disabled={!hydrated}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        onFocus={prefetch}
        onPointerEnter={prefetch}
        className={buttonClass(
          'primary',
          'md',
          'fixed right-4 bottom-4 z-30 rounded-full shadow-lg',
        )}
      >
        Ask a question
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <AssistantPanel isOpen={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
