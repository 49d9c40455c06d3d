/**
 * A lead's Engagement section (docs/engagements.md): the work's page for the client, its title
 * and status, whether its link works, and the owner's actions: open one, view the page as the
 * client sees it, a new link (mailed; the old one stops), revoke, close, and the client's
 * uploads. Each answer replaces what is shown; a refusal is said in a toast.
 */
import type { Engagement } from '#shared/shapes/engagements';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import { buttonClass } from '#shared/ui-styles';
import { Button, Card, Switch } from '../ui/controls';
import { DateTime } from '../ui/date-time';
import { errorMessage } from '../ui/errors';
import { QueryState } from '../ui/query-state';
import { EngagementFiles } from './engagement-files';

function useEngagementChange(leadId: number, done: string) {
  const utils = trpc.useUtils();
  return {
    onSuccess: (engagement: Engagement) => {
      utils.engagements.ofLead.setData({ id: leadId }, engagement);
      toast({ title: done });
    },
    onError: (error: unknown) =>
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }),
  };
}

export function LeadEngagement({ leadId }: { leadId: number }) {
  const engagement = trpc.engagements.ofLead.useQuery({ id: leadId });
  const open = trpc.engagements.open.useMutation(
    useEngagementChange(leadId, 'Engagement opened; its link was mailed to the client'),
  );
  return (
    <Card labelledBy="lead-engagement-heading">
      <h2 id="lead-engagement-heading" className="mb-4 text-lg font-semibold text-ink">
        Engagement
      </h2>
      <QueryState
        query={engagement}
        pending="Loading engagement..."
        error="Error loading engagement"
      >
        {(data) =>
          data === null ? (
            <div className="flex flex-col items-start gap-3">
              <p className="text-muted">
                No engagement yet. Accepting a proposal opens one; you can also open it here.
              </p>
              <Button isPending={open.isPending} onPress={() => open.mutate({ id: leadId })}>
                Open engagement
              </Button>
            </div>
          ) : (
            <EngagementControls engagement={data} />
          )
        }
      </QueryState>
    </Card>
  );
}

function EngagementControls({ engagement }: { engagement: Engagement }) {
  const { id, leadId } = engagement;
  const link = trpc.engagements.link.useMutation(
    useEngagementChange(leadId, 'New link mailed to the client; the old one no longer works'),
  );
  const revoke = trpc.engagements.revoke.useMutation(
    useEngagementChange(leadId, 'Link revoked: the client’s page no longer opens'),
  );
  const close = trpc.engagements.close.useMutation(
    useEngagementChange(leadId, 'Engagement closed: the page is read-only for 90 days'),
  );
  const update = trpc.engagements.update.useMutation(
    useEngagementChange(leadId, 'Client uploads saved'),
  );
  const closed = engagement.status === 'closed';
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">Title</dt>
        <dd className="text-ink">{engagement.title}</dd>
        <dt className="text-muted">Status</dt>
        <dd className="text-ink">
          {closed ? 'Closed' : 'Active'}
          {engagement.closedAt ? (
            <>
              {' since '}
              <DateTime iso={engagement.closedAt} />
            </>
          ) : null}
        </dd>
        <dt className="text-muted">Client’s link</dt>
        <dd className="text-ink">
          {engagement.linkCreatedAt ? (
            <>
              Working, made <DateTime iso={engagement.linkCreatedAt} />
            </>
          ) : (
            'No working link'
          )}
        </dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        <a
          href={`/api/engagements/${id}/preview`}
          target="_blank"
          rel="noopener"
          className={buttonClass('secondary', 'sm')}
        >
          View as client
        </a>
        <Button
          variant="secondary"
          size="sm"
          isDisabled={closed}
          isPending={link.isPending}
          onPress={() => link.mutate({ id })}
        >
          New link
        </Button>
        <Button
          variant="secondary"
          size="sm"
          isDisabled={!engagement.linkActive}
          isPending={revoke.isPending}
          onPress={() => revoke.mutate({ id })}
        >
          Revoke link
        </Button>
        <Button
          variant="secondary"
          size="sm"
          isDisabled={closed}
          isPending={close.isPending}
          onPress={() => close.mutate({ id })}
        >
          Close engagement
        </Button>
      </div>
      <Switch
        isSelected={engagement.clientUploads}
        isDisabled={closed || update.isPending}
        onChange={(clientUploads) => update.mutate({ id, clientUploads })}
      >
        Allow client uploads
      </Switch>
      <EngagementFiles engagementId={id} />
    </div>
  );
}
