/**
 * Whether a toast is in the list: showing, or dismissed less than TOAST_REMOVE_DELAY_MS ago
 * (docs/product.md, "Toasts"). Kept apart from the queue (toast.ts) so the Toaster, on every page from
 * the first load, does not carry the queue's code: that arrives with the first module that
 * can raise a toast (a form, the admin area).
 */
/** Marks the toast region so the F8 hotkey (toaster.tsx) can find it. */
export const TOAST_REGION_ATTRIBUTE = 'data-toast-region';

const listeners = new Set<() => void>();
let listed = false;

export function setToastListed(value: boolean): void {
  if (listed === value) return;
  listed = value;
  for (const listener of listeners) listener();
}

export function subscribeToastList(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const isToastListed = (): boolean => listed;
