import { useCallback, useRef, useState } from 'react';

/**
 * Runs one async submission at a time: `pending` drives "Sending..." and the disabled
 * button, and a second submit while one is in flight (a double click) is ignored. The ref
 * answers at once, before React has re-rendered with the new state.
 */
export function useSubmission() {
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);
  const run = useCallback(async (task: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    try {
      await task();
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }, []);
  return { pending, run };
}
