import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OAUTH_MESSAGES } from '#shared/oauth-consent';
import { fakeTrpcServer, refusal } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { ConnectPage } from './connect-page';
import { leaveFor } from './leave-for';
import { waitUntil } from '#tests/support/wait';

vi.mock('./leave-for', () => ({ leaveFor: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(leaveFor).mockClear();
});

const ID = 'r'.repeat(43);
const REQUEST = {
  id: ID,
  clientName: 'Claude',
  redirectHost: 'claude.ai',
  scopes: ['leads:read', 'leads:write', 'bookings:read'],
};

function serverFor(answer: 'found' | 'gone' = 'found') {
  return fakeTrpcServer({
    'oauth.request': () =>
      answer === 'found' ? { data: REQUEST } : refusal('NOT_FOUND', 404, OAUTH_MESSAGES.request),
    'oauth.allow': () => ({
      data: { success: true, redirectTo: 'https://claude.ai/cb?code=c&state=s' },
    }),
    'oauth.deny': () => ({
      data: { success: true, redirectTo: 'https://claude.ai/cb?error=access_denied' },
    }),
  });
}

describe('ConnectPage', () => {
  it('shows the client, where it is sent, and the scopes in words; Allow sends those kept', async () => {
    const server = serverFor();
    renderAdmin(<ConnectPage requestId={ID} />);
    const user = userEvent.setup();
    await screen.findByText('Claude');
    // The client named itself: the screen says so, and shows the host apart from the name.
    expect(screen.getByText(OAUTH_MESSAGES.selfRegistered)).toBeVisible();
    expect(screen.getByText('Name it gives').nextElementSibling).toHaveTextContent(/^Claude$/);
    expect(screen.getByText('Returns to').nextElementSibling).toHaveTextContent(/^claude\.ai$/);
    const write = screen.getByRole('checkbox', { name: /Add notes, set statuses/ });
    expect(write).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Read booked calls/ })).toBeChecked();
    await user.click(write);
    await user.click(screen.getByRole('button', { name: 'Allow' }));
    await waitUntil(() =>
      expect(leaveFor).toHaveBeenCalledWith('https://claude.ai/cb?code=c&state=s'),
    );
    expect(server.callsTo('oauth.allow')[0]?.input).toEqual({
      id: ID,
      scopes: ['leads:read', 'bookings:read'],
    });
  });

  it('refuses Allow with nothing ticked, before asking the server', async () => {
    const server = serverFor();
    renderAdmin(<ConnectPage requestId={ID} />);
    const user = userEvent.setup();
    await screen.findByText('Claude');
    for (const box of screen.getAllByRole('checkbox')) await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Allow' }));
    expect(await screen.findByText(OAUTH_MESSAGES.scopes)).toBeVisible();
    expect(server.callsTo('oauth.allow')).toEqual([]);
  });

  it('Deny sends the browser back with the refusal', async () => {
    serverFor();
    renderAdmin(<ConnectPage requestId={ID} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Deny' }));
    await waitUntil(() =>
      expect(leaveFor).toHaveBeenCalledWith('https://claude.ai/cb?error=access_denied'),
    );
  });

  it('says so when the request is unknown or has expired', async () => {
    serverFor('gone');
    renderAdmin(<ConnectPage requestId={ID} />);
    expect(await screen.findByText(OAUTH_MESSAGES.request)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Allow' })).toBeNull();
  });
});
