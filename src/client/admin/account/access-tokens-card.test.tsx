/**
 * The Access tokens card: a token made with its name, scopes and expiry, its secret shown once with
 * Copy, the password asked for when the server wants it (recent-proof-dialog.tsx), the form's own
 * checks, and Revoke asked about first; focus kept where the person is.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toastQueue } from '#client/ui/toast';
import { fakeTrpcServer, refusal, type Handler } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { ACCESS_TOKEN_MESSAGES } from '#shared/access-tokens';
import type { AccessTokenSummary } from '#shared/shapes/access-tokens';
import { ACCOUNT_MESSAGES } from '#shared/account';
import { AccessTokensCard } from './access-tokens-card';

afterEach(() => {
  cleanup();
  toastQueue.clear();
});

const DESKTOP: AccessTokenSummary = {
  id: 1,
  name: 'Claude Desktop',
  scopes: ['leads:read', 'content:read'],
  createdAt: '2026-01-15T10:00:00.000Z',
  expiresAt: '2099-02-14T10:00:00.000Z',
  lastUsedAt: null,
};
const CURSOR: AccessTokenSummary = { ...DESKTOP, id: 2, name: 'Cursor', scopes: ['leads:read'] };
const SECRET = `ams_${'x'.repeat(43)}`;

let held: AccessTokenSummary[];

beforeEach(() => {
  held = [DESKTOP];
});

function serve(handlers: Record<string, Handler> = {}) {
  return fakeTrpcServer({
    'accessTokens.list': () => ({ data: { success: true, tokens: held } }),
    'accessTokens.create': () => {
      held = [CURSOR, ...held];
      return { data: { success: true, token: CURSOR, secret: SECRET } };
    },
    'accessTokens.revoke': (input) => {
      held = held.filter((t) => t.id !== (input as { id: number }).id);
      return { data: { success: true } };
    },
    ...handlers,
  });
}

async function openCard() {
  const user = userEvent.setup();
  renderAdmin(<AccessTokensCard />);
  const card = await screen.findByRole('region', { name: 'Access tokens' });
  await within(card).findByRole('article', { name: 'Claude Desktop' });
  return { card, user };
}

async function fillForm(card: HTMLElement, user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(card).getByRole('button', { name: 'Create token' }));
  const form = within(card).getByRole('form', { name: 'Create an access token' });
  await user.type(within(form).getByLabelText('Name'), 'Cursor');
  await user.click(within(form).getByRole('checkbox', { name: /^leads:read/ }));
  // The expiry is a radio group: arrow keys move from 30 days to 90.
  await user.click(within(form).getByRole('radio', { name: '30 days' }));
  await user.keyboard('{ArrowRight}');
  expect(within(form).getByRole('radio', { name: '90 days' })).toBeChecked();
  return form;
}

describe('AccessTokensCard', () => {
  it('lists tokens with their scopes and dates', async () => {
    serve();
    const { card } = await openCard();
    const row = within(card).getByRole('article', { name: 'Claude Desktop' });
    // Scopes in words, as the form and the consent screen say them, not as codes.
    expect(row).toHaveTextContent(
      'Read leads and their timelines; Read case studies, insights and facts',
    );
    expect(row).not.toHaveTextContent('leads:read');
    expect(row).toHaveTextContent('Never used');
    expect(row).toHaveTextContent(/Expires/);
  });

  it('creates a token, shows its secret once with Copy, then hands focus back', async () => {
    const server = serve();
    const { card, user } = await openCard();
    const form = await fillForm(card, user);
    await user.click(within(form).getByRole('button', { name: 'Create token' }));

    const secret = await within(card).findByLabelText('The new token');
    expect(secret).toHaveTextContent(SECRET);
    expect(within(card).getByRole('note')).toHaveTextContent('You will not see it again');
    await waitFor(() =>
      expect(within(card).getByRole('heading', { name: 'Your new token “Cursor”' })).toHaveFocus(),
    );
    expect(server.callsTo('accessTokens.create').map((c) => c.input)).toEqual([
      { name: 'Cursor', scopes: ['leads:read'], days: 90 },
    ]);
    await user.click(within(card).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    await user.click(within(card).getByRole('button', { name: 'Done' }));
    expect(within(card).queryByText(SECRET)).toBeNull();
    await within(card).findByRole('article', { name: 'Cursor' });
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: 'Create token' })).toHaveFocus(),
    );
  });

  it('asks for the password when the server does, then creates', async () => {
    const server = serve({
      'accessTokens.create': (input) => {
        if ((input as { password?: string }).password !== 'right password') {
          return refusal('UNAUTHORIZED', 401, ACCOUNT_MESSAGES.passwordNeeded);
        }
        return { data: { success: true, token: CURSOR, secret: SECRET } };
      },
    });
    const { card, user } = await openCard();
    const form = await fillForm(card, user);
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an access token' });
    await user.type(within(dialog).getByLabelText('Your password'), 'right password');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(card).findByLabelText('The new token')).toHaveTextContent(SECRET);
    expect(server.callsTo('accessTokens.create').map((c) => c.input)).toEqual([
      { name: 'Cursor', scopes: ['leads:read'], days: 90 },
      { name: 'Cursor', scopes: ['leads:read'], days: 90, password: 'right password' },
    ]);
  });

  it('checks the name and the scopes before sending anything', async () => {
    const server = serve();
    const { card, user } = await openCard();
    await user.click(within(card).getByRole('button', { name: 'Create token' }));
    const form = within(card).getByRole('form', { name: 'Create an access token' });
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(within(form).getByText(ACCESS_TOKEN_MESSAGES.name)).toBeVisible();
    await waitFor(() => expect(within(form).getByLabelText('Name')).toHaveFocus());
    await user.type(within(form).getByLabelText('Name'), 'Cursor');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    const scopes = within(form).getByRole('group', { name: 'Scopes' });
    expect(scopes).toHaveAccessibleDescription(ACCESS_TOKEN_MESSAGES.scopes);
    await waitFor(() =>
      expect(within(form).getByRole('checkbox', { name: /^leads:read/ })).toHaveFocus(),
    );
    expect(server.callsTo('accessTokens.create')).toEqual([]);
  });

  it('revokes after asking, then moves focus to the card’s heading', async () => {
    const server = serve();
    const { card, user } = await openCard();
    await user.click(within(card).getByRole('button', { name: 'Revoke the token Claude Desktop' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke this token?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(within(card).queryByRole('article', { name: 'Claude Desktop' })).toBeNull(),
    );
    expect(within(card).getByText('No access tokens yet.')).toBeVisible();
    await waitFor(() =>
      expect(within(card).getByRole('heading', { name: 'Access tokens' })).toHaveFocus(),
    );
    expect(server.callsTo('accessTokens.revoke').map((c) => c.input)).toEqual([{ id: 1 }]);
  });
});
