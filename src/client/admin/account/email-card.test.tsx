import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_MESSAGES } from '#shared/account';
import { MESSAGES } from '#shared/messages';
import { PASSKEY_MESSAGES } from '#shared/passkeys';
import { toastQueue } from '#client/ui/toast';
import { fakeTrpcServer, refusal } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { trpc } from '#client/lib/trpc';
import { EmailCard } from './email-card';
import { unmockAfterFile } from '#tests/support/fresh-modules';
import { waitUntil } from '#tests/support/wait';

// Workers keep loaded modules between files (docs/decisions/0039): start from an empty
// module cache, so that the mocks below reach every module, and leave one.
vi.hoisted(() => vi.resetModules());
unmockAfterFile('@simplewebauthn/browser');

vi.mock('@simplewebauthn/browser', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@simplewebauthn/browser')>();
  return {
    ...actual,
    startAuthentication: () => Promise.resolve({ id: 'assertion', type: 'public-key' }),
  };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastQueue.clear();
});

const ACCOUNT = {
  success: true,
  user: { id: 1, username: 'alice', email: 'alice@example.com' },
  secondFactor: 'email',
  passkeys: [],
  recoveryCodesLeft: 0,
};

/** The card fed by the account as read from the server, as on the Account screen. */
function LiveEmailCard() {
  const account = trpc.account.get.useQuery();
  return account.data ? <EmailCard email={account.data.user.email} /> : null;
}

async function renderCard(email: string | null) {
  renderAdmin(<EmailCard email={email} />);
  await screen.findByRole('heading', { name: 'Sign-in code by e-mail' });
  return userEvent.setup();
}

const field = (name: string) => screen.getByLabelText(name, { selector: 'input' });
const button = (name: string) => screen.getByRole('button', { name });
const described = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
const toastTitles = () => toastQueue.visibleToasts.map((t) => t.content.title);

describe('EmailCard', () => {
  it('says Off without an address, and offers to add one', async () => {
    await renderCard(null);
    expect(screen.getByText('Off')).toBeVisible();
    expect(screen.getByText('Signing in needs only your password.')).toBeVisible();
    // The way back a forgotten password then lacks.
    expect(screen.getByText(/cannot send you a link: add one/)).toBeVisible();
    expect(button('Add an address')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Remove address' })).toBeNull();
  });

  it('changes the address: address and password, then the e-mailed code', async () => {
    let held = 'alice@example.com';
    const server = fakeTrpcServer({
      'account.changeEmail': () => ({ data: { success: true, requiresCode: true } }),
      'account.verifyEmail': () => {
        held = 'new@example.com';
        return { data: { success: true, email: held } };
      },
      'account.get': () => ({ data: { ...ACCOUNT, user: { ...ACCOUNT.user, email: held } } }),
    });
    renderAdmin(<LiveEmailCard />);
    const user = userEvent.setup();
    expect(await screen.findByText('alice@example.com')).toBeVisible();
    await user.click(button('Change address'));

    // Nothing said before the first try; then each field's message, and no request.
    await user.type(field('New address'), 'not an address');
    expect(field('New address')).not.toHaveAttribute('aria-invalid');
    await user.click(button('Send code'));
    expect(server.callsTo('account.changeEmail')).toEqual([]);
    expect(described(field('New address'))).toContain(MESSAGES.email);
    expect(described(field('Your password'))).toContain(ACCOUNT_MESSAGES.currentPassword);
    expect(document.activeElement).toBe(field('New address'));

    await user.clear(field('New address'));
    await user.type(field('New address'), ' new@example.com ');
    await user.type(field('Your password'), 'my password');
    expect(field('New address')).not.toHaveAttribute('aria-invalid');
    await user.click(button('Send code'));
    await screen.findByText('new@example.com');
    expect(server.callsTo('account.changeEmail')[0]?.input).toEqual({
      email: 'new@example.com',
      password: 'my password',
    });
    expect(toastTitles()).toContain('Code sent');
    // Not changed yet: codes still go to the old address until the new one is proven.
    expect(screen.getByText('alice@example.com')).toBeVisible();

    expect(button('Confirm')).toBeDisabled();
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.paste('123456');
    await user.click(button('Confirm'));
    await waitUntil(() => expect(toastTitles()).toContain('Address changed'));
    expect(server.callsTo('account.verifyEmail')[0]?.input).toEqual({ code: '123456' });
    // Read again: the card shows what the server now holds.
    await waitUntil(() => expect(screen.queryByText('alice@example.com')).toBeNull());
    expect(screen.getByText('new@example.com')).toBeVisible();
    expect(button('Change address')).toBeVisible();
  });

  it('shows a refused code and empties the boxes for another try', async () => {
    fakeTrpcServer({
      'account.changeEmail': () => ({ data: { success: true, requiresCode: true } }),
      'account.verifyEmail': () => refusal('BAD_REQUEST', 400, 'Wrong code. 4 tries left of 5.'),
    });
    const user = await renderCard(null);
    await user.click(button('Add an address'));
    await user.type(field('New address'), 'new@example.com');
    await user.type(field('Your password'), 'my password');
    await user.click(button('Send code'));
    await user.click(await screen.findByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.paste('654321');
    await user.click(button('Confirm'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong code. 4 tries left of 5.');
    expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveValue('');
  });

  it('removes the address after the warning and the password; a wrong password is its field’s error', async () => {
    const wrong = 'Your password is not right';
    let answer = refusal('UNAUTHORIZED', 401, wrong);
    const server = fakeTrpcServer({
      'account.changeEmail': () => answer,
      'account.get': () => ({ data: ACCOUNT }),
    });
    const user = await renderCard('alice@example.com');
    await user.click(button('Remove address'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove your address?' });
    expect(dialog).toHaveAccessibleDescription(
      'Without an address, signing in needs only your password.',
    );
    await user.click(button('Continue'));

    await user.type(await screen.findByLabelText('Your password', { selector: 'input' }), 'oops');
    await user.click(button('Remove address'));
    await waitUntil(() => expect(field('Your password')).toHaveAttribute('aria-invalid'));
    expect(described(field('Your password'))).toContain(wrong);
    expect(server.callsTo('account.changeEmail')[0]?.input).toEqual({
      email: null,
      password: 'oops',
    });

    answer = { data: { success: true, requiresCode: false } };
    await user.clear(field('Your password'));
    await user.type(field('Your password'), 'my password');
    await user.click(button('Remove address'));
    await waitUntil(() => expect(toastTitles()).toContain('Address removed'));
  });
  it('runs the passkey dialog when the server asks for the passkey, then removes the address', async () => {
    let proven = false;
    const server = fakeTrpcServer({
      'account.changeEmail': () =>
        proven
          ? { data: { success: true, requiresCode: false } }
          : refusal('UNAUTHORIZED', 401, PASSKEY_MESSAGES.proofNeeded),
      'account.get': () => ({ data: ACCOUNT }),
      'passkeys.proofOptions': () => ({ data: { success: true, options: { challenge: 'c' } } }),
      'passkeys.prove': () => {
        proven = true;
        return { data: { success: true } };
      },
    });
    const user = await renderCard('alice@example.com');
    await user.click(button('Remove address'));
    await screen.findByRole('alertdialog', { name: 'Remove your address?' });
    await user.click(button('Continue'));
    await user.type(await screen.findByLabelText('Your password', { selector: 'input' }), 'pw');
    await user.click(button('Remove address'));
    await waitUntil(() => expect(toastTitles()).toContain('Address removed'));
    expect(server.callsTo('passkeys.prove')).toHaveLength(1);
    expect(server.callsTo('account.changeEmail')).toHaveLength(2);
  });
});
