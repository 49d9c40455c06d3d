import { useEffect, useEffectEvent, useRef, useState } from 'react';
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  WebAuthnAbortService,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { trpc } from '../../lib/trpc';
import { Button } from '../controls';
import { ceremonyOutcome } from '../passkeys/ceremony-errors';

const CANCELLED = 'No passkey was used. Try again, or sign in with your password.';

/**
 * "Sign in with a passkey" (docs/passkeys.md): a button, shown only where the browser can use
 * passkeys, and the username field's autofill (conditional mediation), started once when the
 * form appears where the browser offers it. Starting the button's ceremony or leaving the
 * form aborts the pending autofill one, so a password sign-in works as before.
 */
export function PasskeySignIn({
  onSignedIn,
  isDisabled,
}: {
  onSignedIn: (username: string) => void;
  isDisabled: boolean;
}) {
  // The admin area is rendered in the browser only (app.html), so this can be read at once.
  const [supported] = useState(() => browserSupportsWebAuthn());
  const [pending, setPending] = useState(false);
  const [note, setNote] = useState('');
  const utils = trpc.useUtils();
  // The autofill ceremony's options request: the button waits for it, so its own challenge
  // is the one the browser's cookie holds last.
  const autofillOptions = useRef<Promise<unknown> | null>(null);

  const ceremony = async (useBrowserAutofill: boolean) => {
    const request = utils.client.passkeys.signInOptions.mutate();
    if (useBrowserAutofill) autofillOptions.current = request.catch(() => undefined);
    const { options } = await request;
    const response = await startAuthentication({
      // The server's options as JSON: the library's type describes binary extension inputs,
      // which these options never carry.
      optionsJSON: options as PublicKeyCredentialRequestOptionsJSON,
      useBrowserAutofill,
    });
    setPending(true);
    await utils.client.passkeys.signIn.mutate({ response });
    const auth = await utils.client.admin.check.query();
    onSignedIn(auth.username ?? '');
  };

  const report = (error: unknown) => {
    setPending(false);
    const outcome = ceremonyOutcome(error);
    if (outcome.kind === 'aborted') return;
    setNote(outcome.kind === 'failed' ? outcome.message : CANCELLED);
  };

  const startAutofill = useEffectEvent((isLive: () => boolean) => {
    ceremony(true).catch((error: unknown) => {
      if (isLive()) report(error);
    });
  });

  // Once per mount: the autofill ceremony waits in the username field until used or aborted.
  useEffect(() => {
    let live = true;
    void browserSupportsWebAuthnAutofill().then((autofill) => {
      if (autofill && live) startAutofill(() => live);
    });
    return () => {
      live = false;
      WebAuthnAbortService.cancelCeremony();
    };
  }, []);

  const signInWithButton = async () => {
    setNote('');
    try {
      // Starting this ceremony aborts the autofill one (the library allows one at a time).
      await autofillOptions.current;
      await ceremony(false);
    } catch (error) {
      report(error);
    }
  };

  if (!supported) return null;
  return (
    <div className="mt-6 flex flex-col gap-3 border-t border-line pt-6">
      <Button
        variant="secondary"
        onPress={() => void signInWithButton()}
        isPending={pending}
        isDisabled={isDisabled}
      >
        {pending ? 'Signing in...' : 'Sign in with a passkey'}
      </Button>
      <p aria-live="polite" className="min-h-5 text-center text-sm text-muted">
        {note}
      </p>
    </div>
  );
}
