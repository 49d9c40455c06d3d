import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../use-document-title';
import { AccountLoadState } from './account-load-state';
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
      {account.data ? (
        <>
          <EmailCard email={account.data.user.email} appOn={account.data.secondFactor === 'totp'} />
          <TotpCard
            username={account.data.user.username}
            isOn={account.data.secondFactor === 'totp'}
            codesLeft={account.data.recoveryCodesLeft}
          />
        </>
      ) : (
        <AccountLoadState
          isPending={account.isPending}
          error={account.error}
          retry={() => void account.refetch()}
        />
      )}
      {account.data ? <PasskeysCard passkeys={account.data.passkeys} /> : null}
      <SessionsCard />
    </div>
  );
}
