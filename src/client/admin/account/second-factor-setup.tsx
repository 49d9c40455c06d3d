import { useState } from 'react';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { trpc } from '#client/lib/trpc';
import { useSiteBrand } from '#client/lib/site-brand';
import { toast } from '#client/ui/toast';
import { Logo } from '#client/ui/logo';
import { ThemeToggle } from '#client/ui/theme-toggle';
import { Button, Card } from '../ui/controls';
import { errorMessage } from '../ui/errors';
import { LogOutIcon } from '../ui/icons';
import {
  ADMIN_LANDING,
  useForgetAdminData,
  useMarkSignedOut,
  useSetAuth,
} from '../session/session';
import { QueryState } from '../ui/query-state';
import { useDocumentTitle } from '../ui/use-document-title';
import { EmailCard } from './email-card';
import { PasskeysCard } from './passkeys-card';
import { TotpCard } from './totp-card';

/**
 * What a session signed in to the set-up of a second factor only sees (in production, an
 * administrator without one: docs/accounts.md), in place of every admin screen: a short
 * explanation and the Account screen's three second-factor cards. Once one is on, the same
 * session is a full one; "Continue" reads the session again and opens the landing screen
 * (after the app's recovery codes have been saved, which is why it does not go on by itself).
 */
export function SecondFactorSetup({ username }: { username: string }) {
  useDocumentTitle('Set up a second factor');
  const company = useSiteBrand();
  const account = trpc.account.get.useQuery();
  const utils = trpc.useUtils();
  const setAuth = useSetAuth();
  const navigate = useNavigate();
  const router = useRouter();
  const markSignedOut = useMarkSignedOut();
  const forget = useForgetAdminData();
  const [continuing, setContinuing] = useState(false);

  const done =
    account.data !== undefined &&
    (account.data.secondFactor !== 'none' || account.data.passkeys.length > 0);

  const logout = trpc.admin.logout.useMutation({
    onSuccess: () => {
      markSignedOut();
      void navigate({ to: '/admin/login', replace: true }).then(forget);
    },
    onError: (error) => {
      toast({ title: 'Logout failed', description: errorMessage(error), variant: 'destructive' });
    },
  });

  const goOn = async () => {
    setContinuing(true);
    try {
      setAuth(await utils.client.admin.check.query());
      await navigate({ to: ADMIN_LANDING, replace: true });
      // The protected pages' guard reads the session again (it may be this very page).
      await router.invalidate();
    } catch (error) {
      toast({
        title: 'Could not continue',
        description: errorMessage(error),
        variant: 'destructive',
      });
    } finally {
      setContinuing(false);
    }
  };

  return (
    <div className="min-h-screen bg-subtle">
      <header className="border-b border-line bg-raised">
        <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Logo {...company} />
          <div className="flex flex-wrap items-center gap-3">
            <ThemeToggle />
            <Button
              variant="secondary"
              onPress={() => logout.mutate()}
              isPending={logout.isPending}
            >
              <LogOutIcon />
              Logout
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
        <div>
          <h1 className="text-2xl font-bold text-ink">Set up a second factor</h1>
          <p className="mt-2 text-muted">
            Signed in as <strong className="break-all text-ink">{username}</strong>. This site asks
            every administrator for a second proof besides the password: an authenticator app, a
            passkey, or a code e-mailed to you. Set up one of them below; the rest of the admin area
            opens once one is on.
          </p>
        </div>
        {done ? (
          <Card>
            <div role="status" className="flex flex-col items-start gap-3">
              <p className="font-medium text-ink">Your second factor is on.</p>
              <p className="text-muted">
                Keep your recovery codes, if you were given some, before you go on.
              </p>
              <Button onPress={() => void goOn()} isPending={continuing}>
                Continue to the admin area
              </Button>
            </div>
          </Card>
        ) : null}
        <QueryState
          query={account}
          pending="Loading your account..."
          error="Error loading your account"
          frame={(state) => <Card>{state}</Card>}
        >
          {(data) => (
            <>
              <TotpCard
                username={data.user.username}
                isOn={data.secondFactor === 'totp'}
                codesLeft={data.recoveryCodesLeft}
              />
              <PasskeysCard passkeys={data.passkeys} />
              <EmailCard email={data.user.email} appOn={data.secondFactor === 'totp'} />
            </>
          )}
        </QueryState>
      </main>
    </div>
  );
}
