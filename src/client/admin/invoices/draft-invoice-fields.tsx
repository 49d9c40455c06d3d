import { TextInputField } from '../ui/controls';
import type { InvoiceValues, PathErrors } from './invoice-values';

interface DraftInvoiceFieldsProps {
  values: InvoiceValues;
  onChange: (values: InvoiceValues) => void;
  errors: PathErrors;
  paymentTermsDays: number | undefined;
}

/**
 * A draft's days and its exemption text (docs/invoices.md, "Drafts and issuing"): each left
 * blank is filled in when issued (the due day from the terms, the supply day the issue day,
 * the profile's words outside VAT). Either a day of supply or a period, not both.
 */
export function DraftInvoiceFields({
  values,
  onChange,
  errors,
  paymentTermsDays,
}: DraftInvoiceFieldsProps) {
  const set = (patch: Partial<InvoiceValues>) => onChange({ ...values, ...patch });
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInputField
          label="Due date"
          type="date"
          value={values.dueDate}
          onChange={(dueDate) => set({ dueDate })}
          error={errors['dueDate']}
          description={
            paymentTermsDays === undefined
              ? 'Blank: the issue day plus your payment terms.'
              : `Blank: ${paymentTermsDays} days after the issue day.`
          }
        />
        <TextInputField
          label="Date of supply"
          type="date"
          value={values.supplyDate}
          onChange={(supplyDate) => set({ supplyDate })}
          error={errors['supplyDate']}
          description="Blank, with no period: the issue day."
        />
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium text-ink">
          Or a period of supply (instead of the date)
        </legend>
        <TextInputField
          label="Supplied from"
          type="date"
          value={values.supplyFrom}
          onChange={(supplyFrom) => set({ supplyFrom })}
          error={errors['supplyPeriod.from'] ?? errors['supplyPeriod']}
        />
        <TextInputField
          label="Supplied to"
          type="date"
          value={values.supplyTo}
          onChange={(supplyTo) => set({ supplyTo })}
          error={errors['supplyPeriod.to']}
        />
      </fieldset>
      <TextInputField
        label="Exemption text"
        multiline
        rows={2}
        value={values.exemptionText}
        onChange={(exemptionText) => set({ exemptionText })}
        error={errors['exemptionText']}
        description="Why no VAT is charged, for exempt (E) or not subject (O) items. Blank: your profile's words."
      />
    </>
  );
}
