import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import type { ProposalSettings } from '#shared/proposals';
import { trpc } from '#client/lib/trpc';
import { Card, TextInputField } from '../ui/controls';
import { pathIssues } from '../ui/field-issues';
import { QueryState } from '../ui/query-state';
import { SaveBar } from '../ui/save-bar';
import { useSaveProposalSettings } from './proposal-mutations';

/** The settings every new proposal starts from, and what the client's page says about paying. */
export function ProposalSettingsCard() {
  const settings = trpc.proposals.settings.useQuery();
  return (
    <Card labelledBy="proposal-settings-heading">
      <h2 id="proposal-settings-heading" className="text-lg font-semibold text-ink">
        Settings
      </h2>
      <p className="mt-1 mb-4 text-sm text-muted">
        The currency and terms new proposals start with, the bank details a client without card
        payments sees, and your price list for AI drafts.
      </p>
      <QueryState query={settings} pending="Loading settings..." error="Error loading settings">
        {/* Keyed by what was saved: the fields start again from the stored settings. */}
        {(data) => <SettingsForm key={JSON.stringify(data.settings)} saved={data.settings} />}
      </QueryState>
    </Card>
  );
}

function SettingsForm({ saved }: { saved: ProposalSettings }) {
  const [values, setValues] = useState(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveProposalSettings();
  const isDirty = JSON.stringify(values) !== JSON.stringify(saved);
  const set = (patch: Partial<ProposalSettings>) => setValues({ ...values, ...patch });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending || !isDirty) return;
    save.mutate(values, {
      onSuccess: () => setErrors({}),
      onError: (error) => setErrors(pathIssues(error)),
    });
  };
  return (
    <Form
      onSubmit={submit}
      validationBehavior="aria"
      aria-label="Proposal settings"
      className="flex flex-col gap-4"
    >
      <div className="max-w-40">
        <TextInputField
          label="Currency"
          name="currency"
          value={values.currency}
          onChange={(currency) => set({ currency })}
          error={errors['currency']}
          description="ISO 4217, e.g. EUR"
        />
      </div>
      <TextInputField
        label="Bank-transfer text"
        name="bankTransferText"
        multiline
        rows={3}
        value={values.bankTransferText}
        onChange={(bankTransferText) => set({ bankTransferText })}
        error={errors['bankTransferText']}
        description="Shown on an accepted proposal when card payments are not set up."
      />
      <TextInputField
        label="Default terms (Markdown)"
        name="defaultTerms"
        multiline
        rows={8}
        value={values.defaultTerms}
        onChange={(defaultTerms) => set({ defaultTerms })}
        error={errors['defaultTerms']}
        description="New proposals start with these terms; each proposal's own can still be changed. The proposal becomes a contract when the client accepts it: review them, and have them checked for your country."
      />
      <TextInputField
        label="Price list"
        name="priceList"
        multiline
        rows={4}
        value={values.priceList}
        onChange={(priceList) => set({ priceList })}
        error={errors['priceList']}
        description="One service and price a line; AI drafts price their items from it."
      />
      <SaveBar isDirty={isDirty} isPending={save.isPending} label="Save settings" />
    </Form>
  );
}
