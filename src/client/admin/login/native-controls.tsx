import { useId, type ButtonHTMLAttributes, type Ref } from 'react';
import { buttonClass, type ButtonSize, type ButtonVariant } from '#shared/ui-styles';
import { fieldInput } from '../ui/card';

/**
 * The sign-in page's button and fields on native elements, as the public forms' are
 * (client/ui/fields.tsx): react-aria's Button, TextField and Form weighed about 20 KB of the
 * page's first load (docs/performance.md, "The sign-in page's first load"). They look and
 * read as controls.tsx's: the same classes, a label tied to its input, the error tied with
 * `aria-invalid` and `aria-describedby`. The other admin screens keep controls.tsx.
 */

interface NativeButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'className' | 'disabled' | 'onClick'
> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  /** Focusable but inert (`aria-disabled`), as controls.tsx's Button when pending. */
  isPending?: boolean;
  isDisabled?: boolean;
  onPress?: () => void;
  type?: 'button' | 'submit';
}

export function NativeButton({
  variant = 'primary',
  size = 'md',
  className = '',
  isPending = false,
  isDisabled = false,
  onPress,
  type = 'button',
  ...props
}: NativeButtonProps) {
  return (
    <button
      {...props}
      type={type}
      disabled={isDisabled}
      aria-disabled={isPending || undefined}
      data-busy={isPending || undefined}
      onClick={(event) => {
        if (isPending) {
          // A pending submit button must not send its form again.
          event.preventDefault();
          return;
        }
        onPress?.();
      }}
      className={buttonClass(variant, size, className)}
    />
  );
}

interface NativeTextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: 'text' | 'password';
  autoComplete?: string;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled one-line field whose error is announced with it. */
export function NativeTextField({
  label,
  name,
  value,
  onChange,
  error,
  type = 'text',
  autoComplete,
  autoFocus,
  inputRef,
}: NativeTextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        name={name}
        type={type}
        value={value}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={`${fieldInput} aria-invalid:border-red-700`}
      />
      {error ? (
        <span id={errorId} className="text-sm text-red-700 dark:text-red-300">
          {error}
        </span>
      ) : null}
    </div>
  );
}
