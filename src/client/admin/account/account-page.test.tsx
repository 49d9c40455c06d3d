import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toastQueue } from '#client/ui/toast';
import { fakeTrpcServer, refusal } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { AccountPage } from './account-page';
import { waitUntil } from '#tests/support/wait';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastQueue.clear();
  document.title = '';
});

const ACCOUNT = {
  success: true,
  user: { id: 1, username: 'alice', email: null },
  secondFactor: 'none',
  passkeys: [],
  recoveryCodesLeft: 0,
};
const now = new Date().toISOString();
const session = (id: string, current: boolean) => ({
  id,
  current,
  createdAt: now,
  lastSeenAt: now,
  device: current ? 'Chrome on Linux' : 'Safari on iOS',
  address: '203.0.113.x',
});

describe('AccountPage', () => {
  it('names the tab, shows its cards, and reads the sessions again after a password change', async () => {
    let sessions = [session('a', true), session('b', false)];
    fakeTrpcServer({
      'account.get': () => ({ data: ACCOUNT }),
      'account.sessions': () => ({ data: { success: true, sessions } }),
      'accessTokens.list': () => ({ data: { success: true, tokens: [] } }),
      'account.changePassword': () => {
        sessions = sessions.filter((s) => s.current);
        return { data: { success: true, endedSessions: 1 } };
      },
    });
    renderAdmin(<AccountPage />);
    const user = userEvent.setup();
    await screen.findByText('Signing in needs only your password.');
    expect(document.title).toBe('Account | Admin');
    expect(screen.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    for (const name of [
      'Password',
      'Sign-in code by e-mail',
      'Authenticator app',
      'Where you’re signed in',
      'Access tokens',
    ]) {
      expect(screen.getByRole('region', { name })).toBeVisible();
    }
    const list = await screen.findByRole('list', { name: 'Sessions' });
    expect(within(list).getAllByRole('article')).toHaveLength(2);

    const field = (name: string) => screen.getByLabelText(name, { selector: 'input' });
    await user.type(field('Current password'), 'the old password');
    await user.type(field('New password'), 'a brand new passphrase');
    await user.type(field('Confirm new password'), 'a brand new passphrase');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitUntil(() => expect(within(list).getAllByRole('article')).toHaveLength(1));
    expect(toastQueue.visibleToasts[0]?.content.description).toBe(
      '1 other session was signed out. This browser stays signed in.',
    );
  });

  it('shows a failed read of the account with a way to try again', async () => {
    let fail = true;
    fakeTrpcServer({
      'account.get': () =>
        fail ? refusal('SERVICE_UNAVAILABLE', 503, 'The database is busy.') : { data: ACCOUNT },
      'account.sessions': () => ({ data: { success: true, sessions: [session('a', true)] } }),
      'accessTokens.list': () => ({ data: { success: true, tokens: [] } }),
    });
    renderAdmin(<AccountPage />);
    const user = userEvent.setup();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading your account: The database is busy.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('Signing in needs only your password.');
    expect(screen.getByText('alice')).toBeVisible();
  });
});
