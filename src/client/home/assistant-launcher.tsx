import { Suspense, lazy, useState } from 'react';
import { recordedLoad } from '#client/lib/code-loads';
import { useHydrated } from '#client/lib/use-hydrated';
import { buttonClass } from '#shared/ui-styles';

/**
 * The id of "Ask a question": the server renders it only while the assistant is on
 * (docs/assistant.md, "The panel"), and the page's script reads from it that it is.
 */
export const ASSISTANT_LAUNCHER_ID = 'assistant-launcher';
/** The name under which the panel's code load is recorded (client/lib/code-loads.ts). */
export const ASSISTANT_PANEL = 'assistant-panel';

// The panel's code comes only when asked for: pressed, or fetched ahead on focus or hover (a
// touch's pointerenter comes as the finger lands, before the tap's click).
const loadPanel = recordedLoad(ASSISTANT_PANEL, () => import('./assistant/assistant-panel'));
const AssistantPanel = lazy(loadPanel);
// A failed fetch ahead is the press's to meet again (the lazy panel asks once more).
const prefetch = () => void loadPanel().catch(() => {});

/**
 * Shown from the press until the panel's code has come (seconds on a slow phone): the sheet's
 * place, saying so, so a press is never met by nothing.
 */
function Opening() {
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-end bg-black/40 sm:p-4">
      <p
        role="status"
        className="w-full rounded-t-2xl border border-line bg-surface px-4 py-6 text-ink shadow-xl sm:max-w-md sm:rounded-2xl"
      >
        Opening the assistant…
      </p>
    </div>
  );
}

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
        <Suspense fallback={open ? <Opening /> : null}>
          <AssistantPanel isOpen={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
