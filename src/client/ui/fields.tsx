import type { ReactNode } from 'react';
import {
  Button,
  CheckboxButton,
  CheckboxField as AriaCheckboxField,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  TextArea,
  TextField,
  type Key,
} from 'react-aria-components';
import { CheckIcon, ChevronDownIcon } from './icons';
import { focusRing } from './styles';

/**
 * Form fields on react-aria-components with one look. Errors come from the shared zod
 * schemas through the form's `validationErrors` (keyed by `name`) and appear under the field.
 */
const control =
  'w-full rounded-lg border border-line-strong bg-surface px-3.5 py-2.5 text-base text-ink placeholder:text-muted outline-none transition-colors focus:border-brand-600 focus:ring-2 focus:ring-brand-600/40 data-invalid:border-red-600 dark:data-invalid:border-red-400';
const labelClass = 'mb-1.5 block text-sm font-medium text-ink';
const errorClass = 'mt-1.5 block text-sm text-red-700 dark:text-red-300';

interface TextInputFieldProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  value: string;
  onChange: (value: string) => void;
  isRequired?: boolean;
  multiline?: boolean;
  rows?: number;
  placeholder?: string;
  className?: string;
}

export function TextInputField({
  name,
  label,
  type = 'text',
  autoComplete,
  value,
  onChange,
  isRequired,
  multiline,
  rows,
  placeholder,
  className = '',
}: TextInputFieldProps) {
  return (
    <TextField
      name={name}
      type={type}
      value={value}
      onChange={onChange}
      isRequired={isRequired}
      autoComplete={autoComplete}
      className={`flex flex-col ${className}`}
    >
      <FieldLabel label={label} isRequired={isRequired} />
      {multiline ? (
        <TextArea rows={rows} placeholder={placeholder} className={`${control} resize-y`} />
      ) : (
        <Input placeholder={placeholder} className={control} />
      )}
      <FieldError className={errorClass} />
    </TextField>
  );
}

/** The field's label; a required field gets a visual star (the input itself says "required"). */
function FieldLabel({ label, isRequired }: { label: string; isRequired?: boolean }) {
  return (
    <Label className={labelClass}>
      {label}
      {isRequired ? (
        <span aria-hidden="true" className="text-red-700 dark:text-red-300">
          {' '}
          *
        </span>
      ) : null}
    </Label>
  );
}

interface SelectFieldProps {
  name: string;
  label: string;
  placeholder: string;
  options: readonly { value: string; label: string }[];
  value: string | null;
  onChange: (value: string | null) => void;
  isRequired?: boolean;
}

export function SelectField({
  name,
  label,
  placeholder,
  options,
  value,
  onChange,
  isRequired,
}: SelectFieldProps) {
  return (
    <Select
      name={name}
      placeholder={placeholder}
      value={value}
      onChange={(key: Key | null) => onChange(key === null ? null : String(key))}
      isRequired={isRequired}
      className="flex flex-col"
    >
      <FieldLabel label={label} isRequired={isRequired} />
      <Button
        className={`${control} flex cursor-pointer items-center justify-between gap-2 text-left data-[focus-visible]:border-brand-600 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600/40`}
      >
        <SelectValue className="truncate data-placeholder:text-muted" />
        <ChevronDownIcon width={18} height={18} className="shrink-0 text-muted" />
      </Button>
      <FieldError className={errorClass} />
      <Popover className="w-(--trigger-width) rounded-lg border border-line bg-raised p-1 shadow-xl outline-none">
        <ListBox className="max-h-72 overflow-auto outline-none">
          {options.map((option) => (
            <ListBoxItem
              key={option.value}
              id={option.value}
              textValue={option.label}
              className="flex cursor-pointer items-center justify-between rounded-md px-3 py-2 text-ink outline-none data-focused:bg-brand-600 data-focused:text-white"
            >
              {({ isSelected }) => (
                <>
                  {option.label}
                  {isSelected ? <CheckIcon width={16} height={16} /> : null}
                </>
              )}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}

interface CheckboxFieldProps {
  name: string;
  children: ReactNode;
  isSelected: boolean;
  onChange: (value: boolean) => void;
  isRequired?: boolean;
}

export function CheckboxField({
  name,
  children,
  isSelected,
  onChange,
  isRequired,
}: CheckboxFieldProps) {
  return (
    <AriaCheckboxField
      name={name}
      isSelected={isSelected}
      onChange={onChange}
      isRequired={isRequired}
      className="flex flex-col"
    >
      <CheckboxButton className="group flex cursor-pointer items-start gap-3 text-sm text-ink">
        {({ isSelected: checked, isFocusVisible }) => (
          <>
            <span
              className={`mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded border-2 transition-colors ${
                checked
                  ? 'border-brand-700 bg-brand-700 text-white dark:border-brand-400 dark:bg-brand-400 dark:text-slate-950'
                  : 'border-line-strong bg-surface'
              } group-data-invalid:border-red-600 ${isFocusVisible ? 'ring-2 ring-brand-600 ring-offset-2 ring-offset-surface' : ''}`}
              aria-hidden="true"
            >
              {checked ? <CheckIcon width={14} height={14} strokeWidth={3} /> : null}
            </span>
            <span className="min-w-0 flex-1">{children}</span>
          </>
        )}
      </CheckboxButton>
      <FieldError className={`${errorClass} ml-8`} />
    </AriaCheckboxField>
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

export { focusRing };
