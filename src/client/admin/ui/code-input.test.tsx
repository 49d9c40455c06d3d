import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CODE_FOCUS_DELAY_MS, CodeInput, toBoxes } from './code-input';

function Harness({ initial = '', onValue }: { initial?: string; onValue?: (v: string) => void }) {
  const [value, setValue] = useState(toBoxes(initial));
  return (
    <CodeInput
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue?.(next.join(''));
      }}
    />
  );
}

function boxes(): HTMLInputElement[] {
  return Array.from({ length: 6 }, (_, i) =>
    screen.getByRole<HTMLInputElement>('textbox', { name: `Digit ${i + 1} of 6` }),
  );
}

function values(): string {
  return boxes()
    .map((box) => box.value || '_')
    .join('');
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('CodeInput', () => {
  it('labels six numeric one-time-code boxes for screen readers', () => {
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeVisible();
    for (const box of boxes()) {
      expect(box.getAttribute('inputmode')).toBe('numeric');
      expect(box.getAttribute('autocomplete')).toBe('one-time-code');
    }
  });

  it('focuses the first box after 0.1 s', () => {
    vi.useFakeTimers();
    render(<Harness />);
    act(() => vi.advanceTimersByTime(CODE_FOCUS_DELAY_MS - 1));
    expect(document.activeElement).not.toBe(boxes()[0]);
    act(() => vi.advanceTimersByTime(1));
    expect(document.activeElement).toBe(boxes()[0]);
  });

  it('takes one digit per box and moves on as you type', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    await user.click(boxes()[0]!);
    await user.keyboard('1234');
    expect(values()).toBe('1234__');
    expect(document.activeElement).toBe(boxes()[4]);
    await user.keyboard('56');
    expect(values()).toBe('123456');
    expect(onValue).toHaveBeenLastCalledWith('123456');
  });

  it('ignores letters, spaces and symbols', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0]!);
    await user.keyboard('a- 7x');
    expect(values()).toBe('7_____');
    expect(document.activeElement).toBe(boxes()[1]);
  });

  it('replaces the digit of a filled box when typing over it', async () => {
    const user = userEvent.setup();
    render(<Harness initial="123456" />);
    await user.click(boxes()[2]!);
    await user.keyboard('9');
    expect(values()).toBe('129456');
    expect(document.activeElement).toBe(boxes()[3]);
  });

  it('Backspace clears the box, then steps back and clears the previous one', async () => {
    const user = userEvent.setup();
    render(<Harness initial="123" />);
    await user.click(boxes()[2]!);
    await user.keyboard('{Backspace}');
    expect(values()).toBe('12____');
    expect(document.activeElement).toBe(boxes()[2]);
    await user.keyboard('{Backspace}');
    expect(values()).toBe('1_____');
    expect(document.activeElement).toBe(boxes()[1]);
  });

  it('arrow keys, Home and End move between boxes without changing them', async () => {
    const user = userEvent.setup();
    render(<Harness initial="123456" />);
    await user.click(boxes()[2]!);
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(boxes()[1]);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(boxes()[3]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(boxes()[5]);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(boxes()[5]);
    await user.keyboard('{Home}{ArrowLeft}');
    expect(document.activeElement).toBe(boxes()[0]);
    expect(values()).toBe('123456');
  });

  it('pasting a whole code fills every box, whichever box has focus', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    await user.click(boxes()[3]!);
    await user.paste('Your code: 987 654');
    expect(values()).toBe('987654');
    expect(onValue).toHaveBeenLastCalledWith('987654');
    expect(document.activeElement).toBe(boxes()[5]);
  });

  it('pasting a fragment continues from the focused box and stops at six', async () => {
    const user = userEvent.setup();
    render(<Harness initial="1" />);
    await user.click(boxes()[1]!);
    await user.paste('23');
    expect(values()).toBe('123___');
    expect(document.activeElement).toBe(boxes()[3]);
    await user.paste('4567890');
    expect(values()).toBe('456789');
  });

  it('pasting text without digits changes nothing', async () => {
    const user = userEvent.setup();
    render(<Harness initial="12" />);
    await user.click(boxes()[2]!);
    await user.paste('abc');
    expect(values()).toBe('12____');
  });
});
