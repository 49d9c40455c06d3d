import { useId, type ReactNode } from 'react';
import { ChevronDownIcon } from './icons';
import { focusRing } from '#shared/ui-styles';

/**
 * The public forms' fields, on native elements (docs/decisions/0024): a label, the control and
 * the field's message from the shared schema, tied together with `aria-invalid` and
 * `aria-describedby`. Native controls need no script to be accessible, open the phone's own
 * picker for the subject, and keep the page's download small.
 */
const control =
  'w-full rounded-lg border border-line-strong bg-surface px-3.5 py-2.5 text-base text-ink placeholder:text-muted outline-none transition-colors focus:border-brand-600 focus:ring-2 focus:ring-brand-600/40 aria-invalid:border-red-600 dark:aria-invalid:border-red-400';
const labelClass = 'mb-1.5 block text-sm font-medium text-ink';
const errorClass = 'mt-1.5 block text-sm text-red-700 dark:text-red-300';

interface FieldBase {
  name: string;
  /** The field's message from the schema, shown under it; undefined when valid. */
  error?: string;
  isRequired?: boolean;
}

/** Ids and ARIA attributes shared by every control. */
function useField({ error, isRequired }: FieldBase) {
  const id = useId();
  const errorId = `${id}-error`;
  return {
    id,
    errorId,
    controlProps: {
      id,
      required: isRequired,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? errorId : undefined,
    },
  };
}

function FieldMessage({
  id,
  error,
  className = '',
}: {
  id: string;
  error?: string;
  className?: string;
}) {
  return error ? (
    <span id={id} className={`${errorClass} ${className}`}>
      {error}
    </span>
  ) : null;
}

/** The field's label; a required field gets a visual star (the control itself says "required"). */
function FieldLabel({
  htmlFor,
  label,
  isRequired,
}: {
  htmlFor: string;
  label: string;
  isRequired?: boolean;
}) {
  return (
    <label htmlFor={htmlFor} className={labelClass}>
      {label}
      {isRequired ? (
        <span aria-hidden="true" className="text-red-700 dark:text-red-300">
          {' '}
          *
        </span>
      ) : null}
    </label>
  );
}

interface TextInputFieldProps extends FieldBase {
  label: string;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
  rows?: number;
  placeholder?: string;
  className?: string;
}

export function TextInputField(props: TextInputFieldProps) {
  const { name, label, type = 'text', autoComplete, value, onChange, multiline, rows } = props;
  const { id, errorId, controlProps } = useField(props);
  const common = {
    ...controlProps,
    name,
    value,
    autoComplete,
    placeholder: props.placeholder,
  };
  return (
    <div className={`flex flex-col ${props.className ?? ''}`}>
      <FieldLabel htmlFor={id} label={label} isRequired={props.isRequired} />
      {multiline ? (
        <textarea
          {...common}
          rows={rows}
          onChange={(event) => onChange(event.target.value)}
          className={`${control} resize-y`}
        />
      ) : (
        <input
          {...common}
          type={type}
          onChange={(event) => onChange(event.target.value)}
          className={control}
        />
      )}
      <FieldMessage id={errorId} error={props.error} />
    </div>
  );
}

interface SelectFieldProps extends FieldBase {
  label: string;
  /** The disabled first option, shown until a choice is made. */
  placeholder: string;
  options: readonly { value: string; label: string }[];
  value: string | null;
  onChange: (value: string | null) => void;
}

export function SelectField(props: SelectFieldProps) {
  const { name, label, placeholder, options, value, onChange } = props;
  const { id, errorId, controlProps } = useField(props);
  return (
    <div className="flex flex-col">
      <FieldLabel htmlFor={id} label={label} isRequired={props.isRequired} />
      <div className="relative">
        <select
          {...controlProps}
          name={name}
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value || null)}
          className={`${control} cursor-pointer appearance-none pr-10 ${value ? '' : 'text-muted'}`}
        >
          <option value="" disabled>
            {placeholder}
          </option>
          {options.map((option) => (
            <option key={option.value} value={option.value} className="text-ink">
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon
          width={18}
          height={18}
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3.5 -translate-y-1/2 text-muted"
        />
      </div>
      <FieldMessage id={errorId} error={props.error} />
    </div>
  );
}

interface CheckboxFieldProps extends FieldBase {
  children: ReactNode;
  isSelected: boolean;
  onChange: (value: boolean) => void;
}

export function CheckboxField(props: CheckboxFieldProps) {
  const { errorId, controlProps } = useField(props);
  return (
    <div className="flex flex-col">
      {/* The whole line is the target, at least 44 px tall for a finger. */}
      <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-ink">
        <input
          {...controlProps}
          type="checkbox"
          name={props.name}
          checked={props.isSelected}
          onChange={(event) => props.onChange(event.target.checked)}
          className={`size-5 shrink-0 cursor-pointer rounded accent-brand-700 dark:accent-brand-400 aria-invalid:outline-2 aria-invalid:outline-red-600 ${focusRing}`}
        />
        <span className="min-w-0 flex-1">{props.children}</span>
      </label>
      <FieldMessage id={errorId} error={props.error} className="ml-8" />
    </div>
  );
}

/**
 * A field people never see or reach (off-screen, hidden from assistive tech, out of the tab
 * order, no autofill): only bots fill it, and the server then stores nothing.
 */
export function HoneypotField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div aria-hidden="true" className="honeypot">
      <label>
        Website
        <input
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
    </div>
  );
}
