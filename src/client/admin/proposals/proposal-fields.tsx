import type { RefObject } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { focusRing } from '#shared/ui-styles';
import { TextInputField } from '../ui/controls';
import { oneOf } from '../ui/search-values';
import { ItemRows } from './item-rows';
import type { PathErrors, ProposalValues, SellerVat } from './proposal-values';

interface ProposalFieldsProps {
  values: ProposalValues;
  onChange: (values: ProposalValues) => void;
  errors: PathErrors;
  /** The currency prices are read in: the typed one once it is a code, else the saved one. */
  currency: string;
  /** The "Valid until" input, for Send to move to when its day has passed. */
  validUntilRef?: RefObject<HTMLInputElement | null>;
  /** The seller profile's VAT, for the items' choice; undefined until read. */
  seller?: SellerVat | undefined;
}

const DEPOSIT_CHOICES = [
  { id: 'none', label: 'None' },
  { id: 'percent', label: 'Percent' },
  { id: 'amount', label: 'Amount' },
] as const;
const depositKinds = DEPOSIT_CHOICES.map((choice) => choice.id);

const radioClass = `inline-flex min-h-11 cursor-pointer items-center rounded-md border border-line-strong px-3 text-sm font-medium text-ink data-hovered:bg-subtle data-selected:border-brand-700 data-selected:bg-brand-700 data-selected:text-white dark:data-selected:border-brand-400 sm:min-h-9 ${focusRing}`;

/** A draft's fields: each refused one shows the server's words under it. */
export function ProposalFields({
  values,
  onChange,
  errors,
  currency,
  validUntilRef,
  seller,
}: ProposalFieldsProps) {
  const set = (patch: Partial<ProposalValues>) => onChange({ ...values, ...patch });
  return (
    <div className="flex flex-col gap-4">
      <TextInputField
        label="Title"
        name="title"
        value={values.title}
        onChange={(title) => set({ title })}
        error={errors['title']}
      />
      <TextInputField
        label="Summary (Markdown)"
        name="summary"
        multiline
        grow
        rows={4}
        value={values.summary}
        onChange={(summary) => set({ summary })}
        error={errors['summary']}
      />
      <ItemRows
        items={values.items}
        onChange={(items) => set({ items })}
        errors={errors}
        currency={currency}
        seller={seller}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInputField
          label="Currency"
          name="currency"
          value={values.currency}
          onChange={(value) => set({ currency: value })}
          error={errors['currency']}
          description="ISO 4217, e.g. EUR"
        />
        <TextInputField
          label="Valid until"
          name="validUntil"
          type="date"
          value={values.validUntil}
          onChange={(validUntil) => set({ validUntil })}
          error={errors['validUntil']}
          description="Blank: 30 days after sending."
          inputRef={validUntilRef}
        />
      </div>
      <DepositField values={values} set={set} errors={errors} currency={currency} />
      <TextInputField
        label="Terms (Markdown)"
        name="terms"
        multiline
        rows={6}
        value={values.terms}
        onChange={(terms) => set({ terms })}
        error={errors['terms']}
      />
    </div>
  );
}

function DepositField({
  values,
  set,
  errors,
  currency,
}: {
  values: ProposalValues;
  set: (patch: Partial<ProposalValues>) => void;
  errors: PathErrors;
  currency: string;
}) {
  const error = errors['deposit'] ?? errors['deposit.value'];
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <RadioGroup
        value={values.depositKind}
        onChange={(kind) => set({ depositKind: oneOf(depositKinds, kind) ?? 'none' })}
        orientation="horizontal"
        className="flex flex-col gap-2"
      >
        <Label className="text-sm font-medium text-ink">Deposit</Label>
        <div className="flex flex-wrap gap-2">
          {DEPOSIT_CHOICES.map(({ id, label }) => (
            <Radio key={id} value={id} className={radioClass}>
              {label}
            </Radio>
          ))}
        </div>
      </RadioGroup>
      {values.depositKind === 'none' ? (
        error ? (
          <p className="text-sm text-red-700 dark:text-red-300">{error}</p>
        ) : null
      ) : (
        <div className="sm:w-48">
          <TextInputField
            label={values.depositKind === 'percent' ? 'Deposit (%)' : `Deposit (${currency})`}
            name="depositValue"
            value={values.depositValue}
            onChange={(depositValue) => set({ depositValue })}
            error={error}
          />
        </div>
      )}
    </div>
  );
}
