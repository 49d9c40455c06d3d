import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import type { Proposal } from '#shared/shapes/proposals';
import { trpc } from '#client/lib/trpc';
import { ConfirmDialog } from '../confirm-dialog';
import { Button, Card } from '../controls';
import { ProposalFields } from './proposal-fields';
import { ProposalFigures } from './proposal-figures';
import { pathIssues, useSendProposal, useUpdateProposal } from './proposal-mutations';
import { ProposalPreview } from './proposal-preview';
import { toUpdate, typedAmounts, valuesOf, type PathErrors } from './proposal-values';

/**
 * A draft's editor (docs/proposals.md, "Admin screens"): its fields, the figures as typed, Save
 * (a draft only) and Send, asked first; beside them from 1024 px, under them on a phone, the
 * client's page as it will read. Send saves what is typed first.
 */
export function DraftEditor({ proposal }: { proposal: Proposal }) {
  const [values, setValues] = useState(() => valuesOf(proposal));
  const [errors, setErrors] = useState<PathErrors>({});
  const [askingSend, setAskingSend] = useState(false);
  const update = useUpdateProposal();
  const send = useSendProposal();
  const lead = trpc.leads.get.useQuery({ id: proposal.leadId });
  const saved = valuesOf(proposal);
  const isDirty = JSON.stringify(strip(values)) !== JSON.stringify(strip(saved));
  const amounts = typedAmounts(values, proposal.currency);

  /** Checks and stores what is typed; then `after`, if given. */
  const save = (after?: () => void) => {
    const checked = toUpdate(proposal.id, values, proposal.currency);
    if (!checked.ok) {
      setErrors(checked.errors);
      setAskingSend(false);
      return;
    }
    update.mutate(checked.input, {
      onSuccess: ({ proposal: stored }) => {
        setValues(valuesOf(stored));
        setErrors({});
        after?.();
      },
      onError: (error) => {
        setErrors(pathIssues(error));
        setAskingSend(false);
      },
    });
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!update.isPending && isDirty) save();
  };
  const sendNow = () => send.mutate({ id: proposal.id }, { onSettled: () => setAskingSend(false) });

  return (
    <div className="grid gap-4 lg:grid-cols-2 lg:items-start">
      <Card>
        <Form
          onSubmit={submit}
          validationBehavior="aria"
          aria-label="Proposal"
          className="flex flex-col gap-4"
        >
          <ProposalFields
            values={values}
            onChange={setValues}
            errors={errors}
            currency={amounts.currency}
          />
          <ProposalFigures {...amounts} />
          <div className="flex flex-wrap items-center justify-end gap-3">
            <p className="text-sm text-muted">
              {isDirty ? 'Unsaved changes' : 'All changes saved'}
            </p>
            <Button
              type="submit"
              variant="secondary"
              isPending={update.isPending}
              isDisabled={!isDirty}
            >
              {update.isPending ? 'Saving...' : 'Save'}
            </Button>
            <Button onPress={() => setAskingSend(true)}>Send</Button>
          </div>
        </Form>
      </Card>
      <Card>
        <ProposalPreview proposal={proposal} values={values} />
      </Card>
      <ConfirmDialog
        isOpen={askingSend}
        title="Send this proposal"
        question={`Send to ${lead.data?.lead.email ?? 'the lead'}?`}
        detail={`${proposal.number} v${proposal.version}: ${values.title}. The lead gets an e-mail with a link to read, accept or decline it${isDirty ? '; your changes are saved first' : ''}.`}
        confirmLabel="Send"
        pendingLabel="Sending..."
        isPending={update.isPending || send.isPending}
        onCancel={() => setAskingSend(false)}
        onConfirm={() => (isDirty ? save(sendNow) : sendNow())}
      />
    </div>
  );
}

/** The values without the rows' keys, which only React reads. */
function strip(values: ReturnType<typeof valuesOf>) {
  return { ...values, items: values.items.map(({ key: _key, ...item }) => item) };
}
