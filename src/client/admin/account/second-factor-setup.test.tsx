import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toastQueue } from '#client/ui/toast';
import { fakeTrpcServer } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { SecondFactorSetup } from './second-factor-setup';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastQueue.clear();
  document.title = '';
});

const ACCOUNT = {
  success: true,
  user: { id: 1, username: 'owner', email: null },
  secondFactor: 'none',
  passkeys: [],
  recoveryCodesLeft: 0,
};

describe('SecondFactorSetup', () => {
  it('explains the step and shows only the second-factor cards; Continue once one is on', async () => {
    let account = ACCOUNT;
    const server = fakeTrpcServer({
      'account.get': () => ({ data: account }),
    });
    const { queryClient } = renderAdmin(<SecondFactorSetup username="owner" />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set up a second factor' }),
    ).toBeVisible();
    expect(document.title).toBe('Set up a second factor | Admin');
    await screen.findByRole('region', { name: 'Authenticator app' });
    expect(screen.getByRole('region', { name: 'Sign-in code by e-mail' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Password' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Where you’re signed in' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Admin sections' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue to the admin area' })).toBeNull();
    // Only the set-up's own procedure was asked.
    expect(new Set(server.calls.map((c) => c.path))).toEqual(new Set(['account.get']));

    account = { ...ACCOUNT, secondFactor: 'totp', recoveryCodesLeft: 10 };
    await queryClient.invalidateQueries();
    expect(await screen.findByRole('button', { name: 'Continue to the admin area' })).toBeVisible();
  });

  it('signs out to the login page', async () => {
    const server = fakeTrpcServer({
      'account.get': () => ({ data: ACCOUNT }),
      'admin.logout': () => ({ data: { success: true } }),
    });
    renderAdmin(<SecondFactorSetup username="owner" />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeVisible();
    expect(server.calls.map((c) => c.path)).toContain('admin.logout');
  });
});
