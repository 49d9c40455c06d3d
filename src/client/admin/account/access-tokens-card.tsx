import { useEffect, useRef, useState } from 'react';
import { SCOPE_LABELS } from '#shared/access-tokens';
import type { AccessTokenSummary } from '#shared/shapes/access-tokens';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import { Badge } from '../ui/badge';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Button, Card } from '../ui/controls';
import { errorMessage, isNotFound } from '../ui/errors';
import { DateTime, formatDateTime, formatLastActive } from '../ui/date-time';
import { QueryState } from '../ui/query-state';
import { useNow } from '../ui/use-now';
import { AccessTokenForm } from './access-token-form';

const HEADING_ID = 'account-tokens-heading';

type Step =
  | { kind: 'list' }
  | { kind: 'create' }
  | { kind: 'created'; secret: string; name: string };

/**
 * "Access tokens" (docs/mcp.md): the tokens an MCP client (Claude, Cursor) uses to work on
 * the site for you, each with its scopes and expiry. Create one (after a recent proof), see
 * its secret once, revoke any.
 */
export function AccessTokensCard() {
  const tokens = trpc.accessTokens.list.useQuery();
  const now = useNow(60_000);
  const [step, setStep] = useState<Step>({ kind: 'list' });
  const createButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Where focus goes once the element it was on has left the page.
  const focusNext = useRef<'create' | { revoked: number } | null>(null);
  const list = tokens.data?.tokens;
  useEffect(() => {
    const target = focusNext.current;
    if (target === 'create' && createButton.current) createButton.current.focus();
    else if (
      target !== null &&
      target !== 'create' &&
      !list?.some((token) => token.id === target.revoked)
    ) {
      heading.current?.focus();
    } else return;
    focusNext.current = null;
  }, [step, list]);

  return (
    <Card labelledBy={HEADING_ID}>
      <h2
        id={HEADING_ID}
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold text-ink outline-none"
      >
        Access tokens
      </h2>
      <p className="mt-1 text-sm text-muted">
        For an AI assistant (Claude, Cursor or another MCP client) to work on your leads and drafts.
        Anyone holding a token can do what its scopes allow until it expires or you revoke it.
      </p>
      <div className="mt-4 flex flex-col gap-4">
        <QueryState
          query={tokens}
          pending="Loading access tokens..."
          error="Error loading access tokens"
          empty={(data) => data.tokens.length === 0 && 'No access tokens yet.'}
        >
          {(data) => (
            <ul aria-label="Access tokens" className="flex flex-col gap-3">
              {data.tokens.map((token) => (
                <li key={token.id}>
                  <TokenRow
                    token={token}
                    now={now}
                    onRevoked={() => {
                      focusNext.current = { revoked: token.id };
                    }}
                  />
                </li>
              ))}
            </ul>
          )}
        </QueryState>
        {step.kind === 'create' ? (
          <AccessTokenForm
            onCreated={({ token, secret }) =>
              setStep({ kind: 'created', secret, name: token.name })
            }
            onCancel={() => {
              focusNext.current = 'create';
              setStep({ kind: 'list' });
            }}
          />
        ) : step.kind === 'created' ? (
          <NewTokenSecret
            name={step.name}
            secret={step.secret}
            onDone={() => {
              focusNext.current = 'create';
              setStep({ kind: 'list' });
            }}
          />
        ) : (
          <div>
            <Button
              ref={createButton}
              variant="secondary"
              onPress={() => setStep({ kind: 'create' })}
            >
              Create token
            </Button>
          </div>
        )}
      </div>
    </Card>
  );
}

/**
 * The new token's secret, this once: Copy, and a plain warning that it will not be shown
 * again. The heading takes focus so a screen reader starts here.
 */
function NewTokenSecret({
  name,
  secret,
  onDone,
}: {
  name: string;
  secret: string;
  onDone: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast({ title: 'Copied', description: 'The token is on the clipboard.' });
    } catch {
      toast({
        title: 'Could not copy',
        description: 'Select the token and copy it.',
        variant: 'destructive',
      });
    }
  };
  return (
    <section
      aria-labelledby="new-token-heading"
      className="flex flex-col gap-3 rounded-md border border-line p-4"
    >
      <h3
        id="new-token-heading"
        ref={headingRef}
        tabIndex={-1}
        className="font-semibold break-words text-ink outline-none"
      >
        Your new token “{name}”
      </h3>
      <p
        role="note"
        className="rounded-md border border-amber-700 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-200"
      >
        Copy it now and keep it somewhere safe (a password manager, or your MCP client’s settings).
        You will not see it again: the site keeps only a fingerprint of it.
      </p>
      <code
        aria-label="The new token"
        className="block rounded-md border border-line bg-subtle p-3 font-mono text-sm break-all text-ink"
      >
        {secret}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onPress={() => void copy()}>
          Copy
        </Button>
        <Button onPress={onDone}>Done</Button>
      </div>
    </section>
  );
}

/** One token: its name, scopes and dates; Revoke, asked about first. */
function TokenRow({
  token,
  now,
  onRevoked,
}: {
  token: AccessTokenSummary;
  now: number;
  onRevoked: () => void;
}) {
  const utils = trpc.useUtils();
  const [confirming, setConfirming] = useState(false);
  const revoke = trpc.accessTokens.revoke.useMutation({
    onSuccess: () => {
      setConfirming(false);
      toast({ title: 'Token revoked', description: `“${token.name}” no longer works.` });
      onRevoked();
      void utils.accessTokens.list.invalidate();
    },
    onError: (error) => {
      setConfirming(false);
      // Revoked meanwhile (another tab): the list was out of date, not the press.
      if (isNotFound(error)) {
        onRevoked();
        void utils.accessTokens.list.invalidate();
        return;
      }
      toast({
        title: 'Could not revoke the token',
        description: errorMessage(error),
        variant: 'destructive',
      });
    },
  });
  const expired = Date.parse(token.expiresAt) <= now;
  const headingId = `access-token-${token.id}`;

  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-wrap items-start justify-between gap-3 rounded-md border border-line p-4"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={headingId} className="font-semibold break-words text-ink">
            {token.name}
          </h3>
          {expired ? <Badge tone="quiet">Expired</Badge> : null}
        </div>
        <p className="text-sm break-words text-muted">
          <span className="sr-only">Scopes: </span>
          {token.scopes.map((scope) => SCOPE_LABELS[scope]).join('; ')}
        </p>
        <p className="text-sm text-muted">
          Created <DateTime iso={token.createdAt} />
          {' · '}
          {expired ? 'Expired' : 'Expires'} <DateTime iso={token.expiresAt} />
          {' · '}
          {token.lastUsedAt ? (
            <>
              Last used{' '}
              <time dateTime={token.lastUsedAt} title={formatDateTime(token.lastUsedAt)}>
                {formatLastActive(token.lastUsedAt, now)}
              </time>
            </>
          ) : (
            'Never used'
          )}
        </p>
      </div>
      <Button
        variant="ghost-danger"
        size="sm"
        aria-label={`Revoke the token ${token.name}`}
        onPress={() => setConfirming(true)}
      >
        Revoke
      </Button>
      <ConfirmDialog
        isOpen={confirming}
        title="Revoke this token?"
        question="Whatever uses it stops working at once. This cannot be undone."
        detail={token.name}
        confirmLabel="Revoke"
        pendingLabel="Revoking..."
        isPending={revoke.isPending}
        onConfirm={() => revoke.mutate({ id: token.id })}
        onCancel={() => setConfirming(false)}
      />
    </article>
  );
}
