/**
 * The login page's passkey step: a user whose only second factor is a passkey gets, after the
 * right password, a step that starts the passkey sign-in (docs/accounts.md). The browser's
 * WebAuthn calls are played by a stand-in that records each ceremony.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REDIRECT_AFTER_LOGIN_MS } from '#shared/constants';
import { toastQueue } from '#client/ui/toast';
import { fakeTrpcServer } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import type { AdminCheck } from '../session/auth-check';
import { ADMIN_LANDING } from '../session/session';
import { LoginPage, PASSKEY_STEP } from './login-page';
import { partsLoaded } from '#tests/support/code-loads';
import { unmockAfterFile } from '#tests/support/fresh-modules';

interface BrowserCeremony {
  autofill: boolean;
  settled: boolean;
  resolve: (response: unknown) => void;
  reject: (error: Error) => void;
}

// Workers keep loaded modules between files (docs/decisions/0039): start from an empty
// module cache, so that the mocks below reach every module, and leave one.
vi.hoisted(() => vi.resetModules());
unmockAfterFile('@simplewebauthn/browser');

const browser = vi.hoisted(() => ({ ceremonies: [] as BrowserCeremony[] }));

vi.mock('@simplewebauthn/browser', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@simplewebauthn/browser')>();
  const abortPending = () => {
    const pending = browser.ceremonies.at(-1);
    if (pending && !pending.settled) {
      pending.reject(Object.assign(new Error('AbortError'), { name: 'AbortError' }));
    }
  };
  return {
    ...actual,
    browserSupportsWebAuthn: () => true,
    browserSupportsWebAuthnAutofill: () => Promise.resolve(true),
    startAuthentication: (args: { useBrowserAutofill?: boolean }) => {
      abortPending();
      return new Promise((resolve, reject) => {
        const ceremony: BrowserCeremony = {
          autofill: args.useBrowserAutofill === true,
          settled: false,
          resolve: (value) => {
            ceremony.settled = true;
            resolve(value);
          },
          reject: (error) => {
            ceremony.settled = true;
            reject(error);
          },
        };
        browser.ceremonies.push(ceremony);
      });
    },
    WebAuthnAbortService: { cancelCeremony: abortPending },
  };
});

const SIGNED_OUT: AdminCheck = {
  authenticated: false,
  username: null,
  awaitingTwoFactor: false,
  pendingMethod: null,
  setupRequired: false,
};

beforeEach(() => {
  browser.ceremonies.length = 0;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastQueue.clear();
});

const toasts = () =>
  toastQueue.visibleToasts.map((t) => t.content as { title: string; description: string });

function passkeyOnlyServer() {
  return fakeTrpcServer({
    'admin.login': () => ({
      data: { success: true, requiresTwoFactor: true, method: 'passkey' },
    }),
    'passkeys.signInOptions': () => ({
      data: { success: true, options: { challenge: 'challenge-1' } },
    }),
    'passkeys.signIn': () => ({ data: { success: true } }),
    'admin.check': () => ({
      data: { ...SIGNED_OUT, authenticated: true, username: 'pat' },
    }),
    'admin.logout': () => ({ data: { success: true } }),
  });
}

async function passwordAccepted() {
  const user = userEvent.setup();
  const { router } = renderAdmin(<LoginPage auth={Promise.resolve(SIGNED_OUT)} />);
  await user.type(await screen.findByRole('textbox', { name: 'Username' }), 'pat');
  await user.type(screen.getByLabelText('Password'), 'correct horse battery staple');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  // The step's code loads once the password is accepted: waited for itself (issue 71).
  await partsLoaded(PASSKEY_STEP);
  const heading = await screen.findByRole('heading', { name: 'Use your passkey' });
  return { user, router, heading };
}

describe('LoginPage, the passkey step', () => {
  it('after the right password, asks for the passkey; the passkey signs in and lands on the dashboard', async () => {
    const server = passkeyOnlyServer();
    const { user, router, heading } = await passwordAccepted();
    // Moved by an effect, which may run just after the heading is found.
    await waitFor(() => expect(heading).toHaveFocus());
    expect(
      screen.getByText('This account signs in with a passkey. Use it to finish signing in.'),
    ).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Username' })).toBeNull();
    expect(toasts()).toEqual([
      { title: 'Password accepted', description: 'Use your passkey to finish signing in' },
    ]);
    // The password form's autofill ceremony ended with it; the step starts none of its own.
    expect(browser.ceremonies.every((c) => c.settled)).toBe(true);
    const before = browser.ceremonies.length;

    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(browser.ceremonies.at(-1)).toMatchObject({ settled: false }));
    browser.ceremonies.at(-1)?.resolve({ id: 'credential' });

    await waitFor(() =>
      expect(toasts()).toEqual([{ title: 'Login successful', description: 'Welcome back, pat!' }]),
    );
    expect(server.callsTo('passkeys.signIn')).toEqual([
      { path: 'passkeys.signIn', input: { response: { id: 'credential' } } },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe(ADMIN_LANDING), {
      timeout: REDIRECT_AFTER_LOGIN_MS + 2_000,
    });
    // The button's ceremony was the step's only one.
    expect(browser.ceremonies.slice(before).map((c) => c.autofill)).toEqual([false]);
    // Nothing was pending on the server, so nothing was ended there.
    expect(server.callsTo('admin.logout')).toEqual([]);
  });

  it('goes back to the password form with “Use another account”', async () => {
    const server = passkeyOnlyServer();
    const { user } = await passwordAccepted();
    await user.click(screen.getByRole('button', { name: 'Use another account' }));
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveValue('pat');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(server.callsTo('passkeys.signIn')).toEqual([]);
  });
});
