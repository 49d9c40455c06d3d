import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Hands a prerendered form's values to its state once its script takes over: a visitor on a
 * slow connection may have typed, autofilled or chosen before it arrived. Hydration leaves
 * the fields' DOM values alone but the state starts empty, so the next render would wipe
 * them. Runs before the first paint after hydration, in the same task as the commit, so no
 * keystroke falls between the read and the state that then drives the fields.
 */
export function useValuesTypedEarly(
  formRef: RefObject<HTMLFormElement | null>,
  take: (data: FormData) => void,
): void {
  // Once, at hydration: later the state drives the fields.
  const takeAtHydration = useRef(take);
  useLayoutEffect(() => {
    if (formRef.current) takeAtHydration.current(new FormData(formRef.current));
  }, [formRef]);
}

/** A text field's value in the form's data ('' when absent). */
export function formText(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}
