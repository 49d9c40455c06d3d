import type { ReactNode } from 'react';
import { TAX_CATEGORY_LABELS, taxCategoryValues } from '#shared/invoices/codes';
import { Switch, TextInputField } from '../ui/controls';
import { SelectField } from '../ui/select-field';
import { ADDRESS_LINES, type SellerProfileValues } from './seller-profile-values';

/** The seller profile's fields by group (docs/invoices.md, "The seller profile"). */
export interface FieldsProps {
  values: SellerProfileValues;
  set: (patch: Partial<SellerProfileValues>) => void;
  errors: Record<string, string>;
}

const CATEGORY_CHOICES = taxCategoryValues.map((id) => ({
  id,
  label: `${id}: ${TAX_CATEGORY_LABELS[id]}`,
}));

/** A titled group of fields: one column on a phone, two from the small breakpoint. */
function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4 border-t border-line pt-4">
      <legend className="pr-2 text-lg font-semibold text-ink">{legend}</legend>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** A field's label, name and the server's refusal of it. */
const fieldOf =
  (errors: Record<string, string>) =>
  (name: keyof SellerProfileValues & string, label: string) => ({
    label,
    name,
    error: errors[name],
  });

export function WhoYouAreFields({ values, set, errors }: FieldsProps) {
  const field = fieldOf(errors);
  return (
    <Group legend="Who you are">
      <TextInputField
        {...field('legalName', 'Legal name')}
        autoComplete="organization"
        value={values.legalName}
        onChange={(legalName) => set({ legalName })}
      />
      <TextInputField
        {...field('email', 'E-mail address on invoices')}
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={(email) => set({ email })}
      />
      {Array.from({ length: ADDRESS_LINES }, (_, i) => (
        <TextInputField
          key={i}
          label={`Address line ${i + 1}`}
          name={`addressLines.${i}`}
          autoComplete={`address-line${i + 1}`}
          error={errors[`addressLines.${i}`] ?? (i === 0 ? errors['addressLines'] : undefined)}
          value={values.addressLines[i] ?? ''}
          onChange={(line) => {
            const addressLines: SellerProfileValues['addressLines'] = [...values.addressLines];
            addressLines[i] = line;
            set({ addressLines });
          }}
        />
      ))}
      <TextInputField
        {...field('postcode', 'Postcode')}
        autoComplete="postal-code"
        value={values.postcode}
        onChange={(postcode) => set({ postcode })}
      />
      <TextInputField
        {...field('city', 'City')}
        autoComplete="address-level2"
        value={values.city}
        onChange={(city) => set({ city })}
      />
      <TextInputField
        {...field('country', 'Country')}
        autoComplete="country"
        description="Its two-letter code, e.g. DE"
        value={values.country}
        onChange={(country) => set({ country })}
      />
      <TextInputField
        {...field('companyNumber', 'Company or tax registration number')}
        value={values.companyNumber}
        onChange={(companyNumber) => set({ companyNumber })}
      />
    </Group>
  );
}

export function VatFields({ values, set, errors }: FieldsProps) {
  const field = fieldOf(errors);
  return (
    <Group legend="VAT">
      <div className="sm:col-span-2">
        <Switch
          isSelected={values.vatRegistered}
          onChange={(vatRegistered) => set({ vatRegistered })}
        >
          Registered for VAT
        </Switch>
      </div>
      {values.vatRegistered ? (
        <TextInputField
          {...field('vatId', 'VAT ID')}
          description="With its country prefix, e.g. DE123456789"
          value={values.vatId}
          onChange={(vatId) => set({ vatId })}
        />
      ) : (
        <div className="sm:col-span-2">
          <TextInputField
            {...field('exemptionText', 'Exemption text')}
            multiline
            rows={2}
            description="Printed instead of tax, e.g. Small business, no VAT charged under § 19 UStG"
            value={values.exemptionText}
            onChange={(exemptionText) => set({ exemptionText })}
          />
        </div>
      )}
      <SelectField
        label="Default tax category"
        choices={CATEGORY_CHOICES}
        value={values.defaultCategory}
        onChange={(defaultCategory) => set({ defaultCategory })}
        error={errors['defaultCategory']}
      />
      <TextInputField
        {...field('defaultRate', 'Default rate (%)')}
        inputMode="numeric"
        description="New items start with it, e.g. 19; 0 for categories other than S"
        value={values.defaultRate}
        onChange={(defaultRate) => set({ defaultRate })}
      />
    </Group>
  );
}

export function PaymentFields({ values, set, errors }: FieldsProps) {
  const field = fieldOf(errors);
  return (
    <Group legend="Payment">
      <TextInputField
        {...field('iban', 'IBAN')}
        value={values.iban}
        onChange={(iban) => set({ iban })}
      />
      <TextInputField
        {...field('bic', 'BIC')}
        value={values.bic}
        onChange={(bic) => set({ bic })}
      />
      <TextInputField
        {...field('paymentTermsDays', 'Payment terms (days)')}
        inputMode="numeric"
        description="0 is due on receipt"
        value={values.paymentTermsDays}
        onChange={(paymentTermsDays) => set({ paymentTermsDays })}
      />
      <div className="sm:col-span-2">
        <TextInputField
          {...field('bankTransferText', 'Bank-transfer text')}
          multiline
          rows={3}
          description="Shown on the client's invoice page beside your bank details."
          value={values.bankTransferText}
          onChange={(bankTransferText) => set({ bankTransferText })}
        />
      </div>
    </Group>
  );
}

export function NumbersFields({ values, set, errors }: FieldsProps) {
  const field = fieldOf(errors);
  return (
    <Group legend="Numbers and reminders">
      <TextInputField
        {...field('invoicePrefix', 'Invoice prefix')}
        description="INV gives INV-2026-0001"
        value={values.invoicePrefix}
        onChange={(invoicePrefix) => set({ invoicePrefix })}
      />
      <TextInputField
        {...field('creditNotePrefix', 'Credit note prefix')}
        value={values.creditNotePrefix}
        onChange={(creditNotePrefix) => set({ creditNotePrefix })}
      />
      <div className="sm:col-span-2">
        <TextInputField
          {...field('reminderOffsets', 'Reminder days')}
          description="Up to five, separated by commas: days from the due date, before it negative, e.g. -3, 7, 21"
          value={values.reminderOffsets}
          onChange={(reminderOffsets) => set({ reminderOffsets })}
        />
      </div>
      <div className="sm:col-span-2">
        <TextInputField
          {...field('latePaymentText', 'Late-payment sentence (optional)')}
          multiline
          rows={2}
          description="Added to reminders of an overdue invoice, as you write it; nothing is computed."
          value={values.latePaymentText}
          onChange={(latePaymentText) => set({ latePaymentText })}
        />
      </div>
    </Group>
  );
}
