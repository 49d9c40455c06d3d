import { useState } from 'react';
import type { AccountSession } from '#client/lib/api-types';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import { Badge } from '../ui/badge';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Button, Card } from '../ui/controls';
import { errorMessage, isNotFound, isUnauthorized, OWN_UNAUTHORIZED } from '../ui/errors';
import { useRecentProofDialog } from './recent-proof-dialog';
import { formatDateTime, formatLastActive } from '../ui/date-time';
import { useLeaveAfterOwnSessionEnded } from './account-session';
import { QueryState } from '../ui/query-state';
import { useNow } from '../ui/use-now';

const HEADING_ID = 'account-sessions-heading';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** This browser first, then the most recently used. */
function byRecentUse(a: AccountSession, b: AccountSession): number {
  if (a.current !== b.current) return a.current ? -1 : 1;
  return b.lastSeenAt.localeCompare(a.lastSeenAt);
}

/**
 * "Where you're signed in": every session of the signed-in user, each with its device, masked
 * address and times, and a way to end it. Ending another one (after a recent proof, the
 * password asked for when the server wants it) takes effect at once on the server (its next
 * request answers 401); ending this browser's own asks first, then signs out.
 */
export function SessionsCard() {
  const sessions = trpc.account.sessions.useQuery();
  const now = useNow(60_000);
  const list = sessions.data ? [...sessions.data.sessions].sort(byRecentUse) : [];
  const others = list.filter((session) => !session.current).length;

  return (
    <Card labelledBy={HEADING_ID}>
      <h2 id={HEADING_ID} className="text-lg font-semibold text-ink">
        Where you’re signed in
      </h2>
      <p className="mt-1 text-sm text-muted">
        Each browser signed in to your account. End any you do not recognise, then change your
        password.
      </p>
      <div className="mt-4">
        <QueryState
          query={sessions}
          pending="Loading sessions..."
          error="Error loading sessions"
          empty={() => list.length === 0 && 'No sessions.'}
        >
          {() => (
            <>
              <ul aria-label="Sessions" className="flex flex-col gap-3">
                {list.map((session) => (
                  <li key={session.id}>
                    <SessionRow session={session} now={now} />
                  </li>
                ))}
              </ul>
              <EndOthers others={others} />
            </>
          )}
        </QueryState>
      </div>
    </Card>
  );
}

function SessionRow({ session, now }: { session: AccountSession; now: number }) {
  const utils = trpc.useUtils();
  const leave = useLeaveAfterOwnSessionEnded();
  const [confirming, setConfirming] = useState(false);
  // Ending another session needs a recent proof: the password is asked for when the server does.
  const proof = useRecentProofDialog();
  const end = trpc.account.endSession.useMutation({
    meta: OWN_UNAUTHORIZED,
    onSuccess: () => {
      if (session.current) {
        leave();
        return;
      }
      toast({ title: 'Session ended', description: `${session.device} is signed out.` });
      void utils.account.sessions.invalidate();
    },
    onError: (error) => {
      // Another's: the proof asked for, or this session's end (the recent proof dialog's hook sees
      // to both). This one's: it has ended already, so this browser is signed out anyway.
      if (isUnauthorized(error)) {
        if (session.current) leave();
        return;
      }
      // Ended meanwhile (elsewhere, or it expired): the list was out of date, not the press.
      if (isNotFound(error)) {
        toast({ title: 'Session already ended', description: `${session.device} was signed out.` });
        void utils.account.sessions.invalidate();
        return;
      }
      setConfirming(false);
      toast({
        title: 'Could not end the session',
        description: errorMessage(error),
        variant: 'destructive',
      });
    },
  });
  const headingId = `session-${session.id}`;

  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-wrap items-start justify-between gap-3 rounded-md border border-line p-4"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={headingId} className="font-semibold break-words text-ink">
            {session.device}
          </h3>
          {session.current ? <Badge tone="done">This device</Badge> : null}
        </div>
        <p className="text-sm break-words text-muted">
          <span className="sr-only">Address: </span>
          {session.address}
        </p>
        <p className="text-sm text-muted">
          Signed in <time dateTime={session.createdAt}>{formatDateTime(session.createdAt)}</time>
          {' · '}
          Last active{' '}
          <time dateTime={session.lastSeenAt} title={formatDateTime(session.lastSeenAt)}>
            {session.current ? 'now' : formatLastActive(session.lastSeenAt, now)}
          </time>
        </p>
      </div>
      <Button
        variant="ghost-danger"
        size="sm"
        aria-label={
          session.current
            ? 'End this session'
            : `End the session on ${session.device}, ${session.address}`
        }
        onPress={() =>
          session.current
            ? setConfirming(true)
            : void proof.run(`End the session on ${session.device}`, (given) =>
                end.mutateAsync({ id: session.id, ...given }),
              )
        }
        isPending={end.isPending && !session.current}
      >
        {end.isPending && !session.current ? 'Ending...' : 'End'}
      </Button>
      {session.current ? (
        <ConfirmDialog
          isOpen={confirming}
          title="End this session?"
          question="This browser will be signed out and go to the login page."
          confirmLabel="Sign out"
          pendingLabel="Signing out..."
          isPending={end.isPending}
          onConfirm={() => end.mutate({ id: session.id })}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
      {proof.dialog}
    </article>
  );
}

function EndOthers({ others }: { others: number }) {
  const utils = trpc.useUtils();
  // Ending the others needs a recent proof: the password is asked for when the server does.
  const proof = useRecentProofDialog();
  const endOthers = trpc.account.endOtherSessions.useMutation({
    meta: OWN_UNAUTHORIZED,
    onSuccess: ({ ended }) => {
      toast({
        title: 'Signed out everywhere else',
        description: `${plural(ended, 'other session', 'other sessions')} ended.`,
      });
      void utils.account.sessions.invalidate();
    },
    onError: (error) => {
      // The proof asked for, or the session's end: the recent proof dialog's hook sees to both.
      if (isUnauthorized(error)) return;
      toast({
        title: 'Could not end the other sessions',
        description: errorMessage(error),
        variant: 'destructive',
      });
    },
  });
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3">
      <Button
        variant="secondary"
        onPress={() =>
          void proof.run('Sign out everywhere else', (given) =>
            endOthers.mutateAsync(
              given.password === undefined ? undefined : { password: given.password },
            ),
          )
        }
        isDisabled={others === 0}
        isPending={endOthers.isPending}
      >
        {endOthers.isPending ? 'Signing out...' : 'Sign out everywhere else'}
      </Button>
      <p className="text-sm text-muted">
        {others === 0
          ? 'This is the only browser signed in.'
          : `${plural(others, 'other session', 'other sessions')} signed in.`}
      </p>
      {proof.dialog}
    </div>
  );
}
