import { useCallback, useEffect, useRef } from 'react';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { recordedLoad } from '#client/lib/code-loads';
import { trpc } from '#client/lib/trpc';

/** The name under which the ceremony's code load is recorded (client/lib/code-loads.ts). */
export const PASSKEY_CEREMONY = 'passkey-ceremony';

/** The WebAuthn calls, fetched once, when the first ceremony starts (passkey-ceremony.ts). */
export const loadCeremony = recordedLoad(PASSKEY_CEREMONY, () => import('./passkey-ceremony'));
type Ceremony = Awaited<ReturnType<typeof loadCeremony>>;

/**
 * PasskeySignIn's ceremony, from the server's options to the signed-in username, and what it
 * leaves behind: the autofill ceremony's options request, and the abort of a started one.
 */
export function useSignInCeremony(
  onSignedIn: (username: string) => void,
  setPending: (pending: boolean) => void,
) {
  const utils = trpc.useUtils();
  // The autofill ceremony's options request: the button waits for it, so its own challenge
  // is the one the browser's cookie holds last.
  const autofillOptions = useRef<Promise<unknown> | null>(null);
  // The WebAuthn code once loaded: leaving the page aborts its ceremony, if one started.
  const loaded = useRef<Ceremony | null>(null);
  const abortCeremony = useCallback(
    () => loaded.current?.WebAuthnAbortService.cancelCeremony(),
    [],
  );
  // The latest callback, for a ceremony an older render's timer started.
  const signedIn = useRef(onSignedIn);
  useEffect(() => {
    signedIn.current = onSignedIn;
  });

  /**
   * One ceremony; `stillWanted` is asked once the options came, before the browser is;
   * `answered` is called when the browser gave a passkey.
   */
  const ceremony = async (
    useBrowserAutofill: boolean,
    stillWanted: () => boolean,
    answered: () => void = () => {},
  ) => {
    const code = loadCeremony();
    const request = utils.client.passkeys.signInOptions.mutate();
    if (useBrowserAutofill) autofillOptions.current = request.catch(() => undefined);
    const { options } = await request;
    const { startAuthentication } = (loaded.current = await code);
    if (!stillWanted()) return;
    const response = await startAuthentication({
      // The server's options as JSON: the library's type describes binary extension inputs,
      // which these options never carry.
      optionsJSON: options as PublicKeyCredentialRequestOptionsJSON,
      useBrowserAutofill,
    });
    answered();
    setPending(true);
    await utils.client.passkeys.signIn.mutate({ response });
    const auth = await utils.client.admin.check.query();
    signedIn.current(auth.username ?? '');
  };
  return { ceremony, autofillOptions, abortCeremony };
}
