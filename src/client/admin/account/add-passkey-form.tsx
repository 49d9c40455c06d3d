import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import {
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
} from '@simplewebauthn/browser';
import { provenPasswordField } from '#shared/account';
import { passkeyNameField } from '#shared/passkeys';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import { Button, TextInputField } from '../ui/controls';
import { OWN_UNAUTHORIZED } from '../ui/errors';
import { ceremonyOutcome } from '../passkeys/ceremony-errors';
import { useExplainRefusal } from './account-session';

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
export function AddPasskeyForm({ onDone }: { onDone: () => void }) {
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
