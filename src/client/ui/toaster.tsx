import { Suspense, lazy, useEffect, useSyncExternalStore } from 'react';
import { recordedLoad } from '#client/lib/code-loads';
import { TOAST_HOTKEY } from '#shared/constants';
import { isToastListed, subscribeToastList, TOAST_REGION_ATTRIBUTE } from './toast-list';

/**
 * F8 moves focus to the newest toast (docs/product.md, "Toasts"), so keyboard users can read, act on or
 * dismiss it. Returns the function that removes the listener.
 */
export function installToastHotkey(doc: Document = document): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== TOAST_HOTKEY) return;
    const region = doc.querySelector(`[${TOAST_REGION_ATTRIBUTE}]`);
    const target = region?.querySelector<HTMLElement>('[role="alertdialog"]');
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
  doc.addEventListener('keydown', onKeyDown);
  return () => doc.removeEventListener('keydown', onKeyDown);
}

/** The name under which the region's code load is recorded (client/lib/code-loads.ts). */
export const TOAST_REGION = 'toast-region';

// The region's code (react-aria's toast parts and the queue) is only fetched once a toast is
// listed, which needs the queue (toast.ts) to have been loaded by whoever raised it.
const ToastRegionView = lazy(recordedLoad(TOAST_REGION, () => import('./toast-region')));

/** Where toasts appear; mount once per page. */
export function Toaster() {
  const hasListed = useSyncExternalStore(subscribeToastList, isToastListed, () => false);

  useEffect(() => installToastHotkey(), []);

  return hasListed ? (
    <Suspense fallback={null}>
      <ToastRegionView />
    </Suspense>
  ) : null;
}
