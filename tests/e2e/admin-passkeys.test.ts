/**
 * Passkeys in the browser, on the real server opened at `localhost` (browsers refuse an IP
 * address as the relying party), with Chromium's virtual authenticator through CDP: add a
 * passkey on the Account screen (axe clean with it listed, fits a 390 px phone, focus kept),
 * sign out, and sign in again with the passkey alone from the login page, then with the
 * password, which leads to the passkey step; then through the username field's autofill in
 * another browser, which removes it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, CDPSession } from 'playwright-core';
import { freePort } from '../../scripts/sqld-process';
import { newPage, type RunningServer, startServerAndBrowser } from './support';
import {
  addUser,
  expectNoAxeViolations,
  fillCredentials,
  showColorScheme,
  signIn,
  toast,
  visible,
} from './admin-support';

let server: RunningServer;
let browser: Browser;
let site: string;
/** The passkey the first test made, copied into the second test's authenticator. */
let credential: StoredCredential | undefined;
type StoredCredential = Awaited<ReturnType<typeof storedCredentials>>['credentials'][number];
const storedCredentials = (cdp: CDPSession, authenticatorId: string) =>
  cdp.send('WebAuthn.getCredentials', { authenticatorId });

const AUTHENTICATOR = {
  protocol: 'ctap2',
  transport: 'internal',
  hasResidentKey: true,
  hasUserVerification: true,
  isUserVerified: true,
  automaticPresenceSimulation: true,
} as const;

beforeAll(async () => {
  const port = await freePort();
  site = `http://localhost:${port}`;
  [server, browser] = await startServerAndBrowser({ env: { PORT: String(port), SITE_URL: site } });
  await addUser(server.dbPath, 'alice');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('adds a passkey on the Account screen, then signs in with it alone', async () => {
  const page = await newPage(browser);
  try {
    // Chromium's virtual authenticator answers the login page's autofill ceremony at once,
    // with no one choosing: this page hides autofill support so that the button is what signs
    // in; the autofill itself is the last part of this test, on a second page.
    await page.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: AUTHENTICATOR,
    });

    await signIn(page, site, 'alice');
    await page.getByRole('link', { name: 'Signed in as alice' }).click();
    await page.waitForURL('**/admin/account');
    const card = page.getByRole('region', { name: 'Passkeys' });
    await visible(card.getByText('No passkeys yet.'));

    await card.getByRole('button', { name: 'Add a passkey' }).click();
    const name = card.getByRole('textbox', { name: 'Name of the new passkey' });
    // The browser's own name is suggested, as the sessions list shows it.
    await expect.poll(() => name.inputValue()).toMatch(/^Chrome on Linux$/);
    await name.fill('  Test laptop ');
    await card.getByRole('button', { name: 'Continue' }).click();
    await toast(page, 'Passkey added');
    const row = card.getByRole('article', { name: 'Test laptop' });
    await visible(row);
    // Focus is not lost to the page when the form closes, nor when a rename is cancelled.
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    await expect.poll(focused).toBe('Add a passkey');
    await row.getByRole('button', { name: 'Rename the passkey Test laptop' }).click();
    await row.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(focused).toBe('Rename');
    expect(await row.innerText()).toMatch(/Added .+ · Never used/);
    // A discoverable credential: the sign-in below names no user.
    const stored = await storedCredentials(cdp, authenticatorId);
    expect(stored.credentials.map((c) => c.isResidentCredential)).toEqual([true]);

    await expectNoAxeViolations(page);
    await showColorScheme(page, 'dark');
    await expectNoAxeViolations(page);
    await showColorScheme(page, 'light');
    await page.setViewportSize({ width: 390, height: 844 });
    await visible(row);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/admin/login', { timeout: 10_000 });
    expect(await page.getByRole('textbox', { name: 'Username' }).getAttribute('autocomplete')).toBe(
      'username webauthn',
    );
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL('**/admin/dashboard', { timeout: 10_000 });
    await visible(page.getByRole('heading', { name: 'AI Facts Management', level: 1 }));

    await page.getByRole('link', { name: 'Signed in as alice' }).click();
    await page.waitForURL('**/admin/account');
    await expect
      .poll(() => card.getByRole('article', { name: 'Test laptop' }).innerText())
      .toMatch(/Last used just now/);

    // The passkey is now alice's only second factor: her password leads to the passkey step,
    // never to a session of its own, and the passkey finishes the sign-in.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/admin/login', { timeout: 10_000 });
    await fillCredentials(page, 'alice');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await visible(page.getByRole('heading', { name: 'Use your passkey', level: 1 }));
    await visible(
      page.getByText('This account signs in with a passkey. Use it to finish signing in.'),
    );
    expect(
      await page.evaluate(() => fetch('/api/admin/check').then((r) => r.json())),
    ).toMatchObject({ authenticated: false, awaitingTwoFactor: false });
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await toast(page, 'Login successful');
    await page.waitForURL('**/admin/dashboard', { timeout: 10_000 });
    await visible(page.getByRole('heading', { name: 'AI Facts Management', level: 1 }));
    // Copied with its signature counter as it is now: a copy from before the sign-in would
    // count from an older value, and the server refuses a counter that went back.
    credential = (await storedCredentials(cdp, authenticatorId)).credentials[0];
  } finally {
    await page.context().close();
  }
});

it('signs in through the username field’s autofill (conditional mediation)', async () => {
  if (!credential) throw new Error('the first test stores the passkey');
  // Another browser holding the same passkey; its virtual authenticator answers the autofill
  // ceremony the login page starts on load, as a person choosing the passkey there would.
  const page = await newPage(browser);
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: AUTHENTICATOR,
    });
    await cdp.send('WebAuthn.addCredential', { authenticatorId, credential });
    await page.goto(`${site}/admin/login`);
    await page.waitForURL('**/admin/dashboard', { timeout: 10_000 });
    await visible(page.getByRole('heading', { name: 'AI Facts Management', level: 1 }));

    // Removing it: once its row is gone, focus rests on the card's heading.
    await page.getByRole('link', { name: 'Signed in as alice' }).click();
    await page.waitForURL('**/admin/account');
    const card = page.getByRole('region', { name: 'Passkeys' });
    await card.getByRole('button', { name: 'Remove the passkey Test laptop' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await visible(card.getByText('No passkeys yet.'));
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id ?? ''))
      .toBe('account-passkeys-heading');
  } finally {
    await page.context().close();
  }
});
