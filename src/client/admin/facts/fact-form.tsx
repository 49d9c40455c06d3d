import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Form } from 'react-aria-components';
import { factFormSchema, type FactFormValues } from '#shared/facts';
import { Button, Switch, TextInputField } from '../ui/controls';

type FactField = keyof FactFormValues;
export type FactFormErrors = Partial<Record<FactField, string>>;

export const EMPTY_FACT_FORM: FactFormValues = {
  factText: '',
  source: '',
  active: true,
  factDate: '',
};

/** Whether the schema's path names one of the form's fields. */
function isField(values: FactFormValues, key: string): key is FactField {
  return key in values;
}

export function validateFact(
  values: FactFormValues,
): { ok: true; data: FactFormValues } | { ok: false; errors: FactFormErrors } {
  const parsed = factFormSchema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: FactFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && isField(values, field) && !errors[field]) {
      errors[field] = issue.message;
    }
  }
  return { ok: false, errors };
}

/** The date input's yyyy-mm-dd for a stored ISO date (stored at UTC midnight, so read as UTC). */
export function dateInputValue(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}

interface FactFormProps {
  initialValues?: FactFormValues;
  isSaving: boolean;
  onSubmit: (values: FactFormValues) => void;
  onCancel: () => void;
  /** The tags section, which differs between adding (chosen locally) and editing (saved at once). */
  tags?: ReactNode;
  /** Put the cursor in Fact Text on arrival (the add dialog). */
  autoFocus?: boolean;
}

/**
 * Fact text, source, active switch and date, validated with the shared schema (docs/product.md's
 * messages). The first invalid field takes focus on a refused submit.
 */
export function FactForm({
  initialValues,
  isSaving,
  onSubmit,
  onCancel,
  tags,
  autoFocus = false,
}: FactFormProps) {
  const [values, setValues] = useState<FactFormValues>(initialValues ?? EMPTY_FACT_FORM);
  const [errors, setErrors] = useState<FactFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const factTextRef = useRef<HTMLTextAreaElement>(null);
  const sourceRef = useRef<HTMLInputElement>(null);

  const change = <K extends FactField>(field: K, value: FactFormValues[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) {
      const result = validateFact(next);
      setErrors(result.ok ? {} : result.errors);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSaving) return;
    setSubmitted(true);
    const result = validateFact(values);
    if (!result.ok) {
      setErrors(result.errors);
      (result.errors.factText ? factTextRef : sourceRef).current?.focus();
      return;
    }
    setErrors({});
    onSubmit(result.data);
  };

  return (
    <Form onSubmit={submit} className="flex flex-col gap-4" validationBehavior="aria">
      <TextInputField
        label="Fact Text"
        name="factText"
        multiline
        rows={4}
        value={values.factText}
        onChange={(v) => change('factText', v)}
        error={errors.factText}
        textAreaRef={factTextRef}
        autoFocus={autoFocus}
      />
      <TextInputField
        label="Source"
        name="source"
        value={values.source}
        onChange={(v) => change('source', v)}
        error={errors.source}
        inputRef={sourceRef}
      />
      <div className="flex flex-col gap-1">
        <span id="fact-active-label" className="text-sm font-medium text-ink">
          Active Status
        </span>
        <Switch
          isSelected={values.active}
          onChange={(v) => change('active', v)}
          aria-describedby="fact-active-label"
        >
          Display this fact on the website
        </Switch>
      </div>
      <TextInputField
        label="Date (optional)"
        name="factDate"
        type="date"
        value={values.factDate}
        onChange={(v) => change('factDate', v)}
        error={errors.factDate}
      />
      {tags}
      <div className="mt-2 flex justify-end gap-2">
        <Button variant="secondary" onPress={onCancel} isDisabled={isSaving}>
          Cancel
        </Button>
        <Button type="submit" isPending={isSaving}>
          {isSaving ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </Form>
  );
}
