/**
 * The Passkeys card: the password asked for when the server wants it (a session older than
 * 10 minutes, docs/passkeys.md), its live region always in the page, and focus kept on the
 * card when the element it was on goes (the add form, the rename form, a removed row).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toastQueue } from '#client/ui/toast';
import { fakeTrpcServer, refusal, type Handler } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { trpc } from '#client/lib/trpc';
import { PASSKEY_MESSAGES } from '#shared/passkeys';
import type { PasskeySummary } from '#shared/shapes/passkeys';
import { PasskeysCard } from './passkeys-card';
import { unmockAfterFile } from '#tests/support/fresh-modules';

// Workers keep loaded modules between files (docs/decisions/0039): start from an empty
// module cache, so that the mocks below reach every module, and leave one.
vi.hoisted(() => vi.resetModules());
unmockAfterFile('@simplewebauthn/browser');

vi.mock('@simplewebauthn/browser', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@simplewebauthn/browser')>();
  return {
    ...actual,
    browserSupportsWebAuthn: () => true,
    startRegistration: () => Promise.resolve({ id: 'credential', type: 'public-key' }),
    startAuthentication: () => Promise.resolve({ id: 'assertion', type: 'public-key' }),
  };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastQueue.clear();
});

const LAPTOP: PasskeySummary = {
  id: 1,
  name: 'Laptop',
  createdAt: '2026-01-15T10:00:00.000Z',
  lastUsedAt: null,
};
const PHONE: PasskeySummary = { ...LAPTOP, id: 2, name: 'Phone' };
const NEEDED = 'Enter your password to add a passkey.';

let held: PasskeySummary[];

beforeEach(() => {
  held = [LAPTOP];
});

/** The card as the Account page shows it: fed by `account.get`, so changes show. */
function Page() {
  const account = trpc.account.get.useQuery();
  return account.data ? <PasskeysCard passkeys={account.data.passkeys} /> : null;
}

function serve(handlers: Record<string, Handler> = {}) {
  return fakeTrpcServer({
    'account.get': () => ({
      data: {
        success: true,
        user: { id: 1, username: 'alice', email: null },
        secondFactor: 'none',
        passkeys: held,
        recoveryCodesLeft: 0,
      },
    }),
    'account.sessions': () => ({ data: { success: true, sessions: [] } }),
    'passkeys.registrationOptions': () => ({ data: { success: true, options: {} } }),
    'passkeys.register': () => {
      held = [...held, PHONE];
      return { data: { success: true, passkey: PHONE } };
    },
    'passkeys.rename': () => ({ data: { success: true } }),
    'passkeys.remove': (input) => {
      held = held.filter((p) => p.id !== (input as { id: number }).id);
      return { data: { success: true } };
    },
    ...handlers,
  });
}

async function openCard() {
  renderAdmin(<Page />);
  const card = await screen.findByRole('region', { name: 'Passkeys' });
  return { card, user: userEvent.setup() };
}

describe('PasskeysCard', () => {
  it('adds a passkey without a password when none is asked, then focuses “Add a passkey”', async () => {
    const server = serve();
    const { card, user } = await openCard();
    await user.click(within(card).getByRole('button', { name: 'Add a passkey' }));
    const form = within(card).getByRole('form', { name: 'Add a passkey' });
    // The live region is in the page before it has anything to say.
    const live = form.querySelector('[aria-live="polite"]');
    expect(live).toBeInTheDocument();
    expect(live).toBeVisible();
    expect(live).not.toHaveClass('empty:hidden');
    await user.type(within(form).getByLabelText('Name of the new passkey'), 'Phone');
    await user.click(within(form).getByRole('button', { name: 'Continue' }));
    await within(card).findByRole('article', { name: 'Phone' });
    expect(server.callsTo('passkeys.registrationOptions')[0]?.input).toBeUndefined();
    expect(within(card).queryByLabelText('Your password')).toBeNull();
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: 'Add a passkey' })).toHaveFocus(),
    );
    // Cancel also hands the focus back.
    await user.click(within(card).getByRole('button', { name: 'Add a passkey' }));
    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: 'Add a passkey' })).toHaveFocus(),
    );
  });

  it('asks for the password when the server does; a wrong one is the field’s error', async () => {
    const server = serve({
      'passkeys.registrationOptions': (input) => {
        const password = (input as { password?: string } | undefined)?.password;
        if (password === undefined) return refusal('UNAUTHORIZED', 401, NEEDED);
        if (password !== 'right password') {
          return refusal('UNAUTHORIZED', 401, 'The password is wrong.');
        }
        return { data: { success: true, options: {} } };
      },
    });
    const { card, user } = await openCard();
    await user.click(within(card).getByRole('button', { name: 'Add a passkey' }));
    await user.type(within(card).getByLabelText('Name of the new passkey'), 'Phone');
    await user.click(within(card).getByRole('button', { name: 'Continue' }));
    const password = await within(card).findByLabelText('Your password', { selector: 'input' });
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAccessibleDescription(NEEDED);
    // Nothing was created, and the session still lives: no sign-out.
    expect(server.callsTo('passkeys.register')).toEqual([]);

    await user.type(password, 'wrong password');
    await user.click(within(card).getByRole('button', { name: 'Continue' }));
    expect(await within(card).findByText('The password is wrong.')).toBeVisible();
    await waitFor(() => expect(password).toHaveFocus());
    await user.clear(password);
    await user.type(password, 'right password');
    await user.click(within(card).getByRole('button', { name: 'Continue' }));
    await within(card).findByRole('article', { name: 'Phone' });
    expect(server.callsTo('passkeys.registrationOptions').map((c) => c.input)).toEqual([
      undefined,
      { password: 'wrong password' },
      { password: 'right password' },
    ]);
  });

  it('returns focus to the row’s Rename button after saving or cancelling a rename', async () => {
    serve();
    const { card, user } = await openCard();
    const rename = () => within(card).getByRole('button', { name: 'Rename the passkey Laptop' });
    await user.click(rename());
    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(rename()).toHaveFocus());
    await user.click(rename());
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(rename()).toHaveFocus());
  });

  it('runs the passkey dialog when the server asks for the passkey, then removes', async () => {
    held = [LAPTOP, PHONE];
    let proven = false;
    const server = serve({
      'passkeys.remove': (input) => {
        if (!proven) return refusal('UNAUTHORIZED', 401, PASSKEY_MESSAGES.proofNeeded);
        held = held.filter((p) => p.id !== (input as { id: number }).id);
        return { data: { success: true } };
      },
      'passkeys.proofOptions': () => ({ data: { success: true, options: { challenge: 'c' } } }),
      'passkeys.prove': () => {
        proven = true;
        return { data: { success: true } };
      },
    });
    const { card, user } = await openCard();
    await user.click(within(card).getByRole('button', { name: 'Remove the passkey Phone' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(card).queryByRole('article', { name: 'Phone' })).toBeNull());
    expect(server.callsTo('passkeys.prove').map((c) => c.input)).toEqual([
      { response: { id: 'assertion', type: 'public-key' } },
    ]);
    expect(server.callsTo('passkeys.remove')).toHaveLength(2);
  });

  it('moves focus to the card’s heading once a removed passkey’s row is gone', async () => {
    held = [LAPTOP, PHONE];
    serve();
    const { card, user } = await openCard();
    await user.click(within(card).getByRole('button', { name: 'Remove the passkey Phone' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(card).queryByRole('article', { name: 'Phone' })).toBeNull());
    await waitFor(() =>
      expect(within(card).getByRole('heading', { name: 'Passkeys' })).toHaveFocus(),
    );
  });
});
