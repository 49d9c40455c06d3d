import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { useNavigate } from '@tanstack/react-router';
import { trpc } from '#client/lib/trpc';
import { Button, Card, TextInputField } from '../ui/controls';
import { pathIssues } from '../ui/field-issues';
import { DataTable } from '../ui/list-table';
import { QueryState } from '../ui/query-state';
import { useAiEnabled } from '../ui/use-ai';
import { useCreateProposal, useDraftProposal } from './proposal-mutations';
import { leadProposalsTable } from './proposals-table';

/** The lead's proposals, newest first, and "New proposal": a draft with a title, opened at once. */
export function LeadProposals({ leadId }: { leadId: number }) {
  const proposals = trpc.proposals.ofLead.useQuery({ id: leadId });
  return (
    <Card labelledBy="lead-proposals-heading">
      <h2 id="lead-proposals-heading" className="mb-4 text-lg font-semibold text-ink">
        Proposals
      </h2>
      <QueryState
        query={proposals}
        pending="Loading proposals..."
        error="Error loading proposals"
        empty={(data) =>
          data.proposals.length === 0 && <p className="text-muted">No proposals yet.</p>
        }
      >
        {(data) => <DataTable rows={data.proposals} isBusy={false} {...leadProposalsTable} />}
      </QueryState>
      <div className="mt-6 flex flex-col gap-4 border-t border-line pt-4">
        <NewProposalForm leadId={leadId} />
        {useAiEnabled() ? <DraftWithAi leadId={leadId} /> : null}
      </div>
    </Card>
  );
}

function NewProposalForm({ leadId }: { leadId: number }) {
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | undefined>();
  const create = useCreateProposal();
  const navigate = useNavigate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    create.mutate(
      { id: leadId, title },
      {
        onSuccess: ({ proposal }) =>
          void navigate({ to: '/admin/proposals/$id', params: { id: String(proposal.id) } }),
        onError: (failure) => setError(pathIssues(failure)['title']),
      },
    );
  };
  return (
    <Form
      onSubmit={submit}
      validationBehavior="aria"
      aria-label="New proposal"
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
    >
      <div className="sm:flex-1">
        <TextInputField
          label="Title of a new proposal"
          name="title"
          value={title}
          onChange={setTitle}
          error={error}
          description="E.g. “Support inbox pilot”. Items and prices come next, in the editor."
        />
      </div>
      <Button type="submit" isPending={create.isPending} className="sm:mt-6">
        {create.isPending ? 'Creating...' : 'New proposal'}
      </Button>
    </Form>
  );
}

/** With a model set up: a whole first draft from the lead's messages and the site's services. */
function DraftWithAi({ leadId }: { leadId: number }) {
  const draft = useDraftProposal();
  const navigate = useNavigate();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        variant="secondary"
        isPending={draft.isPending}
        onPress={() =>
          draft.mutate(
            { id: leadId },
            {
              onSuccess: ({ proposal }) =>
                void navigate({ to: '/admin/proposals/$id', params: { id: String(proposal.id) } }),
            },
          )
        }
      >
        {draft.isPending ? 'Drafting...' : 'Draft with AI'}
      </Button>
      <p className="text-sm text-muted">
        From this lead&rsquo;s messages, your services and your price list. Never sent by itself.
      </p>
    </div>
  );
}
