import { useEffect, useEffectEvent, useRef, useState } from 'react';
import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { trpc } from '#client/lib/trpc';
import { errorMessage } from '../errors';
import { NativeButton } from '../native-controls';
import type { CeremonyOutcome } from '../passkeys/ceremony-errors';
import { passkeysWorkAt, wrongAddressNote } from '../passkeys/passkey-address';

/** The WebAuthn calls, fetched once, when the first ceremony starts (passkey-ceremony.ts). */
const loadCeremony = () => import('./passkey-ceremony');
type Ceremony = Awaited<ReturnType<typeof loadCeremony>>;

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
  const utils = trpc.useUtils();
  // The autofill ceremony's options request: the button waits for it, so its own challenge
  // is the one the browser's cookie holds last.
  const autofillOptions = useRef<Promise<unknown> | null>(null);
  // Each autofill ceremony's number: one started since (a refresh, the button) supersedes it,
  // and whatever it ends with is then ignored. Unmounting supersedes them all.
  const autofillRun = useRef(0);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const autofillOn = useRef(false);
  // Autofill ceremonies in a row that ended quickly (QUICK_END_MS).
  const quickEnds = useRef(0);
  // The WebAuthn code once loaded: leaving the page aborts its ceremony, if one started.
  const loaded = useRef<Ceremony | null>(null);
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
      loaded.current?.WebAuthnAbortService.cancelCeremony();
    };
  }, [addressWorks]);

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
  if (!addressWorks) {
    return (
      <div className="mt-6 border-t border-line pt-6">
        <p className="text-center text-sm text-muted">{wrongAddressNote(window.location)}</p>
      </div>
    );
  }
  return (
    <div className="mt-6 flex flex-col gap-3 border-t border-line pt-6">
      <NativeButton
        variant="secondary"
        onPress={() => void signInWithButton()}
        isPending={pending}
        isDisabled={isDisabled}
      >
        {pending ? 'Signing in...' : 'Sign in with a passkey'}
      </NativeButton>
      <p aria-live="polite" className="min-h-5 text-center text-sm text-muted">
        {note}
      </p>
    </div>
  );
}
