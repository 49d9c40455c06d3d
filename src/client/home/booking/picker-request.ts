/**
 * How the contact form's confirmation ("Pick a time") opens the booking picker beside it: the
 * form is an island that takes no props (src/client/lib/island.tsx), so it asks through this
 * channel instead, with the name and address just sent.
 */
export interface PickerPrefill {
  name: string;
  email: string;
  company: string;
}

/** Said while the picker's code, then its free times, are on their way. */
export const LOADING_TIMES = 'Looking for free times...';

type Listener = (prefill: PickerPrefill | null) => void;

let listener: Listener | null = null;

/** The picker's host listens while it is on the page; the returned function stops it. */
export function listenForPickerRequests(onRequest: Listener): () => void {
  listener = onRequest;
  return () => {
    if (listener === onRequest) listener = null;
  };
}

export function requestPicker(prefill: PickerPrefill | null): void {
  listener?.(prefill);
}
