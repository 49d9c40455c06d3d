import { useEffect, useRef } from 'react';

/**
 * The totp card's first button, and focus on it once the card shows its buttons again (the
 * form that had the focus is gone). `focusMainOnceShown('on' | 'off')` waits for the account
 * to be in that state, so the button that takes focus is the one that stays.
 */
export function useFocusMainButton(showsButtons: boolean, isOn: boolean) {
  const mainButton = useRef<HTMLButtonElement>(null);
  /** Whose first button takes focus once shown: the app on ('on') or off ('off'). */
  const focusMain = useRef<'on' | 'off' | null>(null);
  useEffect(() => {
    if (!showsButtons || focusMain.current !== (isOn ? 'on' : 'off')) return;
    mainButton.current?.focus();
    focusMain.current = null;
  }, [showsButtons, isOn]);
  const focusMainOnceShown = (then: 'on' | 'off') => {
    focusMain.current = then;
  };
  return { mainButton, focusMainOnceShown };
}
