/**
 * The login page's passkey autofill stays usable: its challenge expires after 5 minutes on
 * the server, so the ceremony is started again every 4.5 minutes, and after a passkey the
 * server refused or a cancelled dialog (the button's aborts it), but never in a loop. The browser's WebAuthn calls are played
 * by a stand-in that, like the library, allows one ceremony at a time.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeTrpcServer, refusal } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { partsLoaded } from '#tests/support/code-loads';
import { AUTOFILL_REFRESH_MS, PasskeySignIn } from './passkey-sign-in';
import { PASSKEY_CEREMONY } from './use-sign-in-ceremony';
import { unmockAfterFile } from '#tests/support/fresh-modules';

interface BrowserCeremony {
  autofill: boolean;
  challenge: string;
  settled: boolean;
  resolve: (response: unknown) => void;
  reject: (error: Error) => void;
}

// Workers keep loaded modules between files (docs/decisions/0039): start from an empty
// module cache, so that the mocks below reach every module, and leave one.
vi.hoisted(() => vi.resetModules());
unmockAfterFile('@simplewebauthn/browser');

const browser = vi.hoisted(() => ({ ceremonies: [] as BrowserCeremony[] }));

const named = (name: string) => Object.assign(new Error(name), { name });

vi.mock('@simplewebauthn/browser', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@simplewebauthn/browser')>();
  const abortPending = () => {
    const pending = browser.ceremonies.at(-1);
    if (pending && !pending.settled) pending.reject(named('AbortError'));
  };
  return {
    ...actual,
    browserSupportsWebAuthn: () => true,
    browserSupportsWebAuthnAutofill: () => Promise.resolve(true),
    startAuthentication: (args: {
      optionsJSON: { challenge: string };
      useBrowserAutofill?: boolean;
    }) => {
      abortPending();
      return new Promise((resolve, reject) => {
        const ceremony: BrowserCeremony = {
          autofill: args.useBrowserAutofill === true,
          challenge: args.optionsJSON.challenge,
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

const CANCELLED = 'No passkey was used. Try again, or sign in with your password.';
const REFUSED = 'That passkey could not sign you in.';

beforeEach(() => {
  browser.ceremonies.length = 0;
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const ceremonies = () => browser.ceremonies.map((c) => (c.autofill ? 'autofill' : 'button'));

describe('PasskeySignIn', () => {
  it('refreshes the autofill ceremony every 4.5 minutes and after each failed or cancelled one', async () => {
    let optionsAsked = 0;
    const server = fakeTrpcServer({
      'passkeys.signInOptions': () => ({
        data: { success: true, options: { challenge: `challenge-${++optionsAsked}` } },
      }),
      'passkeys.signIn': () => refusal('UNAUTHORIZED', 401, REFUSED),
    });
    const { unmount } = renderAdmin(<PasskeySignIn isDisabled={false} onSignedIn={() => {}} />);
    // The component's own note: react-aria's live announcer, which an earlier file of this
    // worker may have left in the body, is an empty polite region too (a div, before it).
    const note = await screen.findByText('', { selector: 'p[aria-live="polite"]' });
    // The ceremony's code comes with the first ceremony: waited for itself (issue 71).
    await partsLoaded(PASSKEY_CEREMONY);
    await waitFor(() => expect(ceremonies()).toEqual(['autofill']));

    // Before its challenge expires, the autofill ceremony is replaced by a fresh one; the
    // one it replaces ends without a word.
    // (The fake clock also moves with real time, a few milliseconds here.)
    await vi.advanceTimersByTimeAsync(AUTOFILL_REFRESH_MS - 5_000);
    expect(ceremonies()).toEqual(['autofill']);
    await vi.advanceTimersByTimeAsync(5_000);
    await waitFor(() => expect(ceremonies()).toEqual(['autofill', 'autofill']));
    expect(browser.ceremonies[1]?.challenge).toBe('challenge-2');
    expect(note).toHaveTextContent('');

    // Cancelled: said calmly, and the field waits for a passkey again at once.
    // (The note is a render, the new ceremony an options fetch: either may come first.)
    browser.ceremonies[1]?.reject(named('NotAllowedError'));
    await waitFor(() => expect(ceremonies()).toHaveLength(3));
    await waitFor(() => expect(note).toHaveTextContent(CANCELLED));
    // Refused by the server (an expired challenge, say): said, and started again.
    browser.ceremonies[2]?.resolve({ id: 'x' });
    await waitFor(() => expect(ceremonies()).toHaveLength(4));
    await waitFor(() => expect(note).toHaveTextContent(REFUSED));
    expect(server.callsTo('passkeys.signIn')).toHaveLength(1);

    // The button's ceremony aborts the autofill one; no refresh interrupts it, and once it is
    // cancelled the autofill one starts again.
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(ceremonies().at(-1)).toBe('button'));
    await vi.advanceTimersByTimeAsync(AUTOFILL_REFRESH_MS);
    expect(ceremonies()).toEqual(['autofill', 'autofill', 'autofill', 'autofill', 'button']);
    browser.ceremonies[4]?.reject(named('NotAllowedError'));
    await waitFor(() => expect(ceremonies().at(-1)).toBe('autofill'));
    expect(ceremonies()).toHaveLength(6);
    await waitFor(() => expect(note).toHaveTextContent(CANCELLED));

    // Leaving the page ends it for good: no refresh after that.
    unmount();
    expect(browser.ceremonies[5]?.settled).toBe(true);
    const asked = optionsAsked;
    await vi.advanceTimersByTimeAsync(2 * AUTOFILL_REFRESH_MS);
    expect(optionsAsked).toBe(asked);
    expect(ceremonies()).toHaveLength(6);
  });

  it('never starts the autofill ceremony again in a loop', async () => {
    let optionsAsked = 0;
    fakeTrpcServer({
      'passkeys.signInOptions': () => ({
        data: { success: true, options: { challenge: `challenge-${++optionsAsked}` } },
      }),
    });
    renderAdmin(<PasskeySignIn isDisabled={false} onSignedIn={() => {}} />);
    await partsLoaded(PASSKEY_CEREMONY);
    await waitFor(() => expect(ceremonies()).toEqual(['autofill']));

    // A failure that is not a cancel (the browser's own): said, and left to the refresh.
    browser.ceremonies[0]?.reject(named('UnknownError'));
    await screen.findByText('UnknownError');
    await vi.advanceTimersByTimeAsync(AUTOFILL_REFRESH_MS - 5_000);
    expect(ceremonies()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5_000);
    await waitFor(() => expect(ceremonies()).toHaveLength(2));

    // Cancelled at once: started again once; cancelled at once again: the refresh's turn.
    browser.ceremonies[1]?.reject(named('NotAllowedError'));
    await waitFor(() => expect(ceremonies()).toHaveLength(3));
    browser.ceremonies[2]?.reject(named('NotAllowedError'));
    await screen.findByText(CANCELLED);
    await vi.advanceTimersByTimeAsync(AUTOFILL_REFRESH_MS - 5_000);
    expect(ceremonies()).toHaveLength(3);
    expect(optionsAsked).toBe(3);
    await vi.advanceTimersByTimeAsync(5_000);
    await waitFor(() => expect(ceremonies()).toHaveLength(4));
  });

  it('replaces the button with a plain sentence when the browser refuses this address', async () => {
    let optionsAsked = 0;
    fakeTrpcServer({
      'passkeys.signInOptions': () => ({
        data: { success: true, options: { challenge: `challenge-${++optionsAsked}` } },
      }),
    });
    renderAdmin(<PasskeySignIn isDisabled={false} onSignedIn={() => {}} />);
    await partsLoaded(PASSKEY_CEREMONY);
    await waitFor(() => expect(ceremonies()).toEqual(['autofill']));
    browser.ceremonies[0]?.reject(named('SecurityError'));
    await screen.findByText(
      'Passkeys work only on the address the site was set up with (SITE_URL): open the site there.',
    );
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
    await vi.advanceTimersByTimeAsync(2 * AUTOFILL_REFRESH_MS);
    expect(ceremonies()).toHaveLength(1);
    expect(optionsAsked).toBe(1);
  });
});
