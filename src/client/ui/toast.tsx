import { Suspense, lazy, useEffect, useState, useSyncExternalStore } from 'react';
import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_LIMIT } from '../../shared/constants';

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

const subscribe = (listener: () => void) => toastQueue.subscribe(listener);
const hasToasts = () => toastQueue.visibleToasts.length > 0;

export function Toaster() {
  const active = useSyncExternalStore(subscribe, hasToasts, () => false);
  // Stays mounted after the first toast, so closing animations and focus restore can run.
  const [needed, setNeeded] = useState(false);
  if (active && !needed) setNeeded(true);

  useEffect(() => installToastHotkey(), []);

  return needed ? (
    <Suspense fallback={null}>
      <ToastRegionView queue={toastQueue} />
    </Suspense>
  ) : null;
}
