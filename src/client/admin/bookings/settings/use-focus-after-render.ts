import { useEffect, useRef } from 'react';

/**
 * Moves the cursor after the next render, to an element that render draws: the new row's
 * field after an Add, the Add button after a Remove (the pressed button is gone).
 */
export function useFocusAfterRender(): (target: () => HTMLElement | null | undefined) => void {
  const pending = useRef<(() => HTMLElement | null | undefined) | null>(null);
  useEffect(() => {
    if (pending.current === null) return;
    pending.current()?.focus();
    pending.current = null;
  });
  return (target) => {
    pending.current = target;
  };
}
