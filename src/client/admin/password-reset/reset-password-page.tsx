import { useEffect, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Form } from 'react-aria-components';
import { PASSWORD_RESET_MESSAGES, passwordResetChooseInput } from '#shared/password-reset';
import { validate } from '#client/lib/form-errors';
import { trpc } from '#client/lib/trpc';
import { replaceToasts } from '#client/ui/toast';
import { NewPasswordFields, useNewPassword } from '../account/new-password-fields';
import { Button } from '../ui/controls';
import { errorMessage, isNotFound } from '../ui/errors';
import { useSetAuth } from '../session/session';
import { QueryState } from '../ui/query-state';
import { useDocumentTitle } from '../ui/use-document-title';
import { inlineLinkClass, ResetFrame } from './reset-frame';

/**
 * The mailed link's page: the person chooses a new password, then the login page's code
 * step asks for the second factor, whose success stores it and signs them in. The route has
 * already taken the token out of the address (`token`, kept here in memory only).
 */
export function ResetPasswordPage({ token }: { token: string | undefined }) {
  useDocumentTitle('Choose a new password');
  const check = trpc.passwordReset.check.useMutation();
  const { mutate } = check;
  useEffect(() => {
    if (token) mutate({ token });
  }, [token, mutate]);

  return (
    <ResetFrame>
      {!token ? (
        <DeadLink message={PASSWORD_RESET_MESSAGES.token} />
      ) : (
        <QueryState
          query={{ data: check.data, error: check.error, refetch: () => mutate({ token }) }}
          pending="Checking the link..."
          notFound={check.error ? <DeadLink message={check.error.message} /> : null}
          frame={(state, kind) =>
            kind === 'error' ? (
              <div className="flex flex-col gap-3">
                <h1 className="text-2xl font-bold text-ink">Choose a new password</h1>
                {state}
              </div>
            ) : (
              state
            )
          }
        >
          {(data) => <ChoosePassword token={token} username={data.username} />}
        </QueryState>
      )}
    </ResetFrame>
  );
}

function DeadLink({ message }: { message: string }) {
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-ink">This link does not work</h1>
      <p role="alert" className="text-muted">
        {message}
      </p>
      <p className="text-muted">
        <Link to="/admin/forgot-password" className={inlineLinkClass}>
          Ask for a new link
        </Link>
      </p>
    </div>
  );
}

function ChoosePassword({ token, username }: { token: string; username: string }) {
  const choose = trpc.passwordReset.choose.useMutation();
  const setAuth = useSetAuth();
  const navigate = useNavigate();
  const form = useNewPassword((password) => {
    const result = validate(passwordResetChooseInput, { token, password });
    return result.ok ? undefined : result.errors.password;
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (choose.isPending || choose.isSuccess || !form.ready()) return;
    choose.mutate(
      { token, password: form.values.password },
      {
        onSuccess: (answer) => {
          // The server now holds a pending sign-in: the login page's code step finishes it.
          setAuth({
            authenticated: false,
            username,
            awaitingTwoFactor: true,
            pendingMethod: answer.method,
            setupRequired: false,
          });
          replaceToasts({
            title: 'One more step',
            description:
              answer.method === 'totp'
                ? 'Enter the code from your authenticator app to store the new password'
                : 'Enter the code e-mailed to you to store the new password',
          });
          void navigate({ to: '/admin/login', replace: true });
        },
        onError: (error) =>
          replaceToasts({
            title: 'Could not set the password',
            description: errorMessage(error),
            variant: 'destructive',
          }),
      },
    );
  };

  if (choose.isError && isNotFound(choose.error))
    return <DeadLink message={choose.error.message} />;

  return (
    <>
      <h1 className="text-2xl font-bold text-ink">Choose a new password</h1>
      <p className="mt-2 mb-6 text-muted">
        For {username}. Your second factor is asked for next; the new password counts only once it
        succeeds.
      </p>
      <Form onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4">
        <NewPasswordFields form={form} username={username} autoFocus />
        <Button type="submit" isPending={choose.isPending}>
          {choose.isPending ? 'Saving...' : 'Continue'}
        </Button>
      </Form>
    </>
  );
}
