import { useRef, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import type { Lead } from '#shared/shapes/leads';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import { Button, TextInputField } from '../ui/controls';
import { errorMessage } from '../ui/errors';
import { buyerIssues, buyerOf, buyerSummary, buyerValues, type BuyerValues } from './buyer-values';

/**
 * The client's invoicing details on the lead's page (docs/invoices.md, "The buyer"): whom its
 * invoices name, shown in one line, and a form to give or change them (the client may also
 * give them on the proposal's page after accepting). An invoice is issued only once they are
 * here. Saving or cancelling puts the focus back on the button that opened the form.
 */
export function BuyerDetails({ lead }: { lead: Pick<Lead, 'id' | 'email' | 'buyer'> }) {
  const [editing, setEditing] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => {
    setEditing(false);
    requestAnimationFrame(() => opener.current?.focus());
  };
  return (
    <section aria-labelledby="lead-buyer-heading" className="flex flex-col gap-3">
      <h3 id="lead-buyer-heading" className="font-semibold text-ink">
        Invoicing details
      </h3>
      {editing ? (
        <BuyerForm lead={lead} onDone={close} />
      ) : (
        <>
          <p className={lead.buyer ? 'break-words text-ink' : 'text-muted'}>
            {lead.buyer
              ? buyerSummary(lead.buyer)
              : 'Not given yet: invoices can be drafted, but issued only once the client’s legal name, address and country are here.'}
          </p>
          {lead.buyer ? (
            <p className="text-sm text-muted">
              {[
                lead.buyer.vatId ? `VAT ID ${lead.buyer.vatId}` : 'No VAT ID',
                lead.buyer.reference ? `reference ${lead.buyer.reference}` : null,
                `invoices to ${lead.buyer.email ?? lead.email}`,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          ) : null}
          <div>
            <Button ref={opener} variant="secondary" onPress={() => setEditing(true)}>
              {lead.buyer ? 'Edit invoicing details' : 'Add invoicing details'}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

function BuyerForm({
  lead,
  onDone,
}: {
  lead: Pick<Lead, 'id' | 'email' | 'buyer'>;
  onDone: () => void;
}) {
  const [values, setValues] = useState(() => buyerValues(lead.buyer));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const utils = trpc.useUtils();
  const save = trpc.leads.update.useMutation();
  const set = (patch: Partial<BuyerValues>) => setValues({ ...values, ...patch });
  const field = (name: keyof BuyerValues & string, label: string) => ({
    label,
    name,
    error: errors[name],
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    save.mutate(
      { id: lead.id, data: { buyer: buyerOf(values) } },
      {
        onSuccess: (saved) => {
          utils.leads.get.setData({ id: lead.id }, (current) =>
            current ? { ...current, lead: saved } : current,
          );
          void utils.leads.invalidate();
          toast({ title: 'Invoicing details saved' });
          onDone();
        },
        onError: (error) => {
          const found = buyerIssues(error);
          setErrors(found);
          if (Object.keys(found).length === 0) {
            toast({
              title: 'Error',
              description: `Failed to save the invoicing details: ${errorMessage(error)}`,
              variant: 'destructive',
            });
          }
        },
      },
    );
  };
  return (
    <Form
      onSubmit={submit}
      validationBehavior="aria"
      aria-labelledby="lead-buyer-heading"
      className="grid grid-cols-[minmax(0,1fr)] gap-4 sm:grid-cols-2"
    >
      <TextInputField
        {...field('name', 'Legal name')}
        autoFocus
        value={values.name}
        onChange={(name) => set({ name })}
      />
      <TextInputField
        {...field('email', 'E-mail address for invoices')}
        type="email"
        description={`Left empty: ${lead.email}`}
        value={values.email}
        onChange={(email) => set({ email })}
      />
      {values.addressLines.map((line, i) => (
        <TextInputField
          key={i}
          label={`Address line ${i + 1}`}
          name={`addressLines.${i}`}
          error={errors[`addressLines.${i}`] ?? (i === 0 ? errors['addressLines'] : undefined)}
          value={line}
          onChange={(next) => {
            const addressLines: BuyerValues['addressLines'] = [...values.addressLines];
            addressLines[i] = next;
            set({ addressLines });
          }}
        />
      ))}
      <TextInputField
        {...field('postcode', 'Postcode')}
        value={values.postcode}
        onChange={(postcode) => set({ postcode })}
      />
      <TextInputField
        {...field('city', 'City')}
        value={values.city}
        onChange={(city) => set({ city })}
      />
      <TextInputField
        {...field('country', 'Country')}
        description="Its two-letter code, e.g. FR"
        value={values.country}
        onChange={(country) => set({ country })}
      />
      <TextInputField
        {...field('vatId', 'VAT ID (optional)')}
        description="With its country prefix, e.g. FR40303265045"
        value={values.vatId}
        onChange={(vatId) => set({ vatId })}
      />
      <TextInputField
        {...field('reference', 'Buyer reference or PO (optional)')}
        value={values.reference}
        onChange={(reference) => set({ reference })}
      />
      <div className="flex flex-wrap items-center justify-end gap-3 sm:col-span-2">
        <Button variant="secondary" onPress={onDone}>
          Cancel
        </Button>
        <Button type="submit" isPending={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save invoicing details'}
        </Button>
      </div>
    </Form>
  );
}
