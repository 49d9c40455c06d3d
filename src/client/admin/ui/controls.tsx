import type { ReactNode, Ref } from 'react';
import {
  Button as AriaButton,
  FieldError,
  Input,
  Label,
  Switch as AriaSwitch,
  Text,
  TextArea,
  TextField,
  type ButtonProps as AriaButtonProps,
} from 'react-aria-components';
import { buttonClass, focusRing, type ButtonSize, type ButtonVariant } from '#shared/ui-styles';
import { fieldInput } from './card';

// The sign-in page's light parts live in card.tsx and native-controls.tsx; every other
// screen keeps importing them from here.
export { Card, fieldInput, returnLinkClass } from './card';

/** One choice of a list's filter (a ToggleButton of a group): the status and triage filters. */
export const segmentClass = `inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-md px-3 text-sm font-medium text-muted transition-colors data-hovered:text-ink data-selected:bg-raised data-selected:text-ink data-selected:shadow-sm sm:min-h-9 ${focusRing}`;

interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'isPending'> {
  isPending?: boolean;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A button in the site's one set of styles (`buttonClass`, docs/product.md, "Buttons").
 * `isPending` keeps it focused but inert (presses are ignored, `aria-disabled`), instead of
 * RAC's own pending state: that one announces through a live-region entry naming the button by
 * id, which loses its name when the button unmounts right after (the sign-in form replaced by
 * the code step), an axe role-img-alt violation.
 */
export function Button({
  variant = 'primary',
  size = 'md',
  className = '',
  isPending = false,
  onPress,
  ...props
}: ButtonProps) {
  return (
    <AriaButton
      {...props}
      onPress={isPending ? undefined : onPress}
      aria-disabled={isPending || undefined}
      data-busy={isPending || undefined}
      className={buttonClass(variant, size, className)}
    />
  );
}

interface TextInputFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Tied to the field (aria-describedby); inline content only: it sits in a <span>. */
  description?: ReactNode;
  type?: 'text' | 'password' | 'date' | 'email';
  /** `numeric`: a phone shows its number keys. */
  inputMode?: 'numeric';
  name?: string;
  autoComplete?: string;
  isDisabled?: boolean;
  isRequired?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  textAreaRef?: Ref<HTMLTextAreaElement>;
  onKeyDown?: (event: React.KeyboardEvent<HTMLInputElement>) => void;
  onBlur?: () => void;
  multiline?: boolean;
  rows?: number;
  /** A multiline field as tall as its text (from `rows` up), so a long value shows whole. */
  grow?: boolean;
  autoFocus?: boolean;
}

/** A labelled field whose error is announced with it (aria-describedby via RAC). */
export function TextInputField({
  label,
  value,
  onChange,
  error,
  description,
  type = 'text',
  inputMode,
  name,
  autoComplete,
  isDisabled,
  isRequired,
  inputRef,
  textAreaRef,
  onKeyDown,
  onBlur,
  multiline = false,
  rows = 3,
  grow = false,
  autoFocus,
}: TextInputFieldProps) {
  return (
    <TextField
      value={value}
      onChange={onChange}
      isInvalid={Boolean(error)}
      isDisabled={isDisabled}
      isRequired={isRequired}
      validationBehavior="aria"
      type={multiline ? undefined : type}
      name={name}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      onBlur={onBlur}
      className="flex flex-col gap-1"
    >
      <Label className="text-sm font-medium text-ink">{label}</Label>
      {multiline ? (
        <TextArea
          ref={textAreaRef}
          rows={rows}
          className={grow ? `${fieldInput} field-sizing-content resize-none` : fieldInput}
        />
      ) : (
        <Input ref={inputRef} inputMode={inputMode} onKeyDown={onKeyDown} className={fieldInput} />
      )}
      {description ? (
        <Text slot="description" className="text-xs text-muted">
          {description}
        </Text>
      ) : null}
      <FieldError className="text-sm text-red-700 dark:text-red-300">{error}</FieldError>
    </TextField>
  );
}

interface SwitchProps {
  isSelected: boolean;
  onChange: (isSelected: boolean) => void;
  children: ReactNode;
  isDisabled?: boolean;
  'aria-describedby'?: string;
}

export function Switch({ isSelected, onChange, children, isDisabled, ...aria }: SwitchProps) {
  return (
    <AriaSwitch
      isSelected={isSelected}
      onChange={onChange}
      isDisabled={isDisabled}
      aria-describedby={aria['aria-describedby']}
      className="group inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm text-ink data-disabled:cursor-not-allowed data-disabled:opacity-50 sm:min-h-0"
    >
      <span
        aria-hidden="true"
        className="flex h-6 w-11 shrink-0 items-center rounded-full bg-line-strong px-0.5 transition-colors group-data-focus-visible:ring-2 group-data-focus-visible:ring-brand-600 dark:group-data-focus-visible:ring-brand-400 group-data-focus-visible:ring-offset-2 group-data-selected:bg-green-700"
      >
        <span className="h-5 w-5 rounded-full bg-white shadow transition-transform group-data-selected:translate-x-5" />
      </span>
      {children}
    </AriaSwitch>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 p-8 text-muted">
      <span
        aria-hidden="true"
        className="h-6 w-6 animate-spin rounded-full border-2 border-line-strong border-t-brand-600 dark:border-t-brand-400"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
