import { useEffect, useRef } from 'react';
import type { ClipboardEvent, KeyboardEvent } from 'react';
import { TWO_FACTOR_CODE_LENGTH } from '#shared/constants';

/** Delay before the first box takes focus (docs/product.md, "Admin sign-in"), so the step's entrance settles. */
export const CODE_FOCUS_DELAY_MS = 100;

const BOX_INDEXES = Array.from({ length: TWO_FACTOR_CODE_LENGTH }, (_, i) => i);

function onlyDigits(text: string): string {
  return text.replace(/\D/g, '');
}

/** Writes `digits` into `code` starting at `start`, never past the last box. */
function fillFrom(code: string[], start: number, digits: string): string[] {
  const next = [...code];
  for (let i = 0; i < digits.length && start + i < TWO_FACTOR_CODE_LENGTH; i++) {
    next[start + i] = digits[i] ?? '';
  }
  return next;
}

export function toBoxes(value: string): string[] {
  return BOX_INDEXES.map((i) => value[i] ?? '');
}

interface CodeInputProps {
  /** One entry per box, '' where empty. */
  value: string[];
  onChange: (value: string[]) => void;
  isDisabled?: boolean;
  /** Focus the first box shortly after mounting. */
  autoFocus?: boolean;
  /** The id of the text that says what to type, read with each box. */
  describedBy?: string;
}

/**
 * Six one-digit boxes for the e-mailed code: digits only, typing moves on, Backspace and the
 * arrow keys move back and forth, and a pasted or autofilled code spreads across the boxes.
 */
export function CodeInput({
  value,
  onChange,
  isDisabled = false,
  autoFocus = true,
  describedBy,
}: CodeInputProps) {
  const boxes = useRef<Array<HTMLInputElement | null>>([]);

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(TWO_FACTOR_CODE_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };

  useEffect(() => {
    if (!autoFocus) return;
    const timer = setTimeout(() => {
      // Someone quicker than the delay has already picked a box: leave them there.
      if (boxes.current.some((box) => box !== null && box === document.activeElement)) return;
      boxes.current[0]?.focus();
    }, CODE_FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [autoFocus]);

  const handleInput = (index: number, raw: string) => {
    const digits = onlyDigits(raw);
    const previous = value[index] ?? '';
    if (raw === '') {
      onChange(value.map((d, i) => (i === index ? '' : d)));
      return;
    }
    if (digits === '') return;
    if (digits.length === 1) {
      onChange(fillFrom(value, index, digits));
      focusBox(index + 1);
      return;
    }
    // A second digit typed into a filled box replaces it; the caret decides which one is new.
    if (digits.length === 2 && previous !== '' && digits.includes(previous)) {
      const typed = digits[0] === previous ? digits[1] : digits[0];
      onChange(fillFrom(value, index, typed ?? ''));
      focusBox(index + 1);
      return;
    }
    // Several digits at once (autofill of a one-time code): spread them from this box on.
    onChange(fillFrom(value, index, digits));
    focusBox(index + digits.length);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'Backspace':
        if ((value[index] ?? '') === '' && index > 0) {
          event.preventDefault();
          onChange(value.map((d, i) => (i === index - 1 ? '' : d)));
          focusBox(index - 1);
        }
        break;
      case 'ArrowLeft':
        event.preventDefault();
        focusBox(index - 1);
        break;
      case 'ArrowRight':
        event.preventDefault();
        focusBox(index + 1);
        break;
      case 'Home':
        event.preventDefault();
        focusBox(0);
        break;
      case 'End':
        event.preventDefault();
        focusBox(TWO_FACTOR_CODE_LENGTH - 1);
        break;
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = onlyDigits(event.clipboardData.getData('text')).slice(0, TWO_FACTOR_CODE_LENGTH);
    if (digits === '') return;
    // A whole code pasted anywhere belongs at the start; a fragment continues from here.
    const start = digits.length === TWO_FACTOR_CODE_LENGTH ? 0 : index;
    onChange(fillFrom(value, start, digits));
    focusBox(start + digits.length);
  };

  return (
    <div
      role="group"
      aria-label="Verification code"
      aria-describedby={describedBy}
      className="flex justify-center gap-2"
    >
      {BOX_INDEXES.map((index) => (
        <input
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="one-time-code"
          aria-label={`Digit ${index + 1} of ${TWO_FACTOR_CODE_LENGTH}`}
          aria-describedby={describedBy}
          value={value[index] ?? ''}
          disabled={isDisabled}
          onChange={(event) => handleInput(index, event.target.value)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={(event) => handlePaste(index, event)}
          onFocus={(event) => event.target.select()}
          className="h-12 w-11 rounded-md border border-line-strong bg-raised text-center text-xl font-semibold text-ink focus:border-brand-700 dark:focus:border-brand-400 focus:ring-2 focus:ring-brand-600 dark:focus:ring-brand-400 focus:outline-none disabled:opacity-60 sm:w-12"
        />
      ))}
    </div>
  );
}
