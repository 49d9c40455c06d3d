import { useEffect, useState, type ComponentProps } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { LeadDraft, Lead, TimelineEvent } from '#shared/shapes/leads';
import { trpc } from '#client/lib/trpc';
import { buttonClass } from '#shared/ui-styles';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Button, Card } from '../ui/controls';
import { ArrowLeftIcon, TrashIcon } from '../ui/icons';
import { SENDING_POLL_MS } from '../newsletters/progress';
import { DateTime } from '../ui/date-time';
import { parseIdParam } from '../ui/id-param';
import { QueryState } from '../ui/query-state';
import { useDocumentTitle } from '../ui/use-document-title';
import { EmailAddress } from '../ui/email-address';
import { LeadDetailsForm } from './lead-details-form';
import { useEraseLead, useRetryReply } from './lead-mutations';
import { LeadStatusBadge } from './lead-status';
import { LeadTimeline } from './lead-timeline';
import { NoteForm } from './note-form';
import { ReplyEditor } from './reply-editor';
import { TriageBlock } from './triage-block';
import { AiOffCard } from '../ui/ai-off';
import { LeadProposals } from '../proposals/lead-proposals';
import { LeadInvoices } from '../invoices/lead-invoices';
import { LeadCallNotes } from '../engagements/call-notes/lead-call-notes';
import { TestimonialActions } from './testimonial-actions';
import { LeadEngagement } from '../engagements/lead-engagement';
import { useAiEnabled, useAiOff } from '../ui/use-ai';

const backLinkClass =
  'inline-flex w-fit items-center gap-1 text-sm text-muted underline underline-offset-2 hover:text-brand-700 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none dark:hover:text-brand-300 dark:focus-visible:ring-brand-400';

/** One lead: who they are, where they stand, what happened, and the answer to write. */
export function LeadPage({ idParam }: { idParam: string }) {
  useDocumentTitle('Lead');
  const id = parseIdParam(idParam);
  return (
    <div className="flex flex-col gap-4">
      <Link to="/admin/leads" className={backLinkClass}>
        <ArrowLeftIcon />
        All leads
      </Link>
      {id === null ? <NotFound /> : <LoadedLead id={id} />}
    </div>
  );
}

function NotFound() {
  return (
    <Card>
      <h1 className="mb-3 text-2xl font-bold text-ink">Lead</h1>
      <p role="alert" className="text-muted">
        Lead not found. It may have been erased.
      </p>
    </Card>
  );
}

/** A reply on its way: the page reads the lead again until none is. */
export function isAnySending(timeline: TimelineEvent[]): boolean {
  return timeline.some((event) => event.kind === 'reply_sent' && event.delivery === 'sending');
}

function LoadedLead({ id }: { id: number }) {
  const lead = trpc.leads.get.useQuery(
    { id },
    {
      refetchInterval: (query) =>
        query.state.data && isAnySending(query.state.data.timeline) ? SENDING_POLL_MS : false,
    },
  );
  useReadFollows(lead.dataUpdatedAt);
  return (
    <QueryState
      query={lead}
      pending="Loading lead..."
      error="Error loading lead"
      notFound={<NotFound />}
      frame={(state, kind) => (kind === 'error' ? <Card>{state}</Card> : state)}
    >
      {(data) => (
        <LeadView
          lead={data.lead}
          timeline={data.timeline}
          suppressed={data.suppressed}
          drafts={data.drafts}
        />
      )}
    </QueryState>
  );
}

/**
 * Each read of a lead marks its messages and answers read on the server (docs/leads.md), so
 * the navigation's unread badge, Messages and the list's unread column are read again after it.
 */
function useReadFollows(readAt: number) {
  const utils = trpc.useUtils();
  useEffect(() => {
    if (readAt === 0) return;
    void utils.messages.invalidate();
    void utils.leads.list.invalidate();
  }, [readAt, utils]);
}

function LeadView({
  lead,
  timeline,
  suppressed,
  drafts,
}: {
  lead: Lead;
  timeline: TimelineEvent[];
  suppressed: ComponentProps<typeof ReplyEditor>['suppressed'];
  drafts: LeadDraft[];
}) {
  const retry = useRetryReply(lead.id);
  const [retrying, setRetrying] = useState<number | null>(null);
  const aiEnabled = useAiEnabled();
  const aiOff = useAiOff();
  return (
    <>
      <Person lead={lead} />
      {aiEnabled ? <TriageBlock lead={lead} /> : null}
      {aiOff ? <AiOffCard id="triage-heading" title="Triage" /> : null}
      <Card labelledBy="lead-status-heading">
        <h2 id="lead-status-heading" className="mb-4 text-lg font-semibold text-ink">
          Status and follow-up
        </h2>
        {/* Keyed by what was saved: the fields start again from the stored lead. */}
        <LeadDetailsForm
          key={`${lead.status}|${lead.value}|${lead.lostReason}|${lead.followUpAt}`}
          lead={lead}
        />
      </Card>
      <LeadProposals leadId={lead.id} />
      <LeadInvoices lead={lead} />
      <LeadCallNotes leadId={lead.id} />
      <TestimonialActions leadId={lead.id} />
      <LeadEngagement leadId={lead.id} />
      <Card labelledBy="timeline-heading">
        <h2 id="timeline-heading" className="mb-4 text-lg font-semibold text-ink">
          Timeline
        </h2>
        <LeadTimeline
          events={timeline}
          name={lead.name}
          email={lead.email}
          retrying={retry.isPending ? retrying : null}
          onRetry={(event) => {
            setRetrying(event.id);
            retry.mutate({ id: lead.id, eventId: event.id });
          }}
        />
        <div className="mt-6 border-t border-line pt-4">
          <NoteForm leadId={lead.id} />
        </div>
      </Card>
      <Card>
        <ReplyEditor
          leadId={lead.id}
          email={lead.email}
          suppressed={suppressed}
          canDraft={aiEnabled}
          drafts={drafts}
        />
      </Card>
    </>
  );
}

function Person({ lead }: { lead: Lead }) {
  const erase = useEraseLead();
  const navigate = useNavigate();
  const [askingErase, setAskingErase] = useState(false);
  return (
    <Card>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold break-words text-ink">{lead.name}</h1>
        <LeadStatusBadge status={lead.status} />
      </div>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm text-muted sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">E-mail</dt>
        <dd>
          <EmailAddress address={lead.email} />
        </dd>
        <dt className="font-medium">Company</dt>
        <dd className="break-words">{lead.company ?? '-'}</dd>
        <dt className="font-medium">Source</dt>
        <dd className="break-all">{lead.source}</dd>
        <dt className="font-medium">First wrote</dt>
        <dd>
          <DateTime iso={lead.createdAt} />
        </dd>
        <dt className="font-medium">First reply</dt>
        <dd>{lead.firstReplyAt ? <DateTime iso={lead.firstReplyAt} /> : 'Not yet'}</dd>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <a href={`/api/leads/${lead.id}/export`} download className={buttonClass('secondary')}>
          Export data
        </a>
        <Button variant="ghost-danger" onPress={() => setAskingErase(true)}>
          <TrashIcon />
          Erase
        </Button>
      </div>
      <ConfirmDialog
        isOpen={askingErase}
        title="Erase this person's data"
        question="Their messages, timeline and bookings are erased for good, and future bookings are cancelled with a notice. The analytics keep their counts, which hold no personal data."
        detail={`${lead.name} <${lead.email}>`}
        confirmLabel="Erase"
        pendingLabel="Erasing..."
        isPending={erase.isPending}
        onCancel={() => setAskingErase(false)}
        onConfirm={() =>
          erase.mutate(
            { id: lead.id },
            {
              onSuccess: () => void navigate({ to: '/admin/leads' }),
              onSettled: () => setAskingErase(false),
            },
          )
        }
      />
    </Card>
  );
}
