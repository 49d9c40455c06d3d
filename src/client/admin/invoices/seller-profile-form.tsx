import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import type { InvoiceSettings } from '#shared/invoices/settings';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import { errorMessage } from '../ui/errors';
import { SaveBar } from '../ui/save-bar';
import { NumbersFields, PaymentFields, VatFields, WhoYouAreFields } from './seller-profile-fields';
import {
  formValues,
  invoicingStatus,
  profileIssues,
  profileOf,
  type SellerProfileValues,
} from './seller-profile-values';

function useSaveSellerProfile() {
  const utils = trpc.useUtils();
  return trpc.invoices.saveSettings.useMutation({
    onSuccess: (answer) => {
      utils.invoices.settings.setData(undefined, answer);
      toast({ title: 'Seller profile saved' });
    },
  });
}

/**
 * The whole profile as one form, saved with `invoices.saveSettings`; the status line is the
 * saved profile's (what the server says is missing), the refusals are shown at their fields.
 */
export function SellerProfileForm({
  saved,
  missing,
}: {
  saved: InvoiceSettings;
  missing: readonly string[];
}) {
  const start = formValues(saved);
  const [values, setValues] = useState(start);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveSellerProfile();
  const isDirty = JSON.stringify(values) !== JSON.stringify(start);
  const set = (patch: Partial<SellerProfileValues>) => setValues({ ...values, ...patch });
  const fieldProps = { values, set, errors };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    save.mutate(profileOf(values), {
      onSuccess: () => setErrors({}),
      onError: (error) => {
        const found = profileIssues(error);
        setErrors(found);
        // A refusal named at a field is shown there; anything else in a toast.
        if (Object.keys(found).length === 0) {
          toast({
            title: 'Error',
            description: `Failed to save the seller profile: ${errorMessage(error)}`,
            variant: 'destructive',
          });
        }
      },
    });
  };
  return (
    <Form
      onSubmit={submit}
      validationBehavior="aria"
      aria-label="Seller profile"
      className="flex flex-col gap-6"
    >
      <p
        role="status"
        className={`rounded-md border p-3 text-sm font-medium ${missing.length === 0 ? 'border-green-700 text-green-800 dark:text-green-300' : 'border-amber-600 text-ink'}`}
      >
        {invoicingStatus(missing)}
      </p>

      <WhoYouAreFields {...fieldProps} />
      <VatFields {...fieldProps} />
      <PaymentFields {...fieldProps} />
      <NumbersFields {...fieldProps} />

      <SaveBar isDirty={isDirty} isPending={save.isPending} label="Save profile" savesUnchanged />
    </Form>
  );
}
