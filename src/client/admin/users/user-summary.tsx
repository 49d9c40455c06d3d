import type { SecondFactor } from '#shared/users';
import type { AdminUser } from '#shared/shapes/users';
import { Badge } from '../ui/badge';
import { DateTime } from '../ui/date-time';
import { passkeyCount } from './reset-second-factor-dialog';

const SECOND_FACTOR_LABELS: Record<SecondFactor, string> = {
  none: 'Password only',
  email: 'Code by e-mail',
  totp: 'Authenticator app',
};

/**
 * Who an administrator is on the Administrators screen: the name (focusable, so focus can
 * return to the row once a dialog took its button away), whether they joined, their address,
 * how they sign in and when they last did.
 */
export function UserSummary({
  user,
  nameRef,
}: {
  user: AdminUser;
  nameRef: (element: HTMLElement | null) => void;
}) {
  return (
    <div className="min-w-0 flex-1">
      <p
        ref={nameRef}
        tabIndex={-1}
        className="flex flex-wrap items-center gap-2 font-semibold break-all text-ink outline-none"
      >
        {user.username}
        {user.current ? <Badge tone="done">You</Badge> : null}
        {user.invited ? <Badge tone="waiting">Invited</Badge> : null}
      </p>
      <p className="text-sm break-all text-muted">{user.email ?? 'No e-mail address'}</p>
      <p className="text-sm text-muted">
        {SECOND_FACTOR_LABELS[user.secondFactor]}
        {user.passkeys > 0 ? ` + ${passkeyCount(user.passkeys)}` : null}
        {' · '}
        {user.invited ? (
          <>
            Invited <DateTime iso={user.createdAt} />
          </>
        ) : user.lastSignInAt ? (
          <>
            Last signed in <DateTime iso={user.lastSignInAt} />
          </>
        ) : (
          'Not signed in yet'
        )}
      </p>
    </div>
  );
}
