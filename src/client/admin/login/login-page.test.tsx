import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SECOND_FACTOR_MESSAGES } from '#shared/second-factor';
import { toastQueue } from '#client/ui/toast';
import { fakeTrpcServer } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { partsLoaded } from '#tests/support/code-loads';
import type { AdminCheck } from '../session/auth-check';
import { CODE_FORM, LoginPage } from './login-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastQueue.clear();
});

/** The login page after a reload in the middle of a sign-in: only the check's answer is known. */
function reloadedAt(pendingMethod: AdminCheck['pendingMethod']) {
  const auth: AdminCheck = {
    authenticated: false,
    username: 'alice',
    awaitingTwoFactor: true,
    pendingMethod,
    setupRequired: false,
  };
  renderAdmin(<LoginPage auth={Promise.resolve(auth)} />);
}

describe('LoginPage, code step after a reload', () => {
  it('asks an app user for the app’s code, offers a recovery code, no new code; a malformed one is said', async () => {
    const server = fakeTrpcServer({});
    reloadedAt('totp');
    // The code step is code of its own, loaded when reached: waited for itself (issue 71).
    await partsLoaded(CODE_FORM);
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send a new code' })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const field = screen.getByRole('textbox', { name: 'Recovery code' });
    await user.type(field, 'abc');
    const submit = screen.getByRole('button', { name: 'Use recovery code' });
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(field).toBeInvalid();
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining(SECOND_FACTOR_MESSAGES.recoveryCode) as string,
    );
    expect(field).toHaveFocus();
    expect(server.callsTo('admin.recoveryCode')).toEqual([]);
  });

  it('asks an e-mail user for the mailed code, offers a new code, no recovery code', async () => {
    fakeTrpcServer({});
    reloadedAt('email');
    await partsLoaded(CODE_FORM);
    expect(
      await screen.findByText('Enter the 6-digit verification code sent to your email'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Use a recovery code' })).toBeNull();
  });
});
