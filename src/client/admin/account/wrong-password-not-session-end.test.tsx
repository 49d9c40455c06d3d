/**
 * The account forms answer a wrong password with 401, the status that otherwise means "your
 * session ended": inside the admin shell, whose watcher sends any 401 to the login page, a
 * wrong password must stay a field error, and a real session end must still leave.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toastQueue } from '#client/ui/toast';
import { fakeTrpcServer, refusal, type Handler } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { AdminShell } from '../shell/admin-shell';
import { PasswordCard } from './password-card';
import { waitUntil } from '#tests/support/wait';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastQueue.clear();
});

const WRONG = 'Your current password is not right';
const ACCOUNT = {
  success: true,
  user: { id: 1, username: 'alice', email: null },
  secondFactor: 'none',
  passkeys: [],
  recoveryCodesLeft: 0,
};

async function changePasswordIn(accountAnswer: Handler) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: false,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
  fakeTrpcServer({
    'messages.unreadCount': () => ({ data: { unread: 0 } }),
    'leads.attention': () => ({
      data: { unanswered: [], answered: [], declined: [], followUps: [], stale: [] },
    }),
    'account.changePassword': () => refusal('UNAUTHORIZED', 401, WRONG),
    'account.get': accountAnswer,
  });
  const { router } = renderAdmin(
    <AdminShell username="alice">
      <PasswordCard username="alice" />
    </AdminShell>,
  );
  const user = userEvent.setup();
  const field = (name: string) => screen.getByLabelText(name, { selector: 'input' });
  await screen.findByRole('heading', { name: 'Password' });
  await user.type(field('Current password'), 'not my password');
  await user.type(field('New password'), 'a brand new passphrase');
  await user.type(field('Confirm new password'), 'a brand new passphrase');
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  return { router, field };
}

describe('a 401 from changing the password, inside the admin shell', () => {
  it('is the current password’s error while the session lives: no "Session ended", no redirect', async () => {
    const { router, field } = await changePasswordIn(() => ({ data: ACCOUNT }));
    await waitUntil(() => expect(field('Current password')).toHaveAttribute('aria-invalid'));
    expect(router.state.location.pathname).toBe('/admin/account');
    expect(toastQueue.visibleToasts.map((t) => t.content.title)).not.toContain('Session ended');
  });

  it('sends to the login page when the session has in fact ended', async () => {
    const { router } = await changePasswordIn(() =>
      refusal('UNAUTHORIZED', 401, 'Please sign in.'),
    );
    await screen.findByRole('heading', { name: 'Admin Login' });
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(toastQueue.visibleToasts[0]?.content.title).toBe('Session ended');
  });
});
