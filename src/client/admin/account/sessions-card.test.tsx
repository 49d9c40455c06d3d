import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toastQueue } from '#client/ui/toast';
import { ACCOUNT_MESSAGES } from '#shared/account';
import { fakeTrpcServer, refusal } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { SessionsCard } from './sessions-card';
import { waitUntil } from '#tests/support/wait';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastQueue.clear();
});

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
const THIS = {
  id: 'aaa',
  current: true,
  createdAt: minutesAgo(600),
  lastSeenAt: minutesAgo(0),
  device: 'Chrome on Linux',
  address: '203.0.113.x',
};
const PHONE = {
  id: 'bbb',
  current: false,
  createdAt: minutesAgo(300),
  lastSeenAt: minutesAgo(5),
  device: 'Safari on iOS',
  address: '2001:db8:1:2::/64',
};
const LAPTOP = {
  id: 'ccc',
  current: false,
  createdAt: minutesAgo(200),
  lastSeenAt: minutesAgo(120),
  device: 'Firefox on Windows',
  address: '198.51.100.x',
};

function serverWith(sessions: (typeof THIS)[]) {
  let held = sessions;
  const server = fakeTrpcServer({
    'account.sessions': () => ({ data: { success: true, sessions: held } }),
    'account.endSession': (input) => {
      const id = (input as { id: string }).id;
      if (!held.some((s) => s.id === id)) return refusal('NOT_FOUND', 404, 'No such session');
      held = held.filter((s) => s.id !== id);
      return { data: { success: true, ended: 1 } };
    },
    'account.endOtherSessions': () => {
      const ended = held.filter((s) => !s.current).length;
      held = held.filter((s) => s.current);
      return { data: { success: true, ended } };
    },
  });
  return server;
}

const rows = () => within(screen.getByRole('list', { name: 'Sessions' })).getAllByRole('article');
const toastContent = () => toastQueue.visibleToasts.map((t) => t.content);

describe('SessionsCard', () => {
  it('lists this device first, then by last use, each with where and when', async () => {
    serverWith([LAPTOP, THIS, PHONE]);
    renderAdmin(<SessionsCard />);
    await screen.findByRole('list', { name: 'Sessions' });
    expect(rows().map((row) => within(row).getByRole('heading').textContent)).toEqual([
      'Chrome on Linux',
      'Safari on iOS',
      'Firefox on Windows',
    ]);
    const [mine, phone, laptop] = rows();
    expect(within(mine!).getByText('This device')).toBeVisible();
    expect(within(phone!).queryByText('This device')).toBeNull();
    expect(phone).toHaveTextContent('2001:db8:1:2::/64');
    expect(phone).toHaveTextContent(/Signed in .+ · Last active 5 minutes ago/);
    expect(laptop).toHaveTextContent('Last active 2 hours ago');
    expect(screen.getByText('2 other sessions signed in.')).toBeVisible();
  });

  it('ends another session at once, and refreshes the list', async () => {
    const server = serverWith([THIS, PHONE, LAPTOP]);
    renderAdmin(<SessionsCard />);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', {
        name: 'End the session on Safari on iOS, 2001:db8:1:2::/64',
      }),
    );
    await waitUntil(() => expect(rows()).toHaveLength(2));
    expect(server.callsTo('account.endSession')[0]?.input).toEqual({ id: 'bbb' });
    expect(toastContent()).toContainEqual({
      title: 'Session ended',
      description: 'Safari on iOS is signed out.',
    });
  });

  it('signs out everywhere else, says how many, then is disabled', async () => {
    serverWith([THIS, PHONE, LAPTOP]);
    renderAdmin(<SessionsCard />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    await waitUntil(() =>
      expect(toastContent()).toContainEqual({
        title: 'Signed out everywhere else',
        description: '2 other sessions ended.',
      }),
    );
    await waitUntil(() => expect(rows()).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
    expect(screen.getByText('This is the only browser signed in.')).toBeVisible();
  });

  it('asks for the password when ending the others needs a recent proof, then ends them', async () => {
    let held = [THIS, PHONE];
    const server = fakeTrpcServer({
      'account.sessions': () => ({ data: { success: true, sessions: held } }),
      'account.endOtherSessions': (input) => {
        if ((input as { password?: string } | undefined)?.password !== 'right password')
          return refusal('UNAUTHORIZED', 401, ACCOUNT_MESSAGES.passwordNeeded);
        held = [THIS];
        return { data: { success: true, ended: 1 } };
      },
    });
    renderAdmin(<SessionsCard />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere else' });
    await user.type(
      within(dialog).getByLabelText('Your password', { selector: 'input' }),
      'right password',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitUntil(() => expect(rows()).toHaveLength(1));
    expect(server.callsTo('account.endOtherSessions').map((call) => call.input)).toEqual([
      undefined,
      { password: 'right password' },
    ]);
    // The 401 that asked is no failure to report.
    expect(toastContent().map((t) => t.title)).toEqual(['Signed out everywhere else']);
  });

  it('asks for the password when ending another session needs a recent proof, then ends it', async () => {
    let held = [THIS, PHONE];
    const server = fakeTrpcServer({
      'account.sessions': () => ({ data: { success: true, sessions: held } }),
      'account.endSession': (input) => {
        if ((input as { password?: string }).password !== 'right password')
          return refusal('UNAUTHORIZED', 401, ACCOUNT_MESSAGES.passwordNeeded);
        held = [THIS];
        return { data: { success: true } };
      },
    });
    renderAdmin(<SessionsCard />);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', {
        name: 'End the session on Safari on iOS, 2001:db8:1:2::/64',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'End the session on Safari on iOS' });
    await user.type(
      within(dialog).getByLabelText('Your password', { selector: 'input' }),
      'right password',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitUntil(() => expect(rows()).toHaveLength(1));
    expect(server.callsTo('account.endSession').map((call) => call.input)).toEqual([
      { id: 'bbb' },
      { id: 'bbb', password: 'right password' },
    ]);
    // The 401 that asked is no failure to report.
    expect(toastContent().map((t) => t.title)).toEqual(['Session ended']);
  });

  it('ends this browser’s own session only after asking, then goes to the login page', async () => {
    const server = serverWith([THIS]);
    const { router } = renderAdmin(<SessionsCard />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'End this session' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'End this session?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('account.endSession')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'End this session' }));
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { name: 'Admin Login' });
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(server.callsTo('account.endSession')[0]?.input).toEqual({ id: 'aaa' });
    // Nothing read after the end: every read would answer 401.
    expect(server.callsTo('account.sessions')).toHaveLength(1);
    expect(toastContent()[0]?.title).toBe('Signed out');
  });

  it('shows a failed read with a way to try again', async () => {
    let fail = true;
    fakeTrpcServer({
      'account.sessions': () =>
        fail
          ? refusal('SERVICE_UNAVAILABLE', 503, 'The database is busy.')
          : { data: { success: true, sessions: [THIS] } },
    });
    renderAdmin(<SessionsCard />);
    const user = userEvent.setup();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading sessions: The database is busy.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('list', { name: 'Sessions' });
  });
});
