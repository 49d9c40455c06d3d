import { useState, type FormEvent } from 'react';
import {
  Dialog,
  Form,
  Heading,
  Label,
  Modal,
  ModalOverlay,
  Radio,
  RadioGroup,
} from 'react-aria-components';
import { UNIT_LABELS } from '#shared/invoices/codes';
import { formatMoney } from '#shared/money';
import type { Invoice } from '#shared/shapes/invoices';
import { focusRing } from '#shared/ui-styles';
import { Button, TextInputField } from '../ui/controls';
import { pathIssues } from '../ui/field-issues';
import { oneOf } from '../ui/search-values';
import { creditInput, creditIssues, creditWays, type CreditWay } from './credit-input';
import { useCreditInvoice } from './invoice-mutations';
import type { PathErrors } from './invoice-values';

const WAY_LABELS: Record<CreditWay, string> = {
  whole: 'All that is left',
  amount: 'An amount',
  lines: 'Some lines',
};

const radioClass = `inline-flex min-h-11 cursor-pointer items-center rounded-md border border-line-strong px-3 text-sm font-medium text-ink data-hovered:bg-subtle data-selected:border-brand-700 data-selected:bg-brand-700 data-selected:text-white dark:data-selected:border-brand-400 sm:min-h-9 ${focusRing}`;

interface CreditDialogProps {
  invoice: Invoice;
  isOpen: boolean;
  /** `credited`: the invoice as the credit left it; absent when closed without one. */
  onClose: (credited?: Invoice) => void;
}

/**
 * A credit note for an issued invoice (docs/invoices.md, "Correcting: credit notes"): all that
 * is left of it, an amount before tax at its one rate, or some lines (a quantity of each, blank
 * for none), always with a reason. The server issues it at once and refuses more than is left,
 * at the field that asked for it (`invoices.credit`).
 */
export function CreditDialog({ invoice, isOpen, onClose }: CreditDialogProps) {
  const [way, setWay] = useState<CreditWay>('whole');
  const [amount, setAmount] = useState('');
  const [quantities, setQuantities] = useState<string[]>(() => invoice.items.map(() => ''));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<PathErrors>({});
  const credit = useCreditInvoice();
  const oneRate = invoice.totals.groups.length === 1;

  const close = () => {
    if (credit.isPending) return;
    setErrors({});
    onClose();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (credit.isPending) return;
    const checked = creditInput(invoice.id, invoice.currency, { way, amount, quantities, reason });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    credit.mutate(checked.input, {
      onSuccess: (answer) => {
        setErrors({});
        setReason('');
        setAmount('');
        setQuantities(invoice.items.map(() => ''));
        onClose(answer.invoice);
      },
      onError: (error) => setErrors(creditIssues(pathIssues(error), checked.sentLines)),
    });
  };

  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      isDismissable={!credit.isPending}
      isKeyboardDismissDisabled={credit.isPending}
      className="fixed inset-0 z-40 flex items-center justify-center bg-black/50 p-4"
    >
      <Modal className="max-h-full w-full max-w-lg overflow-auto rounded-lg bg-raised p-6 shadow-xl">
        <Dialog className="outline-none">
          <Heading slot="title" className="text-lg font-semibold text-ink">
            Credit {invoice.number}
          </Heading>
          <p className="mt-2 text-sm text-muted">
            A credit note is issued at once with its own number and cannot be undone. Left to
            credit: {formatMoney(invoice.totals.gross - invoice.balance.credited, invoice.currency)}{' '}
            gross.
          </p>
          <Form
            onSubmit={submit}
            validationBehavior="aria"
            aria-label="Credit note"
            className="mt-4 flex flex-col gap-4"
          >
            <RadioGroup
              value={way}
              onChange={(chosen) => setWay(oneOf(creditWays, chosen) ?? 'whole')}
              orientation="horizontal"
              className="flex flex-col gap-2"
            >
              <Label className="text-sm font-medium text-ink">What to credit</Label>
              <div className="flex flex-wrap gap-2">
                {creditWays
                  .filter((id) => id !== 'amount' || oneRate)
                  .map((id) => (
                    <Radio key={id} value={id} className={radioClass}>
                      {WAY_LABELS[id]}
                    </Radio>
                  ))}
              </div>
            </RadioGroup>
            {way === 'amount' ? (
              <TextInputField
                label={`Amount before tax (${invoice.currency})`}
                value={amount}
                onChange={setAmount}
                error={errors['amount']}
                description="At the invoice's VAT rate, which is added to it."
              />
            ) : null}
            {way === 'lines' ? (
              <CreditLinesField
                items={invoice.items}
                quantities={quantities}
                onChange={setQuantities}
                errors={errors}
              />
            ) : null}
            <TextInputField
              label="Reason"
              multiline
              rows={2}
              value={reason}
              onChange={setReason}
              error={errors['reason']}
              description="Printed on the credit note."
            />
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onPress={close} isDisabled={credit.isPending}>
                Cancel
              </Button>
              <Button type="submit" variant="danger" isPending={credit.isPending}>
                {credit.isPending ? 'Issuing...' : 'Issue credit note'}
              </Button>
            </div>
          </Form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

interface CreditLinesFieldProps {
  items: Invoice['items'];
  quantities: string[];
  onChange: (quantities: string[]) => void;
  errors: PathErrors;
}

/** A quantity field per item, named by its description and what it holds; blank for none. */
function CreditLinesField({ items, quantities, onChange, errors }: CreditLinesFieldProps) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium text-ink">
        Quantity to credit of each line (blank: none)
      </legend>
      {items.map((item, line) => (
        <TextInputField
          key={line}
          label={`${item.description} (of ${item.quantity} ${item.quantity === 1 ? UNIT_LABELS[item.unitCode].one : UNIT_LABELS[item.unitCode].many})`}
          value={quantities[line] ?? ''}
          onChange={(text) => onChange(quantities.map((q, i) => (i === line ? text : q)))}
          error={errors[`quantity.${line}`]}
        />
      ))}
      {errors['lines'] ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errors['lines']}
        </p>
      ) : null}
    </fieldset>
  );
}
