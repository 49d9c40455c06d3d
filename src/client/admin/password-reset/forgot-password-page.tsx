import { useRef, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { Form } from 'react-aria-components';
import { passwordResetRequestInput } from '#shared/password-reset';
import { validate } from '#client/lib/form-errors';
import { trpc } from '#client/lib/trpc';
import { Button, TextInputField } from '../ui/controls';
import { errorMessage } from '../ui/errors';
import { useDocumentTitle } from '../ui/use-document-title';
import { inlineLinkClass, ResetFrame } from './reset-frame';

/**
 * "Forgot your password?": a username or an e-mail address, and the server's one answer,
 * the same whoever it names (docs/accounts.md).
 */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot your password?');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const nameRef = useRef<HTMLInputElement>(null);
  const request = trpc.passwordReset.request.useMutation();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.isPending) return;
    const result = validate(passwordResetRequestInput, { name });
    if (!result.ok) {
      setError(result.errors.name);
      nameRef.current?.focus();
      return;
    }
    setError(undefined);
    request.mutate(result.data);
  };

  return (
    <ResetFrame>
      <h1 className="text-2xl font-bold text-ink">Forgot your password?</h1>
      {request.isSuccess ? (
        <p role="status" className="mt-4 text-muted">
          {request.data.message}
        </p>
      ) : (
        <>
          <p className="mt-2 mb-6 text-muted">
            Enter your username or e-mail address: a link to choose a new password is e-mailed to
            the account&rsquo;s address.
          </p>
          <Form onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4">
            <TextInputField
              label="Username or e-mail address"
              name="username"
              autoComplete="username"
              value={name}
              onChange={setName}
              error={error}
              inputRef={nameRef}
              autoFocus
            />
            {request.isError ? (
              <p role="alert" className="text-sm text-red-800 dark:text-red-300">
                {errorMessage(request.error)}
              </p>
            ) : null}
            <Button type="submit" isPending={request.isPending}>
              {request.isPending ? 'Sending...' : 'Send the link'}
            </Button>
          </Form>
        </>
      )}
      <p className="mt-6 text-muted">
        <Link to="/admin/login" className={inlineLinkClass}>
          Back to the login
        </Link>
      </p>
    </ResetFrame>
  );
}
