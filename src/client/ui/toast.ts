import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';
import { TOAST_DURATION_MS, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '#shared/constants';
import { isToastListed, setToastListed } from './toast-list';

export interface ToastContentValue {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

/** One queue for the whole app, so any module can raise a toast (docs/product.md, "Messages and errors"). */
export const toastQueue = new ToastQueue<ToastContentValue>({ maxVisibleToasts: TOAST_LIMIT });

/**
 * Shows a toast for 5 s (docs/product.md, "Toasts"); only the newest one is visible at a time.
 * Returns its key, for closeToast when what it announced is over before then.
 */
export function toast(content: ToastContentValue): string {
  return toastQueue.add(content, { timeout: TOAST_DURATION_MS });
}

/** Closes a toast, shown or waiting, that the state it announced has outlived. */
export function closeToast(key: string): void {
  toastQueue.close(key);
}

/**
 * Shows a toast in the place of every earlier one, shown or waiting: they are dropped, not
 * queued behind it, for a notice that makes them untrue (docs/product.md, "Admin sign-in").
 */
export function replaceToasts(content: ToastContentValue): void {
  toastQueue.clear();
  toast(content);
}

/**
 * docs/product.md, "Toasts": a dismissed toast stays in the list for TOAST_REMOVE_DELAY_MS before it is
 * removed. The list is what keeps the toast region mounted (toaster.tsx), so its closing
 * animation and focus restore run; once the last toast has left the list the region unmounts.
 */
let removal: ReturnType<typeof setTimeout> | undefined;

toastQueue.subscribe(() => {
  if (toastQueue.visibleToasts.length > 0) {
    clearTimeout(removal);
    removal = undefined;
    setToastListed(true);
  } else if (isToastListed() && removal === undefined) {
    removal = setTimeout(() => {
      removal = undefined;
      setToastListed(false);
    }, TOAST_REMOVE_DELAY_MS);
  }
});
