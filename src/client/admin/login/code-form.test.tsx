import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CodeForm } from './code-form';

function renderForm(isVerifying = false) {
  const onVerify = vi.fn<(code: string) => void>();
  const props = {
    isResending: false,
    canResend: true,
    canRecover: false,
    recovery: false,
    onRecoveryChange: () => {},
    onVerify,
    onRecover: () => {},
    onResend: () => {},
    onBack: () => {},
  };
  const view = render(<CodeForm {...props} isVerifying={isVerifying} />);
  return {
    onVerify,
    user: userEvent.setup(),
    verifying: () => view.rerender(<CodeForm {...props} isVerifying />),
  };
}

const box = (n: number) =>
  screen.getByRole<HTMLInputElement>('textbox', { name: `Digit ${n} of 6` });
const verifyButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Verify Code' });

afterEach(() => {
  cleanup();
});

describe('CodeForm: the six boxes', () => {
  it('sends the code by itself once the sixth digit is typed, and only then', async () => {
    const { onVerify, user } = renderForm();
    await user.click(box(1));
    await user.keyboard('12345');
    expect(verifyButton()).toBeDisabled();
    expect(onVerify).not.toHaveBeenCalled();
    await user.keyboard('6');
    expect(onVerify).toHaveBeenCalledTimes(1);
    expect(onVerify).toHaveBeenCalledWith('123456');
    // The button stays, enabled now that all six are filled.
    expect(verifyButton()).toBeEnabled();
  });

  it('sends a pasted code once, even when Enter or the button follows', async () => {
    const { onVerify, user } = renderForm();
    await user.click(box(1));
    await user.paste('654 321');
    expect(onVerify).toHaveBeenCalledTimes(1);
    expect(onVerify).toHaveBeenCalledWith('654321');
    await user.keyboard('{Enter}');
    await user.click(verifyButton());
    expect(onVerify).toHaveBeenCalledTimes(1);
  });

  it('sends nothing more while the code is being checked', async () => {
    const { onVerify, user, verifying } = renderForm();
    await user.click(box(1));
    await user.paste('111111');
    verifying();
    await user.click(box(6));
    await user.keyboard('2');
    expect(onVerify).toHaveBeenCalledTimes(1);
  });
});
