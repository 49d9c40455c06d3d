/**
 * The Administrators screen's changes that need a recent proof (docs/accounts.md): sent as
 * they are first; when the server asks for the password, a dialog asks for it (a wrong one is
 * its field's error) and the change is sent again with it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_MESSAGES } from '#shared/account';
import type { AdminUser } from '#shared/shapes/users';
import { fakeTrpcServer, refusal } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { toastQueue } from '#client/ui/toast';
import { UsersPage } from './users-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastQueue.clear();
});

const base = {
  secondFactor: 'email',
  passkeys: 0,
  createdAt: '2026-01-15T10:00:00.000Z',
  lastSignInAt: null,
} as const;
const ME: AdminUser = {
  ...base,
  id: 1,
  username: 'owner',
  email: 'o@example.com',
  invited: false,
  current: true,
};
const BOB: AdminUser = {
  ...base,
  id: 2,
  username: 'bob',
  email: 'b@example.com',
  invited: false,
  current: false,
};
const ERIN: AdminUser = {
  ...base,
  id: 3,
  username: 'erin',
  email: 'e@example.com',
  invited: true,
  current: false,
};

/** The server of a session that signed in over 10 minutes ago: the password is asked for. */
function serve() {
  let users = [ME, BOB, ERIN];
  const needsPassword = (input: unknown, then: () => unknown) => {
    const password = (input as { password?: string }).password;
    if (password === undefined)
      return refusal('UNAUTHORIZED', 401, ACCOUNT_MESSAGES.passwordNeeded);
    if (password !== 'right password')
      return refusal('UNAUTHORIZED', 401, 'The password is wrong.');
    return { data: then() };
  };
  return fakeTrpcServer({
    'users.list': () => ({ data: users }),
    'account.get': () => ({
      data: {
        success: true,
        user: { id: 1, username: 'owner', email: null },
        secondFactor: 'none',
        passkeys: [],
        recoveryCodesLeft: 0,
      },
    }),
    'users.remove': (input) =>
      needsPassword(input, () => {
        users = users.filter((u) => u.id !== (input as { id: number }).id);
        return { success: true };
      }),
    'users.resendInvitation': (input) => needsPassword(input, () => ERIN),
    'users.endSessions': (input) => needsPassword(input, () => ({ success: true, ended: 2 })),
  });
}

describe('UsersPage', () => {
  it('asks for the password when removing needs it, shows a wrong one, then removes', async () => {
    const server = serve();
    renderAdmin(<UsersPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove bob' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove administrator' });
    const password = within(dialog).getByLabelText('Your password', { selector: 'input' });
    await waitFor(() => expect(password).toHaveFocus());
    await user.type(password, 'wrong password');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('The password is wrong.')).toBeVisible();
    await user.clear(password);
    await user.type(password, 'right password');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('users.remove').map((c) => c.input)).toEqual([
      { id: 2 },
      { id: 2, password: 'wrong password' },
      { id: 2, password: 'right password' },
    ]);
  });

  it('signs another administrator out everywhere once asked and confirmed with the password', async () => {
    const server = serve();
    renderAdmin(<UsersPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out bob everywhere' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Sign out everywhere' });
    expect(confirm).toHaveTextContent('bob');
    await user.click(within(confirm).getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere' });
    await user.type(
      within(dialog).getByLabelText('Your password', { selector: 'input' }),
      'right password',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('users.endSessions').map((c) => c.input)).toEqual([
      { id: 2 },
      { id: 2, password: 'right password' },
    ]);
    expect(toastQueue.visibleToasts.map((t) => t.content)).toContainEqual({
      title: 'bob is signed out everywhere',
      description: '2 sessions ended.',
    });
  });

  it('offers no "Sign out everywhere" on your own row (the Account screen’s) or an invitee’s', async () => {
    serve();
    renderAdmin(<UsersPage />);
    await screen.findByRole('button', { name: 'Sign out bob everywhere' });
    expect(screen.queryByRole('button', { name: 'Sign out owner everywhere' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign out erin everywhere' })).toBeNull();
  });

  it('sends the invitation again with the password once asked', async () => {
    const server = serve();
    renderAdmin(<UsersPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Resend invitation to erin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resend invitation' });
    await user.type(
      within(dialog).getByLabelText('Your password', { selector: 'input' }),
      'right password',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('users.resendInvitation').map((c) => c.input)).toEqual([
      { id: 3 },
      { id: 3, password: 'right password' },
    ]);
  });
});
