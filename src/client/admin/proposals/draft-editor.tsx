import { skipToken } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { PROPOSAL_MESSAGES } from '#shared/proposals';
import { unpricedItems } from '#shared/proposal-send-rules';
import type { Proposal } from '#shared/shapes/proposals';
import { trpc } from '#client/lib/trpc';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Button, Card } from '../ui/controls';
import { pathIssues } from '../ui/field-issues';
import { SaveBar } from '../ui/save-bar';
import { ProposalFields } from './proposal-fields';
import { ProposalFigures } from './proposal-figures';
import { useSendProposal, useUpdateProposal } from './proposal-mutations';
import { ProposalPreview } from './proposal-preview';
import { sendChecks } from './send-checks';
import {
  toUpdate,
  typedAmounts,
  valuesOf,
  type PathErrors,
  type SellerVat,
} from './proposal-values';

/**
 * A draft's editor (docs/proposals.md, "Admin screens"): its fields, the figures as typed, Save
 * (a draft only) and Send, asked first; beside them from 1024 px, under them on a phone, the
 * client's page as it will read. Send saves what is typed first. A "Valid until" day that has
 * passed is shown at its field, and Send goes to it instead of asking; Send's question names
 * the items without a price, and confirming sends them as free of charge ("Sending").
 */
export function DraftEditor({ proposal }: { proposal: Proposal }) {
  const [values, setValues] = useState(() => valuesOf(proposal));
  const [errors, setErrors] = useState<PathErrors>({});
  const [askingSend, setAskingSend] = useState(false);
  const update = useUpdateProposal();
  const send = useSendProposal();
  // Only a signed proposal outlives its lead, never a draft; the type allows both.
  const lead = trpc.leads.get.useQuery(
    proposal.leadId === null ? skipToken : { id: proposal.leadId },
  );
  // The profile's default VAT, so the figures and the preview tax an item left to it as Save
  // will store it (docs/invoices.md, "Proposals and deposits"); unread, such an item counts
  // untaxed until the server answers with its category.
  const profile = trpc.invoices.settings.useQuery();
  const seller: SellerVat | undefined = profile.data && {
    defaults: profile.data.invoicingOn ? profile.data.settings : null,
  };
  const saved = valuesOf(proposal);
  const isDirty = JSON.stringify(strip(values)) !== JSON.stringify(strip(saved));
  const amounts = typedAmounts(values, proposal.currency, seller?.defaults ?? null);
  const checks = sendChecks(values, proposal.currency);
  const validUntilRef = useRef<HTMLInputElement>(null);
  const fieldErrors = checks.validUntilPassed
    ? { ...errors, validUntil: errors['validUntil'] ?? PROPOSAL_MESSAGES.validUntilPast }
    : errors;

  /** Checks and stores what is typed; then `after` with the stored draft, if given. */
  const save = (after?: (stored: Proposal) => void) => {
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
        after?.(stored);
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
  /** Sends the draft as stored, its items without a price confirmed as free of charge. */
  const sendNow = (stored: Proposal) => {
    const noCharge = unpricedItems(stored.items);
    send.mutate(
      { id: stored.id, ...(noCharge.length > 0 && { noCharge }) },
      { onSettled: () => setAskingSend(false) },
    );
  };
  const askToSend = () => {
    if (checks.validUntilPassed) validUntilRef.current?.focus();
    else setAskingSend(true);
  };

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
            errors={fieldErrors}
            currency={amounts.currency}
            validUntilRef={validUntilRef}
            seller={seller}
          />
          <ProposalFigures {...amounts} />
          <SaveBar isDirty={isDirty} isPending={update.isPending} variant="secondary">
            <Button onPress={askToSend}>Send</Button>
          </SaveBar>
        </Form>
      </Card>
      <Card>
        <ProposalPreview
          proposal={proposal}
          values={values}
          vatDefaults={seller?.defaults ?? null}
        />
      </Card>
      <ConfirmDialog
        isOpen={askingSend}
        title="Send this proposal"
        question={`Send to ${lead.data?.lead.email ?? 'the lead'}?`}
        detail={
          <>
            <p>{`${proposal.number} v${proposal.version}: ${values.title}. The lead gets an e-mail with a link to read, accept or decline it${isDirty ? '; your changes are saved first' : ''}.`}</p>
            {checks.unpricedQuestion ? (
              <p className="mt-2 font-medium text-ink">{checks.unpricedQuestion}</p>
            ) : null}
          </>
        }
        confirmLabel={checks.unpricedQuestion ? 'Send free of charge' : 'Send'}
        pendingLabel="Sending..."
        isPending={update.isPending || send.isPending}
        onCancel={() => setAskingSend(false)}
        onConfirm={() => (isDirty ? save(sendNow) : sendNow(proposal))}
      />
    </div>
  );
}

/** The values without the rows' keys, which only React reads. */
function strip(values: ReturnType<typeof valuesOf>) {
  return { ...values, items: values.items.map(({ key: _key, ...item }) => item) };
}
