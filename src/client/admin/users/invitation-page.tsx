import { useEffect, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { Form } from 'react-aria-components';
import { REDIRECT_AFTER_LOGIN_MS } from '#shared/constants';
import { invitationAcceptInput, USER_MESSAGES } from '#shared/users';
import { useSiteBrand } from '#client/lib/site-brand';
import { validate } from '#client/lib/form-errors';
import { trpc } from '#client/lib/trpc';
import { Logo } from '#client/ui/logo';
import { focusRing } from '#shared/ui-styles';
import { ThemeToggle } from '#client/ui/theme-toggle';
import { replaceToasts } from '#client/ui/toast';
import { NewPasswordFields, useNewPassword } from '../account/new-password-fields';
import { Button, Card, returnLinkClass } from '../ui/controls';
import { errorMessage, isNotFound } from '../ui/errors';
import { ADMIN_LANDING, useDelayedNavigate, useSetAuth } from '../session/session';
import { QueryState } from '../ui/query-state';
import { useDocumentTitle } from '../ui/use-document-title';

/**
 * The invitation link's page (docs/accounts.md): greets the invited administrator, who
 * chooses a password and lands signed in. The route has already taken the token out of the
 * address (`token`, kept here in memory only), so it stays out of history and Referer headers.
 */
export function InvitationPage({ token }: { token: string | undefined }) {
  useDocumentTitle('Accept invitation');
  const company = useSiteBrand();
  const check = trpc.invitation.check.useMutation();
  const { mutate } = check;
  useEffect(() => {
    if (token) mutate({ token });
  }, [token, mutate]);

  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-subtle p-4">
      <div className="flex w-full max-w-md items-center justify-between gap-3">
        <a href="/" aria-label={`${company.name}, home`} className={`rounded-lg ${focusRing}`}>
          <Logo {...company} />
        </a>
        <ThemeToggle />
      </div>
      <Card className="w-full max-w-md">
        {!token ? (
          <DeadLink message={USER_MESSAGES.token} />
        ) : (
          <QueryState
            query={{ data: check.data, error: check.error, refetch: () => mutate({ token }) }}
            pending="Checking the invitation..."
            notFound={check.error ? <DeadLink message={check.error.message} /> : null}
            frame={(state, kind) =>
              kind === 'error' ? (
                <div className="flex flex-col gap-3">
                  <h1 className="text-2xl font-bold text-ink">Accept invitation</h1>
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
      </Card>
      <a href="/" className={returnLinkClass}>
        Return to the Site
      </a>
    </main>
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
        Already joined?{' '}
        <Link
          to="/admin/login"
          className={`rounded font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300 ${focusRing}`}
        >
          Go to the login
        </Link>
      </p>
    </div>
  );
}

function ChoosePassword({ token, username }: { token: string; username: string }) {
  const company = useSiteBrand();
  const [joined, setJoined] = useState(false);
  const accept = trpc.invitation.accept.useMutation();
  const setAuth = useSetAuth();
  const navigateLater = useDelayedNavigate();
  const form = useNewPassword((password) => {
    const result = validate(invitationAcceptInput, { token, password });
    return result.ok ? undefined : result.errors.password;
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (accept.isPending || joined || !form.ready()) return;
    accept.mutate(
      { token, password: form.values.password },
      {
        onSuccess: (answer) => {
          setJoined(true);
          setAuth({
            authenticated: true,
            username: answer.username,
            awaitingTwoFactor: false,
            pendingMethod: null,
            // An invitation comes with an e-mail address: the second factor is on.
            setupRequired: false,
          });
          replaceToasts({
            title: 'Welcome',
            description: `You are signed in as ${answer.username}.`,
          });
          navigateLater(ADMIN_LANDING, REDIRECT_AFTER_LOGIN_MS, { replace: true });
        },
        onError: (error) =>
          replaceToasts({
            title: 'Could not accept the invitation',
            description: errorMessage(error),
            variant: 'destructive',
          }),
      },
    );
  };

  if (accept.isError && isNotFound(accept.error))
    return <DeadLink message={accept.error.message} />;

  return (
    <>
      <h1 className="text-2xl font-bold text-ink">Welcome, {username}</h1>
      <p className="mt-2 mb-6 text-muted">
        Choose a password for the admin area of {company.name}.
      </p>
      {joined ? (
        <p role="status" className="text-muted">
          You are signed in. Opening the admin area...
        </p>
      ) : (
        <Form onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4">
          <NewPasswordFields form={form} username={username} />
          <Button type="submit" isPending={accept.isPending}>
            {accept.isPending ? 'Joining...' : 'Set password and sign in'}
          </Button>
        </Form>
      )}
    </>
  );
}
