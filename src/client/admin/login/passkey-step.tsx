import { useEffect, useRef, useState } from 'react';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { Button } from '../ui/controls';
import { PasskeySignIn } from './passkey-sign-in';

/**
 * The step after the password for a user whose only second factor is a passkey
 * (docs/accounts.md): the server started nothing, and the passkey's own sign-in finishes it.
 * No autofill here (no username field waits for it): the button starts the ceremony.
 */
export function PasskeyStep({
  onSignedIn,
  onBack,
  isDisabled,
}: {
  onSignedIn: (username: string) => void;
  onBack: () => void;
  isDisabled: boolean;
}) {
  const [supported] = useState(() => browserSupportsWebAuthn());
  const heading = useRef<HTMLHeadingElement>(null);
  // The card's content changed under the pointer: a screen reader starts at the new heading.
  useEffect(() => heading.current?.focus(), []);
  return (
    <>
      <h1
        ref={heading}
        tabIndex={-1}
        className="text-center outline-none text-2xl font-bold text-ink"
      >
        Use your passkey
      </h1>
      <p className="mt-2 text-center text-muted">
        This account signs in with a passkey. Use it to finish signing in.
      </p>
      {supported ? (
        <PasskeySignIn onSignedIn={onSignedIn} isDisabled={isDisabled} withAutofill={false} />
      ) : (
        <p role="alert" className="mt-6 text-center text-sm text-muted">
          This browser cannot use passkeys. Sign in on a device or browser that can.
        </p>
      )}
      <Button variant="ghost" onPress={onBack}>
        Use another account
      </Button>
    </>
  );
}
