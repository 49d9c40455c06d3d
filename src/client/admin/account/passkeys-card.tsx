import { useRef, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import {
  browserSupportsWebAuthn,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
} from '@simplewebauthn/browser';
import { passkeyNameField, type PasskeySummary } from '../../../shared/passkeys';
import { trpc } from '../../lib/trpc';
import { toast } from '../../ui/toast';
import { ConfirmDialog } from '../confirm-dialog';
import { Button, Card, TextInputField } from '../controls';
import { errorMessage, isNotFound } from '../errors';
import { formatDateTime } from '../leads/format';
import { ceremonyOutcome } from '../passkeys/ceremony-errors';
import { formatLastActive } from './format-time';
import { useNow } from './use-now';

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

  return (
    <Card labelledBy={HEADING_ID}>
      <h2 id={HEADING_ID} className="text-lg font-semibold text-ink">
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
                <PasskeyRow passkey={passkey} now={now} />
              </li>
            ))}
          </ul>
        )}
        {!supported ? (
          <p className="text-sm text-muted">This browser cannot create passkeys.</p>
        ) : adding ? (
          <AddPasskeyForm onDone={() => setAdding(false)} />
        ) : (
          <div>
            <Button variant="secondary" onPress={() => setAdding(true)}>
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

function AddPasskeyForm({ onDone }: { onDone: () => void }) {
  const suggested = useSuggestedName();
  const [typed, setTyped] = useState<string | null>(null);
  const name = typed ?? suggested;
  const [error, setError] = useState<string | undefined>();
  const [note, setNote] = useState('');
  const [pending, setPending] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const utils = trpc.useUtils();
  const options = trpc.passkeys.registrationOptions.useMutation();
  const register = trpc.passkeys.register.useMutation();

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
    setPending(true);
    try {
      const { options: creation } = await options.mutateAsync();
      const response = await startRegistration({
        // The server's options as JSON: the library's type describes binary extension
        // inputs, which these options never carry.
        optionsJSON: creation as PublicKeyCredentialCreationOptionsJSON,
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
      <p aria-live="polite" className="text-sm text-muted empty:hidden">
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

function PasskeyRow({ passkey, now }: { passkey: PasskeySummary; now: number }) {
  const utils = trpc.useUtils();
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = trpc.passkeys.remove.useMutation({
    onSuccess: () => {
      toast({ title: 'Passkey removed', description: `“${passkey.name}” can no longer sign in.` });
      void utils.account.get.invalidate();
    },
    onError: (error) => {
      setConfirming(false);
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
      {renaming ? <RenameForm passkey={passkey} onDone={() => setRenaming(false)} /> : null}
      <ConfirmDialog
        isOpen={confirming}
        title="Remove this passkey?"
        question="It will no longer sign you in. Remove it from the device as well, in its settings."
        detail={passkey.name}
        confirmLabel="Remove"
        pendingLabel="Removing..."
        isPending={remove.isPending}
        onConfirm={() => remove.mutate({ id: passkey.id })}
        onCancel={() => setConfirming(false)}
      />
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
