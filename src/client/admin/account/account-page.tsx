import { trpc } from '#client/lib/trpc';
import { Card } from '../ui/controls';
import { QueryState } from '../ui/query-state';
import { useDocumentTitle } from '../ui/use-document-title';
import { AccessTokensCard } from './access-tokens-card';
import { EmailCard } from './email-card';
import { PasskeysCard } from './passkeys-card';
import { PasswordCard } from './password-card';
import { SessionsCard } from './sessions-card';
import { TotpCard } from './totp-card';

/**
 * The signed-in administrator's own account, one card per concern. The later ways to sign in
 * (passkeys) are more cards in this column.
 */
export function AccountPage() {
  useDocumentTitle('Account');
  const account = trpc.account.get.useQuery();
  const username = account.data?.user.username;

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold text-ink">Account</h1>
        <p className="mt-1 text-muted">
          {username ? (
            <>
              Signed in as <strong className="break-all text-ink">{username}</strong>
            </>
          ) : (
            'Your password, sign-in code and sessions'
          )}
        </p>
      </div>
      <PasswordCard username={username} />
      <QueryState
        query={account}
        pending="Loading your account..."
        error="Error loading your account"
        frame={(state) => <Card>{state}</Card>}
      >
        {(data) => (
          <>
            <EmailCard email={data.user.email} appOn={data.secondFactor === 'totp'} />
            <TotpCard
              username={data.user.username}
              isOn={data.secondFactor === 'totp'}
              codesLeft={data.recoveryCodesLeft}
            />
            <PasskeysCard passkeys={data.passkeys} />
          </>
        )}
      </QueryState>
      <SessionsCard />
      <AccessTokensCard />
    </div>
  );
}
