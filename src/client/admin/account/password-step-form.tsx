import { useRef, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { appCodeField } from '#shared/account';
import { passwordOnlyInput } from '#shared/second-factor';
import { validate } from '#client/lib/form-errors';
import { Button, TextInputField } from '../ui/controls';
import { useExplainRefusal } from './account-session';

/** A refusal that is no field's error, said under the form. */
export function Failure({ children }: { children: string | null }) {
  return children ? (
    <p role="alert" className="text-sm text-red-800 dark:text-red-300">
      {children}
    </p>
  ) : null;
}

/**
 * A form that asks for the password before a change (the authenticator app's steps,
 * removing the sign-in address), and with `withAppCode` the app's code too (turning a factor
 * off while the app is on, docs/second-factor.md). `send` runs the mutation (sent with
 * OWN_UNAUTHORIZED); a 401 while the session lives is the password field's error, a 400 the
 * code's (when asked), anything else is shown under the form, after `failurePrefix` when given.
 */
export function PasswordStepForm({
  label,
  description,
  submitLabel,
  pendingLabel,
  danger = false,
  failurePrefix = '',
  withAppCode = false,
  send,
  onCancel,
}: {
  label: string;
  description: string;
  submitLabel: string;
  pendingLabel: string;
  danger?: boolean;
  failurePrefix?: string;
  withAppCode?: boolean;
  send: (password: string, code?: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeServerError, setCodeServerError] = useState<string | undefined>();
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const explainRefusal = useExplainRefusal();
  const result = validate(passwordOnlyInput, { password });
  const error = serverError ?? (submitted && !result.ok ? result.errors['password'] : undefined);
  const codeChecked = appCodeField.safeParse(code);
  const codeError =
    codeServerError ??
    (withAppCode && submitted && !codeChecked.success
      ? codeChecked.error.issues[0]?.message
      : undefined);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setSubmitted(true);
    setFailure(null);
    if (!result.ok) {
      passwordRef.current?.focus();
      return;
    }
    if (withAppCode && !codeChecked.success) {
      codeRef.current?.focus();
      return;
    }
    setPending(true);
    try {
      await send(result.data.password, withAppCode ? codeChecked.data : undefined);
    } catch (refused) {
      const refusal = await explainRefusal(refused);
      if (refusal.kind === 'badInput' && withAppCode) {
        setCodeServerError(refusal.message);
        codeRef.current?.focus();
      } else if (refusal.kind === 'wrongPassword' || refusal.kind === 'badInput') {
        setServerError(refusal.message);
        passwordRef.current?.focus();
      } else if (refusal.kind === 'failed') {
        setFailure(`${failurePrefix}${refusal.message}`);
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <Form
      onSubmit={(event) => void submit(event)}
      validationBehavior="aria"
      aria-label={label}
      className="flex max-w-md flex-col gap-4"
    >
      <TextInputField
        label="Your password"
        name="password"
        type="password"
        autoComplete="current-password"
        autoFocus
        value={password}
        onChange={(value) => {
          setPassword(value);
          setServerError(undefined);
        }}
        error={error}
        description={description}
        inputRef={passwordRef}
      />
      {withAppCode ? (
        <TextInputField
          label="Code from your authenticator app"
          name="code"
          autoComplete="one-time-code"
          value={code}
          onChange={(value) => {
            setCode(value);
            setCodeServerError(undefined);
          }}
          error={codeError}
          description="Or one of your recovery codes."
          inputRef={codeRef}
        />
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant={danger ? 'danger' : 'primary'} isPending={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
        <Button variant="ghost" onPress={onCancel} isDisabled={pending}>
          Cancel
        </Button>
      </div>
      <Failure>{failure}</Failure>
    </Form>
  );
}
