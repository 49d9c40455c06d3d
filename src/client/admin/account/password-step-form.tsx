import { useRef, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { passwordOnlyInput } from '../../../shared/second-factor';
import { validate } from '../../lib/form-errors';
import { Button, TextInputField } from '../controls';
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
 * A form that asks only for the password before a change (the authenticator app's steps,
 * removing the sign-in address). `send` runs the mutation (sent with OWN_UNAUTHORIZED); a 401
 * while the session lives is the password field's error, anything else is shown under the
 * form, after `failurePrefix` when given.
 */
export function PasswordStepForm({
  label,
  description,
  submitLabel,
  pendingLabel,
  danger = false,
  failurePrefix = '',
  send,
  onCancel,
}: {
  label: string;
  description: string;
  submitLabel: string;
  pendingLabel: string;
  danger?: boolean;
  failurePrefix?: string;
  send: (password: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const explainRefusal = useExplainRefusal();
  const result = validate(passwordOnlyInput, { password });
  const error = serverError ?? (submitted && !result.ok ? result.errors['password'] : undefined);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setSubmitted(true);
    setFailure(null);
    if (!result.ok) {
      passwordRef.current?.focus();
      return;
    }
    setPending(true);
    try {
      await send(result.data.password);
    } catch (refused) {
      const refusal = await explainRefusal(refused);
      if (refusal.kind === 'wrongPassword' || refusal.kind === 'badInput') {
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
