import { Suspense, lazy, useEffect, useSyncExternalStore } from 'react';
import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';
import {
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
} from '../../shared/constants';

export interface ToastContentValue {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

/** One queue for the whole app, so any module can raise a toast (spec section 8 texts). */
export const toastQueue = new ToastQueue<ToastContentValue>({ maxVisibleToasts: TOAST_LIMIT });

/** Shows a toast for 5 s (spec section 9); only the newest one is visible at a time. */
export function toast(content: ToastContentValue): void {
  toastQueue.add(content, { timeout: TOAST_DURATION_MS });
}

/** Marks the region so the F8 hotkey can find it. */
export const TOAST_REGION_ATTRIBUTE = 'data-toast-region';

/**
 * F8 moves focus to the newest toast (spec section 9), so keyboard users can read, act on or
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

// The region's code (react-aria's toast parts) is only fetched once a toast is raised.
const ToastRegionView = lazy(() => import('./toast-region'));

/**
 * Spec section 9: a dismissed toast stays in the list for TOAST_REMOVE_DELAY_MS before it is
 * removed. The list is what keeps the toast region mounted, so its closing animation and
 * focus restore run; once the last toast has left the list the region unmounts.
 */
const listListeners = new Set<() => void>();
let listed = false;
let removal: ReturnType<typeof setTimeout> | undefined;

function setListed(value: boolean) {
  if (listed === value) return;
  listed = value;
  for (const listener of listListeners) listener();
}

toastQueue.subscribe(() => {
  if (toastQueue.visibleToasts.length > 0) {
    clearTimeout(removal);
    removal = undefined;
    setListed(true);
  } else if (listed && removal === undefined) {
    removal = setTimeout(() => {
      removal = undefined;
      setListed(false);
    }, TOAST_REMOVE_DELAY_MS);
  }
});

function subscribeList(listener: () => void) {
  listListeners.add(listener);
  return () => listListeners.delete(listener);
}

/** Whether a toast is in the list: showing, or dismissed less than TOAST_REMOVE_DELAY_MS ago. */
export const isToastListed = () => listed;

export function Toaster() {
  const hasListed = useSyncExternalStore(subscribeList, isToastListed, () => false);

  useEffect(() => installToastHotkey(), []);

  return hasListed ? (
    <Suspense fallback={null}>
      <ToastRegionView queue={toastQueue} />
    </Suspense>
  ) : null;
}
