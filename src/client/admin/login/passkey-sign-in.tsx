import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { errorMessage } from '../ui/errors';
import type { CeremonyOutcome } from '../passkeys/ceremony-errors';
import { passkeysWorkAt } from '../passkeys/passkey-address';
import { PasskeySignInView } from './passkey-sign-in-view';
import { loadCeremony, useSignInCeremony } from './use-sign-in-ceremony';

/** What a ceremony's failure means; a failure to load the code itself is said as an error. */
async function outcomeOf(error: unknown): Promise<CeremonyOutcome> {
  try {
    return (await loadCeremony()).ceremonyOutcome(error);
  } catch {
    return { kind: 'failed', message: errorMessage(error) };
  }
}

const CANCELLED = 'No passkey was used. Try again, or sign in with your password.';

/**
 * The autofill ceremony is started again this often: its challenge, sealed in the browser's
 * ceremony cookie, expires after 5 minutes (docs/passkeys.md), and a passkey chosen from the
 * username field after that could not sign in.
 */
export const AUTOFILL_REFRESH_MS = 270_000;

/**
 * An autofill ceremony that ends sooner than this without a passkey chosen ended "quickly".
 * After two such ends in a row it is not started again at once but at the next refresh: it
 * would most likely end the same way, over and over (a browser refusing the address did so
 * about 100 times a second).
 */
const QUICK_END_MS = 10_000;

/**
 * "Sign in with a passkey" (docs/passkeys.md): a button, shown only where the browser can use
 * passkeys, and the username field's autofill (conditional mediation) where the browser offers
 * it. The autofill ceremony is kept fresh: started again every 4.5 minutes, and after a
 * passkey the server refused or a cancelled dialog (its own, or the button's, which aborts
 * it), but never in a loop: not after any other failure, nor after two in a row that ended
 * at once; the refresh tries again then. Leaving the form aborts it, so a password sign-in works as before. On an
 * address where browsers refuse passkeys (an IP address, such as 127.0.0.1) a plain sentence
 * takes the button's place, and no ceremony starts.
 */
export function PasskeySignIn({
  onSignedIn,
  isDisabled,
  withAutofill = true,
}: {
  onSignedIn: (username: string) => void;
  isDisabled: boolean;
  /** Off where no username field waits for it (the passkey step after the password). */
  withAutofill?: boolean;
}) {
  // The admin area is rendered in the browser only (app.html), so this can be read at once.
  const [supported] = useState(() => browserSupportsWebAuthn());
  // False on an IP address, or once the browser has refused this address.
  const [addressWorks, setAddressWorks] = useState(() => passkeysWorkAt());
  const [pending, setPending] = useState(false);
  const [note, setNote] = useState('');
  // Leaving the page aborts the ceremony, if one started.
  const { ceremony, autofillOptions, abortCeremony } = useSignInCeremony(onSignedIn, setPending);
  // Each autofill ceremony's number: one started since (a refresh, the button) supersedes it,
  // and whatever it ends with is then ignored. Unmounting supersedes them all.
  const autofillRun = useRef(0);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const autofillOn = useRef(false);
  // Autofill ceremonies in a row that ended quickly (QUICK_END_MS).
  const quickEnds = useRef(0);

  const report = (outcome: CeremonyOutcome) => {
    setPending(false);
    if (outcome.kind === 'aborted') return outcome;
    if (outcome.kind === 'failed' && outcome.wrongAddress) {
      // Nothing to try again here: the sentence replaces the button, the autofill stops.
      autofillOn.current = false;
      supersedeAutofill();
      setAddressWorks(false);
      return outcome;
    }
    setNote(outcome.kind === 'failed' ? outcome.message : CANCELLED);
    return outcome;
  };

  /** Stops the autofill ceremony's refresh; its result, if any comes, is ignored. */
  const supersedeAutofill = () => {
    autofillRun.current++;
    clearTimeout(refreshTimer.current);
  };

  // Started from the effect, from its own timer and after the button's ceremony: it reads
  // only refs and stable setters, so any render's copy does the same.
  function startAutofill() {
    if (!autofillOn.current) return;
    supersedeAutofill();
    const run = autofillRun.current;
    const current = () => autofillRun.current === run;
    // Starting the next ceremony aborts this one (the library allows one at a time).
    refreshTimer.current = setTimeout(() => {
      if (!current()) return;
      // A fresh start: the quick ends before it no longer count.
      quickEnds.current = 0;
      startAutofill();
    }, AUTOFILL_REFRESH_MS);
    let askedBrowser = false;
    let passkeyChosen = false;
    const startedAt = Date.now();
    ceremony(
      true,
      () => (askedBrowser = current()),
      () => (passkeyChosen = true),
    ).catch(async (error: unknown) => {
      if (!current()) return;
      const outcome = await outcomeOf(error);
      if (!current()) return;
      report(outcome);
      const quick = !passkeyChosen && Date.now() - startedAt < QUICK_END_MS;
      quickEnds.current = quick ? quickEnds.current + 1 : 0;
      // A passkey the server refused, or a cancelled dialog, is over: wait in the field again
      // at once, unless the last one also ended at once. Any other failure, and options that
      // could not even be fetched, wait for the refresh.
      const again = passkeyChosen || outcome.kind === 'cancelled';
      if (askedBrowser && again && quickEnds.current < 2) startAutofill();
    });
  }

  const startAutofillOnMount = useEffectEvent(() => {
    if (!withAutofill) return;
    autofillOn.current = true;
    startAutofill();
  });

  // Once per mount: the autofill ceremony waits in the username field until used or aborted.
  useEffect(() => {
    if (!addressWorks) return;
    let live = true;
    // The WebAuthn code loads here, where passkeys can work at this address; a failed load
    // leaves the button, which tries again when pressed.
    void loadCeremony()
      .then((code) => code.browserSupportsWebAuthnAutofill())
      .then(
        (autofill) => {
          if (!autofill || !live) return;
          startAutofillOnMount();
        },
        () => {},
      );
    return () => {
      live = false;
      autofillOn.current = false;
      supersedeAutofill();
      abortCeremony();
    };
  }, [addressWorks, abortCeremony]);

  const signInWithButton = async () => {
    setNote('');
    const waitFor = autofillOptions.current;
    // The button's ceremony aborts the autofill one: that end is not reported.
    supersedeAutofill();
    try {
      await waitFor;
      await ceremony(false, () => true);
    } catch (error) {
      report(await outcomeOf(error));
      startAutofill();
    }
  };

  if (!supported) return null;
  return (
    <PasskeySignInView
      addressWorks={addressWorks}
      pending={pending}
      isDisabled={isDisabled}
      note={note}
      onPress={() => void signInWithButton()}
    />
  );
}
