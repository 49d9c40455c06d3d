import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import {
  browserSupportsWebAuthn,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
} from '@simplewebauthn/browser';
import { provenPasswordField } from '../../../shared/account';
import { passkeyNameField, type PasskeySummary } from '../../../shared/passkeys';
import { trpc } from '../../lib/trpc';
import { toast } from '../../ui/toast';
import { ConfirmDialog } from '../confirm-dialog';
import { Button, Card, TextInputField } from '../controls';
import { errorMessage, isNotFound, isUnauthorized, OWN_UNAUTHORIZED } from '../errors';
import { usePasskeyProof } from '../passkeys/passkey-proof';
import { useProofDialog } from '../proof-dialog';
import { formatDateTime } from '../ui/date-time';
import { ceremonyOutcome } from '../passkeys/ceremony-errors';
import { useExplainRefusal } from './account-session';
import { formatLastActive } from './format-time';
import { useNow } from '../ui/use-now';

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

/** The name suggested for a new passkey: this browser's, as the sessions list names it. */
function useSuggestedName(): string {
  const sessions = trpc.account.sessions.useQuery();
  return sessions.data?.sessions.find((session) => session.current)?.device ?? '';
}

/**
 * Names the new passkey, then asks the browser to create it. The server asks for the password
 * when this session signed in (or last gave it here) more than 10 minutes ago
 * (docs/passkeys.md): the form then shows a password field and sends it with the next try.
 */
function AddPasskeyForm({ onDone }: { onDone: () => void }) {
  const suggested = useSuggestedName();
  const [typed, setTyped] = useState<string | null>(null);
  const name = typed ?? suggested;
  const [error, setError] = useState<string | undefined>();
  const [note, setNote] = useState('');
  const [pending, setPending] = useState(false);
  // Null until the server asks for the password; then the field's own description.
  const [passwordAsked, setPasswordAsked] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const nameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const utils = trpc.useUtils();
  // A 401 here is the password asked for or wrong while the session lives (errors.ts).
  const options = trpc.passkeys.registrationOptions.useMutation({ meta: OWN_UNAUTHORIZED });
  const register = trpc.passkeys.register.useMutation();
  const explainRefusal = useExplainRefusal();

  useEffect(() => {
    if (passwordAsked !== null) passwordRef.current?.focus();
  }, [passwordAsked]);

  /** The registration options, or null when the password is asked for or refused. */
  const askOptions = async () => {
    try {
      return await options.mutateAsync(passwordAsked === null ? undefined : { password });
    } catch (refused) {
      const refusal = await explainRefusal(refused);
      if (refusal.kind === 'wrongPassword' && passwordAsked === null) {
        setPasswordAsked(refusal.message);
      } else if (refusal.kind === 'wrongPassword' || refusal.kind === 'badInput') {
        setPasswordError(refusal.message);
        passwordRef.current?.focus();
      } else if (refusal.kind === 'failed') {
        setNote(`Passkey not added: ${refusal.message}`);
      }
      return null;
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setNote('');
    const parsed = passkeyNameField.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      nameRef.current?.focus();
      return;
    }
    setError(undefined);
    if (passwordAsked !== null) {
      const proven = provenPasswordField.safeParse(password);
      if (!proven.success) {
        setPasswordError(proven.error.issues[0]?.message);
        passwordRef.current?.focus();
        return;
      }
    }
    setPending(true);
    try {
      const asked = await askOptions();
      if (!asked) return;
      // The password did its part: the server remembers it for 10 minutes.
      setPasswordAsked(null);
      setPassword('');
      const response = await startRegistration({
        // The server's options as JSON: the library's type describes binary extension
        // inputs, which these options never carry.
        optionsJSON: asked.options as PublicKeyCredentialCreationOptionsJSON,
      });
      const { passkey } = await register.mutateAsync({ name: parsed.data, response });
      await utils.account.get.invalidate();
      toast({ title: 'Passkey added', description: `“${passkey.name}” can now sign you in.` });
      onDone();
    } catch (caught) {
      const outcome = ceremonyOutcome(caught);
      if (outcome.kind === 'cancelled') setNote('No passkey was created. You can try again.');
      else if (outcome.kind === 'alreadyRegistered') {
        setNote('This device already holds a passkey for your account.');
      } else if (outcome.kind === 'failed') setNote(`Passkey not added: ${outcome.message}`);
    } finally {
      setPending(false);
    }
  };

  return (
    <Form
      onSubmit={(event) => void submit(event)}
      validationBehavior="aria"
      aria-label="Add a passkey"
      className="flex flex-col gap-3 rounded-md border border-line p-4"
    >
      <TextInputField
        label="Name of the new passkey"
        name="passkey-name"
        value={name}
        onChange={(value) => {
          setTyped(value);
          if (error) setError(undefined);
        }}
        error={error}
        description="So you can tell your passkeys apart, e.g. the device it is on."
        inputRef={nameRef}
        autoFocus
      />
      {passwordAsked === null ? null : (
        <TextInputField
          label="Your password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(value) => {
            setPassword(value);
            if (passwordError) setPasswordError(undefined);
          }}
          error={passwordError}
          description={passwordAsked}
          inputRef={passwordRef}
        />
      )}
      {/* Always in the page (an empty live region still announces what is put into it). */}
      <p aria-live="polite" className="min-h-5 text-sm text-muted">
        {note}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isPending={pending}>
          {pending ? 'Waiting for the passkey...' : 'Continue'}
        </Button>
        <Button variant="secondary" onPress={onDone} isDisabled={pending}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

function PasskeyRow({
  passkey,
  now,
  onRemoved,
}: {
  passkey: PasskeySummary;
  now: number;
  /** The row is about to leave the page: the card takes the focus. */
  onRemoved: () => void;
}) {
  const utils = trpc.useUtils();
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  // Back to the Rename button once the rename form closes (saved or cancelled).
  const refocusRename = useRef(false);
  useEffect(() => {
    if (!refocusRename.current || renaming) return;
    renameButton.current?.focus();
    refocusRename.current = false;
  }, [renaming]);
  // Removing needs a recent proof and, with the app on, its code: asked for when the server
  // does (proof-dialog.tsx).
  const proof = useProofDialog();
  // Without the app, a passkey confirmed in this session too (passkeys/passkey-proof.ts).
  const withPasskey = usePasskeyProof();
  const remove = trpc.passkeys.remove.useMutation({
    meta: OWN_UNAUTHORIZED,
    onSuccess: () => {
      toast({ title: 'Passkey removed', description: `“${passkey.name}” can no longer sign in.` });
      onRemoved();
      void utils.account.get.invalidate();
    },
    onError: (error) => {
      setConfirming(false);
      if (isUnauthorized(error)) return;
      if (isNotFound(error)) {
        void utils.account.get.invalidate();
        return;
      }
      toast({
        title: 'Could not remove the passkey',
        description: errorMessage(error),
        variant: 'destructive',
      });
    },
  });
  const headingId = `passkey-${passkey.id}`;

  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-md border border-line p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 id={headingId} className="font-semibold break-words text-ink">
            {passkey.name}
          </h3>
          <p className="text-sm text-muted">
            Added <time dateTime={passkey.createdAt}>{formatDateTime(passkey.createdAt)}</time>
            {' · '}
            {passkey.lastUsedAt ? (
              <>
                Last used{' '}
                <time dateTime={passkey.lastUsedAt} title={formatDateTime(passkey.lastUsedAt)}>
                  {formatLastActive(passkey.lastUsedAt, now)}
                </time>
              </>
            ) : (
              'Never used'
            )}
          </p>
        </div>
        {renaming ? null : (
          <div className="flex gap-1">
            <Button
              ref={renameButton}
              variant="ghost"
              size="sm"
              aria-label={`Rename the passkey ${passkey.name}`}
              onPress={() => setRenaming(true)}
            >
              Rename
            </Button>
            <Button
              variant="ghost-danger"
              size="sm"
              aria-label={`Remove the passkey ${passkey.name}`}
              onPress={() => setConfirming(true)}
            >
              Remove
            </Button>
          </div>
        )}
      </div>
      {renaming ? (
        <RenameForm
          passkey={passkey}
          onDone={() => {
            refocusRename.current = true;
            setRenaming(false);
          }}
        />
      ) : null}
      <ConfirmDialog
        isOpen={confirming}
        title="Remove this passkey?"
        question="It will no longer sign you in. Remove it from the device as well, in its settings."
        detail={passkey.name}
        confirmLabel="Remove"
        pendingLabel="Removing..."
        isPending={remove.isPending}
        onConfirm={() => {
          void proof
            .run('Remove this passkey', (given) =>
              withPasskey(() => remove.mutateAsync({ id: passkey.id, ...given })),
            )
            .finally(() => setConfirming(false));
        }}
        onCancel={() => setConfirming(false)}
      />
      {proof.dialog}
    </article>
  );
}

function RenameForm({ passkey, onDone }: { passkey: PasskeySummary; onDone: () => void }) {
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | undefined>();
  const nameRef = useRef<HTMLInputElement>(null);
  const utils = trpc.useUtils();
  const rename = trpc.passkeys.rename.useMutation({
    onSuccess: () => {
      void utils.account.get.invalidate();
      onDone();
    },
    onError: (failure) => {
      if (isNotFound(failure)) void utils.account.get.invalidate();
      setError(errorMessage(failure));
      nameRef.current?.focus();
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (rename.isPending) return;
    const parsed = passkeyNameField.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      nameRef.current?.focus();
      return;
    }
    rename.mutate({ id: passkey.id, name: parsed.data });
  };

  return (
    <Form
      onSubmit={submit}
      validationBehavior="aria"
      aria-label={`Rename the passkey ${passkey.name}`}
      className="flex flex-col gap-3"
    >
      <TextInputField
        label="New name"
        name="passkey-new-name"
        value={name}
        onChange={(value) => {
          setName(value);
          if (error) setError(undefined);
        }}
        error={error}
        inputRef={nameRef}
        autoFocus
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" isPending={rename.isPending}>
          {rename.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="secondary" size="sm" onPress={onDone} isDisabled={rename.isPending}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
