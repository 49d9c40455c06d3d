import { useEffect, useRef, useState } from 'react';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import type { PasskeySummary } from '#shared/shapes/passkeys';
import { Button, Card } from '../ui/controls';
import { useNow } from '../ui/use-now';
import { AddPasskeyForm } from './add-passkey-form';
import { PasskeyRow } from './passkey-row';

const HEADING_ID = 'account-passkeys-heading';

/**
 * "Passkeys" (docs/passkeys.md): sign in with the device's fingerprint, face or PIN instead
 * of the password and code. Add one (named, with the browser's own name suggested), see when
 * each was made and last used, rename or remove it.
 */
export function PasskeysCard({ passkeys }: { passkeys: PasskeySummary[] }) {
  const [supported] = useState(() => browserSupportsWebAuthn());
  const [adding, setAdding] = useState(false);
  const now = useNow(60_000);
  const addButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Where focus goes once the element it was on has left the page (the add form closed, a
  // removed passkey's row gone from the list), so that it is not lost to the page's body.
  const focusNext = useRef<'add' | { removed: number } | null>(null);
  useEffect(() => {
    const target = focusNext.current;
    if (target === 'add' && addButton.current) addButton.current.focus();
    else if (
      target !== null &&
      target !== 'add' &&
      !passkeys.some((p) => p.id === target.removed)
    ) {
      heading.current?.focus();
    } else return;
    focusNext.current = null;
  }, [adding, passkeys]);

  return (
    <Card labelledBy={HEADING_ID}>
      <h2
        id={HEADING_ID}
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold text-ink outline-none"
      >
        Passkeys
      </h2>
      <p className="mt-1 text-sm text-muted">
        Sign in with this device’s fingerprint, face or screen lock instead of your password and
        code. Anyone who can unlock a device with one of your passkeys can sign in.
      </p>
      <div className="mt-4 flex flex-col gap-4">
        {passkeys.length === 0 ? (
          <p className="text-muted">No passkeys yet.</p>
        ) : (
          <ul aria-label="Passkeys" className="flex flex-col gap-3">
            {passkeys.map((passkey) => (
              <li key={passkey.id}>
                <PasskeyRow
                  passkey={passkey}
                  now={now}
                  onRemoved={() => {
                    focusNext.current = { removed: passkey.id };
                  }}
                />
              </li>
            ))}
          </ul>
        )}
        {!supported ? (
          <p className="text-sm text-muted">This browser cannot create passkeys.</p>
        ) : adding ? (
          <AddPasskeyForm
            onDone={() => {
              focusNext.current = 'add';
              setAdding(false);
            }}
          />
        ) : (
          <div>
            <Button ref={addButton} variant="secondary" onPress={() => setAdding(true)}>
              Add a passkey
            </Button>
          </div>
        )}
      </div>
    </Card>
  );
}
