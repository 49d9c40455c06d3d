import { useRef, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { changeEmailInput, verifyEmailInput } from '#shared/account';
import { validate, type FieldErrors } from '#client/lib/form-errors';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import { CodeInput, toBoxes } from '../ui/code-input';
import { Button, TextInputField } from '../ui/controls';
import { OWN_UNAUTHORIZED, errorMessage, isUnauthorized } from '../ui/errors';
import { usePasskeyProof } from '../passkeys/passkey-proof';
import { useExplainRefusal } from './account-session';
import { Failure, PasswordStepForm } from './password-step-form';

/**
 * A new address and the password. Messages show once the form is sent, then follow every
 * keystroke; a wrong password (401) is the password field's error.
 */
export function ChangeEmailForm({
  onSent,
  onCancel,
}: {
  onSent: (email: string) => void;
  onCancel: () => void;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const explainRefusal = useExplainRefusal();
  const change = trpc.account.changeEmail.useMutation({ meta: OWN_UNAUTHORIZED });
  const withPasskey = usePasskeyProof();

  const result = validate(changeEmailInput, { email, password });
  const errors: FieldErrors = {
    ...(submitted && !result.ok ? result.errors : {}),
    ...serverErrors,
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    setSubmitted(true);
    setFailure(null);
    if (!result.ok) {
      (result.errors['email'] ? emailRef : passwordRef).current?.focus();
      return;
    }
    const to = result.data.email ?? '';
    // Without the app, a passkey confirmed in this session too (identity/passkeys/passkey-proof.ts).
    void withPasskey(() => change.mutateAsync(result.data)).then(
      () => {
        toast({ title: 'Code sent', description: `A 6-digit code went to ${to}.` });
        onSent(to);
      },
      async (error: unknown) => {
        const refusal = await explainRefusal(error);
        if (refusal.kind === 'wrongPassword') {
          setServerErrors({ password: refusal.message });
          passwordRef.current?.focus();
        } else if (refusal.kind === 'badInput') {
          setServerErrors({ email: refusal.message });
          emailRef.current?.focus();
        } else if (refusal.kind === 'failed') {
          setFailure(`Code not sent: ${refusal.message}`);
        }
      },
    );
  };

  return (
    <Form
      onSubmit={submit}
      validationBehavior="aria"
      aria-label="Change address"
      className="flex max-w-md flex-col gap-4"
    >
      <TextInputField
        label="New address"
        name="email"
        type="email"
        autoComplete="email"
        autoFocus
        value={email}
        onChange={(value) => {
          setEmail(value);
          setServerErrors(({ email: _, ...rest }) => rest);
        }}
        error={errors['email']}
        description="A code goes to it; the address changes once you enter that code here."
        inputRef={emailRef}
      />
      <TextInputField
        label="Your password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(value) => {
          setPassword(value);
          setServerErrors(({ password: _, ...rest }) => rest);
        }}
        error={errors['password']}
        inputRef={passwordRef}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" isPending={change.isPending}>
          {change.isPending ? 'Sending code...' : 'Send code'}
        </Button>
        <Button variant="ghost" onPress={onCancel} isDisabled={change.isPending}>
          Cancel
        </Button>
      </div>
      <Failure>{failure}</Failure>
    </Form>
  );
}

/** The code e-mailed to the new address; a refused code empties the boxes for another try. */
export function VerifyEmailForm({
  email,
  onVerified,
  onStartOver,
  onCancel,
}: {
  email: string;
  onVerified: (email: string) => void;
  onStartOver: () => void;
  onCancel: () => void;
}) {
  const [boxes, setBoxes] = useState(() => toBoxes(''));
  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  // A wrong code is a 400: a 401 here only ever means the session ended, which the shell's
  // watcher handles as on any screen.
  const verify = trpc.account.verifyEmail.useMutation();
  const parsed = verifyEmailInput.safeParse({ code: boxes.join('') });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!parsed.success || verify.isPending) return;
    setFailure(null);
    verify.mutate(parsed.data, {
      onSuccess: (answer) => onVerified(answer.email),
      onError: (error) => {
        if (isUnauthorized(error)) return;
        setFailure(errorMessage(error));
        // A fresh set of boxes, the cursor back in the first.
        setBoxes(toBoxes(''));
        setAttempt((n) => n + 1);
      },
    });
  };

  return (
    <Form onSubmit={submit} aria-label="Confirm address" className="flex max-w-md flex-col gap-4">
      <p className="text-ink">
        Enter the 6-digit code sent to <strong className="break-all">{email}</strong>.
      </p>
      <CodeInput key={attempt} value={boxes} onChange={setBoxes} isDisabled={verify.isPending} />
      <Failure>{failure}</Failure>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" isDisabled={!parsed.success} isPending={verify.isPending}>
          {verify.isPending ? 'Confirming...' : 'Confirm'}
        </Button>
        <Button variant="ghost" onPress={onStartOver} isDisabled={verify.isPending}>
          Send a new code
        </Button>
        <Button variant="ghost" onPress={onCancel} isDisabled={verify.isPending}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

/** The password, after the warning: then the address (and the e-mailed code) are gone. */
export function RemoveEmailForm({
  appOn,
  onRemoved,
  onCancel,
}: {
  /** The authenticator app is on: its code is asked for too (docs/second-factor.md). */
  appOn: boolean;
  onRemoved: () => void;
  onCancel: () => void;
}) {
  const remove = trpc.account.changeEmail.useMutation({ meta: OWN_UNAUTHORIZED });
  // Without the app, a passkey confirmed in this session too (identity/passkeys/passkey-proof.ts).
  const withPasskey = usePasskeyProof();
  return (
    <PasswordStepForm
      label="Remove address"
      description="Without an address, signing in needs only your password. Your other sessions will be signed out; this one stays."
      submitLabel="Remove address"
      pendingLabel="Removing..."
      danger
      failurePrefix="Address not removed: "
      withAppCode={appOn}
      send={async (password, code) => {
        await withPasskey(() => remove.mutateAsync({ email: null, password, code }));
        onRemoved();
      }}
      onCancel={onCancel}
    />
  );
}
