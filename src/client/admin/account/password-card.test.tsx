import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_MESSAGES } from '#shared/account';
import { toastQueue } from '#client/ui/toast';
import { fakeTrpcServer, refusal } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { PASSWORDS_DIFFER, PasswordCard } from './password-card';
import { waitUntil } from '#tests/support/wait';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastQueue.clear();
});

const ACCOUNT = {
  success: true,
  user: { id: 1, username: 'alice', email: null },
  secondFactor: 'none',
  passkeys: [],
  recoveryCodesLeft: 0,
};
const SESSIONS = { success: true, sessions: [] };
const WRONG = 'Your current password is not right';

async function renderCard() {
  renderAdmin(<PasswordCard username="alice" />);
  await screen.findByRole('heading', { name: 'Password' });
  return userEvent.setup();
}

const field = (name: string) => screen.getByLabelText(name, { selector: 'input' });
const current = () => field('Current password');
const next = () => field('New password');
const again = () => field('Confirm new password');
const submit = () => screen.getByRole('button', { name: 'Change password' });
const described = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('the strength hint', () => {
  it('states the rule, then the strength in words as the new password is typed', async () => {
    fakeTrpcServer({});
    const user = await renderCard();
    const live = () => screen.getByText(/^Strength:/, { selector: '[aria-live]' });
    expect(described(next())).toContain('At least 12 characters');
    expect(screen.queryByText(/^Strength:/)).toBeNull();

    await user.type(next(), 'short');
    expect(live()).toHaveTextContent('Strength: Too short.');
    expect(described(next())).toContain('Strength: Too short.');

    await user.clear(next());
    await user.type(next(), 'password12345');
    expect(live()).toHaveTextContent('Strength: Weak.');

    await user.clear(next());
    await user.type(next(), 'violet Harbor 42 lantern!');
    expect(live()).toHaveTextContent('Strength: Strong.');
    // The bar is decoration: hidden from assistive tech, its score in step with the words.
    const bar = document.querySelector('[data-score]');
    expect(bar).toHaveAttribute('aria-hidden', 'true');
    expect(bar).toHaveAttribute('data-score', '4');
  });
});

describe('validation as typed', () => {
  it('says nothing before a field is left, then follows each keystroke', async () => {
    fakeTrpcServer({});
    const user = await renderCard();
    await user.type(next(), 'too short');
    expect(next()).not.toHaveAttribute('aria-invalid');

    await user.tab();
    expect(next()).toHaveAttribute('aria-invalid', 'true');
    expect(described(next())).toContain(ACCOUNT_MESSAGES.newPasswordShort);

    await user.click(next());
    await user.type(next(), ' now long enough');
    expect(next()).not.toHaveAttribute('aria-invalid');

    await user.type(again(), 'too short now');
    await user.tab();
    expect(again()).toHaveAttribute('aria-invalid', 'true');
    expect(described(again())).toContain(PASSWORDS_DIFFER);
    await user.clear(again());
    await user.type(again(), 'too short now long enough');
    expect(again()).not.toHaveAttribute('aria-invalid');
  });

  it('refuses an incomplete form without asking the server, the cursor in the first bad field', async () => {
    const server = fakeTrpcServer({});
    const user = await renderCard();
    await user.type(next(), 'a long enough password');
    await user.click(submit());
    expect(server.calls).toEqual([]);
    expect(current()).toHaveAttribute('aria-invalid', 'true');
    expect(described(current())).toContain(ACCOUNT_MESSAGES.currentPassword);
    expect(again()).toHaveAttribute('aria-invalid', 'true');
    expect(document.activeElement).toBe(current());
  });
});

describe('sending', () => {
  const fill = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.type(current(), 'the old password');
    await user.type(next(), 'a brand new passphrase');
    await user.type(again(), 'a brand new passphrase');
  };

  it('sends both passwords (not the repeat), says how many sessions ended, empties the form', async () => {
    const server = fakeTrpcServer({
      'account.changePassword': () => ({ data: { success: true, endedSessions: 2 } }),
      'account.sessions': () => ({ data: SESSIONS }),
    });
    const user = await renderCard();
    await fill(user);
    await user.click(submit());
    await waitUntil(() =>
      expect(toastQueue.visibleToasts[0]?.content).toEqual({
        title: 'Password changed',
        description: '2 other sessions were signed out. This browser stays signed in.',
      }),
    );
    expect(server.callsTo('account.changePassword')[0]?.input).toEqual({
      currentPassword: 'the old password',
      newPassword: 'a brand new passphrase',
    });
    expect(current()).toHaveValue('');
    expect(next()).toHaveValue('');
    expect(again()).not.toHaveAttribute('aria-invalid');
  });

  it('calls a 401 a wrong password once the session is confirmed alive', async () => {
    const server = fakeTrpcServer({
      'account.changePassword': () => refusal('UNAUTHORIZED', 401, WRONG),
      'account.get': () => ({ data: ACCOUNT }),
    });
    const user = await renderCard();
    await fill(user);
    await user.click(submit());
    await waitUntil(() => expect(current()).toHaveAttribute('aria-invalid', 'true'));
    expect(described(current())).toContain(WRONG);
    expect(document.activeElement).toBe(current());
    expect(server.callsTo('account.get')).toHaveLength(1);
    // Typing again clears the server's verdict.
    await user.type(current(), 'x');
    expect(current()).not.toHaveAttribute('aria-invalid');
  });

  it('leaves a 401 with a dead session to the shell (no field error), through the read that proves it', async () => {
    fakeTrpcServer({
      'account.changePassword': () => refusal('UNAUTHORIZED', 401, WRONG),
      'account.get': () => refusal('UNAUTHORIZED', 401, 'Not signed in'),
    });
    const { queryClient } = renderAdmin(<PasswordCard username="alice" />);
    await screen.findByRole('heading', { name: 'Password' });
    const errors: unknown[] = [];
    queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error')
        errors.push(event.action.error);
    });
    const user = userEvent.setup();
    await fill(user);
    await user.click(submit());
    // What admin-shell.tsx's watcher acts on: a query answered 401.
    await waitUntil(() => expect(errors).toHaveLength(1));
    expect(String(errors[0])).toContain('Not signed in');
    expect(current()).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a throttled attempt (429) as an alert that stays', async () => {
    fakeTrpcServer({
      'account.changePassword': () =>
        refusal('TOO_MANY_REQUESTS', 429, 'Too many attempts. Try again in 15 minutes.'),
    });
    const user = await renderCard();
    await fill(user);
    await user.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Password not changed: Too many attempts. Try again in 15 minutes.',
    );
    expect(within(alert.parentElement ?? document.body).queryByText(WRONG)).toBeNull();
  });
});
