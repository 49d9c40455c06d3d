import { useId, useState } from 'react';
import { SCOPE_LABELS, type Scope } from '#shared/access-tokens';
import { OAUTH_MESSAGES } from '#shared/oauth-consent';
import { trpc } from '#client/lib/trpc';
import { Card } from '../ui/card';
import { Button } from '../ui/controls';
import { errorMessage, isUnauthorized, OWN_UNAUTHORIZED } from '../ui/errors';
import { useRecentProofDialog } from '../account/recent-proof-dialog';
import { QueryState } from '../ui/query-state';
import { useDocumentTitle } from '../ui/use-document-title';
import { leaveFor } from './leave-for';

const HEADING_ID = 'connect-heading';
const label = (scope: string) => SCOPE_LABELS[scope as Scope] ?? scope;

/**
 * An MCP client asks to act for the owner (docs/mcp.md, "OAuth"): the name it gives itself
 * (it registered itself, and the screen says so), apart from the host the answer goes to, the permissions asked for in words (each can be unticked), Allow or Deny. Allow needs
 * a recent proof, asked for by the recent proof dialog as other sensitive changes do; either answer
 * sends the browser back to the client.
 */
export function ConnectPage({ requestId }: { requestId: string }) {
  useDocumentTitle('Connect an MCP client');
  const request = trpc.oauth.request.useQuery({ id: requestId }, { retry: false });
  return (
    <Card labelledBy={HEADING_ID} className="mx-auto w-full max-w-xl">
      <h1 id={HEADING_ID} className="text-2xl font-bold text-ink">
        Connect an MCP client
      </h1>
      <div className="mt-4">
        <QueryState
          query={request}
          pending="Loading the request..."
          error="Error loading the request"
          notFound={<p className="text-ink">{OAUTH_MESSAGES.request}</p>}
        >
          {(data) => <Consent request={data} />}
        </QueryState>
      </div>
    </Card>
  );
}

interface ConsentRequest {
  id: string;
  clientName: string;
  redirectHost: string;
  scopes: string[];
}

function Consent({ request }: { request: ConsentRequest }) {
  const [chosen, setChosen] = useState<string[]>(request.scopes);
  const [failure, setFailure] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const allow = trpc.oauth.allow.useMutation({ meta: OWN_UNAUTHORIZED });
  const deny = trpc.oauth.deny.useMutation();
  const proof = useRecentProofDialog();
  const groupId = useId();

  const leave = (to: string) => {
    setLeaving(true);
    leaveFor(to);
  };
  const onAllow = () => {
    if (chosen.length === 0) {
      setFailure(OAUTH_MESSAGES.scopes);
      return;
    }
    setFailure(null);
    void proof.run('Allow this client', async (given) => {
      const answer = await allow.mutateAsync({ id: request.id, scopes: chosen, ...given });
      leave(answer.redirectTo);
    });
  };
  const onDeny = () => {
    deny.mutate(
      { id: request.id },
      {
        onSuccess: (answer) => leave(answer.redirectTo),
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-ink">A client asks to use your site’s data on your behalf.</p>
      {/* The name is the client's own word (it registered itself): kept apart from the host,
          and isolated (<bdi>) so that no character in it turns the text around it. */}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-ink">
        <dt className="font-semibold">Name it gives</dt>
        <dd className="break-words">
          <bdi>{request.clientName}</bdi>
        </dd>
        <dt className="font-semibold">Returns to</dt>
        <dd className="break-all">{request.redirectHost}</dd>
      </dl>
      <p className="text-sm text-muted">{OAUTH_MESSAGES.selfRegistered}</p>
      <fieldset aria-describedby={`${groupId}-hint`}>
        <legend className="font-semibold text-ink">It asks to</legend>
        <p id={`${groupId}-hint`} className="mt-1 text-sm text-muted">
          Untick what it should not do. It can never send mail, publish, delete, or change
          administrators or settings.
        </p>
        <ul className="mt-3 flex flex-col gap-2">
          {request.scopes.map((scope) => {
            const id = `${groupId}-${scope}`;
            return (
              <li key={scope} className="flex items-start gap-2">
                <input
                  id={id}
                  type="checkbox"
                  checked={chosen.includes(scope)}
                  onChange={(event) =>
                    setChosen((now) =>
                      event.target.checked
                        ? request.scopes.filter((s) => s === scope || now.includes(s))
                        : now.filter((s) => s !== scope),
                    )
                  }
                  className="mt-1 h-4 w-4 shrink-0 accent-brand-700"
                />
                <label htmlFor={id} className="text-sm text-ink">
                  {label(scope)} <span className="text-muted">({scope})</span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <div role="alert" className="text-sm text-red-700 dark:text-red-300">
        {failure ??
          (allow.error && !isUnauthorized(allow.error) ? errorMessage(allow.error) : null)}
      </div>
      <div className="flex flex-wrap gap-3">
        <Button onPress={onAllow} isPending={allow.isPending || leaving}>
          Allow
        </Button>
        <Button variant="secondary" onPress={onDeny} isPending={deny.isPending || leaving}>
          Deny
        </Button>
      </div>
      {proof.dialog}
    </div>
  );
}
