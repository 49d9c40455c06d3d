/**
 * The Account screen in the browser, on the real server: a password change and signing in
 * with it; ending another browser's session, which then meets the login page; the e-mail
 * address's change and removal screens; axe in the light and the dark theme; a 390 px phone.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  newPage,
  startSmtpCatcher,
  type RunningServer,
  type SmtpCatcher,
  startServerAndBrowser,
} from './support';
import {
  PASSWORD,
  addUser,
  codeFrom,
  expectNoAxeViolations,
  fillCredentials,
  showColorScheme,
  signIn,
  toast,
  visible,
} from './admin-support';

let server: RunningServer;
let browser: Browser;
let smtp: SmtpCatcher;

const NEW_PASSWORD = 'violet harbour lantern 42';

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  [server, browser] = await startServerAndBrowser({ env: { SMTP_URL: smtp.url } });
  // One user per test: a password change ends every other session of its user.
  await addUser(server.dbPath, 'alice');
  await addUser(server.dbPath, 'bob');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/** Opens Account the way a person does: the username badge in the header. */
async function openAccount(page: Page, username: string): Promise<void> {
  await page.getByRole('link', { name: `Signed in as ${username}` }).click();
  await page.waitForURL('**/admin/account');
  await visible(page.getByRole('heading', { name: 'Account', level: 1 }));
  await page.getByRole('list', { name: 'Sessions' }).waitFor();
}

const sessionRows = (page: Page) =>
  page.getByRole('list', { name: 'Sessions' }).getByRole('article');

it('ends another browser’s session, changes the password, and only the new one signs in', async () => {
  const mine = await newPage(browser);
  const other = await newPage(browser);
  try {
    await signIn(mine, server.url, 'alice');
    await signIn(other, server.url, 'alice');
    await openAccount(mine, 'alice');
    expect(await mine.title()).toBe('Account | Admin');

    // Two sessions, this one first with its badge; the same browser, so only the badge tells.
    await expect.poll(() => sessionRows(mine).count(), { timeout: 10_000 }).toBe(2);
    const first = sessionRows(mine).first();
    await visible(first.getByText('This device'));
    expect(await sessionRows(mine).nth(1).getByText('This device').count()).toBe(0);
    expect(await first.innerText()).toMatch(/127\.0\.0\.x|::\/64/);
    expect(await first.innerText()).toMatch(/Signed in .+ · Last active now/);

    await sessionRows(mine)
      .nth(1)
      .getByRole('button', { name: /^End the session on / })
      .click();
    await toast(mine, 'Session ended');
    await expect.poll(() => sessionRows(mine).count(), { timeout: 10_000 }).toBe(1);
    expect(await mine.getByRole('button', { name: 'Sign out everywhere else' }).isDisabled()).toBe(
      true,
    );

    // The other tab learns it on its next request (it is on the facts, so another screen's
    // read): it is sent to the login page.
    await other
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Overview' })
      .click();
    await toast(other, 'Session ended');
    await other.waitForURL('**/admin/login');
    await visible(other.getByRole('heading', { name: 'Admin Login' }));

    // The password: a wrong current one is the field's error, and this tab stays.
    await mine.getByLabel('Current password', { exact: true }).fill('not my password at all');
    await mine.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await visible(mine.getByText('Strength: Strong.'));
    await mine.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
    await mine.getByRole('button', { name: 'Change password' }).click();
    // A password check is a deliberately slow hash: generous on a shared machine.
    await visible(mine.getByText('The password is wrong.'), 20_000);
    expect(mine.url()).toMatch(/\/admin\/account$/);

    await mine.getByLabel('Current password', { exact: true }).fill(PASSWORD);
    await mine.getByRole('button', { name: 'Change password' }).click();
    const changed = await toast(mine, 'Password changed');
    expect(await changed.innerText()).toContain('This browser stays signed in.');
    expect(await mine.getByLabel('Current password', { exact: true }).inputValue()).toBe('');

    // Still signed in here; then out, and only the new password is taken.
    await mine.getByRole('button', { name: 'Logout' }).click();
    await mine.waitForURL('**/admin/login');
    await fillCredentials(mine, 'alice', PASSWORD);
    await mine.getByRole('button', { name: 'Sign In', exact: true }).click();
    const refused = await toast(mine, 'Login failed');
    expect(await refused.innerText()).toContain('Invalid username or password');
    await fillCredentials(mine, 'alice', NEW_PASSWORD);
    await mine.getByRole('button', { name: 'Sign In', exact: true }).click();
    await mine.waitForURL('**/admin/dashboard', { timeout: 20_000 });
  } finally {
    await mine.context().close();
    await other.context().close();
  }
});

it('has no axe violations in the light and the dark theme, and fits a 390 px phone', async () => {
  const page = await newPage(browser, { width: 390, height: 844, colorScheme: 'light' });
  try {
    await signIn(page, server.url, 'bob');
    // On a phone the badge is in the menu.
    await page.getByRole('button', { name: 'Menu' }).click();
    await openAccount(page, 'bob');
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);

    // An address: the code step, then the address set (its toast on screen).
    await page.getByRole('button', { name: 'Add an address' }).click();
    await page.getByLabel('New address', { exact: true }).fill('bob@example.com');
    await page.getByLabel('Your password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Send code' }).click();
    await visible(page.getByText('Enter the 6-digit code sent to'));
    await toast(page, 'Code sent');
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    const mail = await smtp.waitForMail({ to: 'bob@example.com' });
    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(codeFrom(mail.text));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'Address changed');
    await visible(page.getByText('Codes go to'));

    await showColorScheme(page, 'dark');
    await expectNoAxeViolations(page);

    // Removing it: the warning first (focus on Cancel), then the password.
    await page.getByRole('button', { name: 'Remove address' }).click();
    const dialog = await visible(page.getByRole('alertdialog', { name: 'Remove your address?' }));
    expect(await dialog.innerText()).toContain(
      'Without an address, signing in needs only your password.',
    );
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Your password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Remove address' }).click();
    await toast(page, 'Address removed');
    await visible(
      page
        .getByRole('region', { name: 'Sign-in code by e-mail' })
        .getByText('Off', { exact: true }),
    );
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  } finally {
    await page.context().close();
  }
});
