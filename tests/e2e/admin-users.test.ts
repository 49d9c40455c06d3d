import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { newTotpSecret } from '#server/identity/second-factors/totp';
import {
  launchBrowser,
  newPage,
  startServer,
  startSmtpCatcher,
  withDatabase,
  type RunningServer,
  type SmtpCatcher,
} from './support';
import {
  addUser,
  expectNoAxeViolations,
  PASSWORD,
  showColorScheme,
  startSignedIn,
  toast,
  visible,
} from './admin-support';

let server: RunningServer;
let browser: Browser;
let smtp: SmtpCatcher;
/** The first administrator's tab, kept across the steps. */
let owner: Page;
let invitationLink: string;
/** The server's, so a test can seal an authenticator app's secret as the server does. */
const SESSION_SECRET = randomBytes(32).toString('hex');

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  // The mail's link is built on SITE_URL; the browser talks to the server's own address.
  server = await startServer({
    env: { SMTP_URL: smtp.url, SITE_URL: 'https://acme.example', SESSION_SECRET },
  });
  browser = await launchBrowser();
  await addUser(server.dbPath, 'owner');
  owner = await newPage(browser, { timezoneId: 'UTC' });
  await startSignedIn(owner, server, 'owner');
});

afterAll(async () => {
  await owner?.context().close();
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

async function axeCleanLightAndDark(page: Page): Promise<void> {
  await showColorScheme(page, 'light');
  await expectNoAxeViolations(page);
  await showColorScheme(page, 'dark');
  await expectNoAxeViolations(page);
  await showColorScheme(page, 'light');
}

/**
 * Nothing to scroll sideways at a phone's width; an open dialog (fixed, so the document's
 * width says nothing about it) lies within the screen's width too.
 */
async function fitsPhone(page: Page, dialog?: Locator): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  if (dialog) {
    const box = await dialog.boundingBox();
    expect(box).not.toBeNull();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(390);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const section = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name });

describe('administrators', () => {
  it('invites someone from the Administrators screen: checked as typed, mailed a link', async () => {
    await section(owner, 'Administrators').click();
    await owner.waitForURL('**/admin/users');
    await visible(owner.getByRole('heading', { name: 'Administrators', level: 1 }));
    const list = owner.getByRole('list', { name: 'Administrators' });
    await visible(list.getByText('You', { exact: true }));
    // Yourself: no Remove button.
    expect(await owner.getByRole('button', { name: 'Remove owner' }).count()).toBe(0);

    await owner.getByRole('button', { name: 'Invite administrator' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Invite administrator' });
    await visible(dialog);
    await dialog.getByRole('textbox', { name: 'Username' }).fill('new person');
    await visible(dialog.getByText('Username must be 1 to 100 characters without spaces'));
    await dialog.getByRole('textbox', { name: 'Username' }).fill('newbie');
    await dialog.getByText('without spaces').first().waitFor({ state: 'detached' });
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill('newbie@example.com');
    await axeCleanLightAndDark(owner);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    const sent = await toast(owner, 'Invitation sent');
    expect(await sent.textContent()).toContain('newbie@example.com');
    await visible(list.getByText('Invited', { exact: true }));
    await visible(owner.getByRole('button', { name: 'Resend invitation to newbie' }));
    await axeCleanLightAndDark(owner);
    await fitsPhone(owner);

    const mail = await smtp.waitForMail({ to: 'newbie@example.com' });
    expect(mail.subject).toMatch(/^You are invited to administer /);
    expect(mail.text).toContain('owner invited you');
    const path = /https:\/\/acme\.example(\/admin\/invite\?token=[\w-]{43})\s/.exec(mail.text);
    expect(path).not.toBeNull();
    invitationLink = `${server.url}${path?.[1] ?? ''}`;
  });

  it('the link greets the invitee, drops the token from the address, and signs them in once', async () => {
    const page = await newPage(browser);
    try {
      await page.goto(invitationLink);
      await visible(page.getByRole('heading', { name: 'Welcome, newbie' }));
      await page.waitForFunction(() => location.search === '');
      expect(page.url()).toBe(`${server.url}/admin/invite`);
      await axeCleanLightAndDark(page);

      await page.getByRole('textbox', { name: 'New password' }).fill('a brand new password');
      await page.getByRole('textbox', { name: 'Confirm password' }).fill('a brand new passwort');
      await visible(page.getByText('The two passwords are not the same'));
      await page.getByRole('textbox', { name: 'Confirm password' }).fill('a brand new password');
      await page.getByRole('button', { name: 'Set password and sign in' }).click();
      await page.waitForURL('**/admin/dashboard', { timeout: 20_000 });
      await visible(page.getByRole('heading', { name: 'AI Facts Management', level: 1 }));

      // The link is spent: a clear message and the way to the login.
      await page.goto(invitationLink);
      await visible(page.getByRole('heading', { name: 'This link does not work' }));
      await visible(page.getByRole('link', { name: 'Go to the login' }));
      await expectNoAxeViolations(page);
    } finally {
      await page.context().close();
    }
  });

  it("shows the invitation and the join in the first administrator's audit log, filtered in the address", async () => {
    await section(owner, 'Audit log').click();
    await owner.waitForURL('**/admin/audit');
    await visible(owner.getByRole('heading', { name: 'Audit log', level: 1 }));
    const table = owner.getByRole('table', { name: 'Audit log, newest first' });
    const rows = table.getByRole('row');
    // Each row: the action in words, its target, who (the first one's add-user was the
    // command line, with no address), when and the masked address.
    const texts = async () =>
      (await rows.allInnerTexts()).slice(1).map((row) => row.replace(/\s+/g, ' ').trim());
    await visible(rows.filter({ hasText: 'Administrator joined' }).filter({ hasText: 'newbie' }));
    const shown = await texts();
    // Newest first: the join and its sign-in, the invitation, then the first one's add-user.
    expect(shown.slice(0, 3)).toEqual([
      expect.stringMatching(/^Signed in newbie newbie .+ 127\.0\.0\.x$/),
      expect.stringMatching(/^Administrator joined newbie newbie .+ 127\.0\.0\.x$/),
      expect.stringMatching(/^Administrator invited newbie owner .+ 127\.0\.0\.x$/),
    ]);
    expect(shown.at(-1)).toMatch(/^Administrator joined owner Command line .+ –$/);

    await owner.getByRole('combobox', { name: 'Action' }).selectOption('user_joined');
    await owner.waitForURL(/action=user_joined/);
    await rows.filter({ hasText: 'Administrator invited' }).waitFor({ state: 'detached' });
    expect(await rows.count()).toBe(3);
    expect(await owner.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/audit.csv?action=user_joined',
    );
    await owner.getByRole('combobox', { name: 'Person' }).selectOption('newbie');
    await owner.waitForURL(/actor=newbie/);
    await rows.filter({ hasText: 'Command line' }).waitFor({ state: 'detached' });
    expect(await texts()).toEqual([expect.stringMatching(/^Administrator joined newbie newbie /)]);
    await axeCleanLightAndDark(owner);
    await fitsPhone(owner);

    // The address holds the filters: Back returns to the action alone, and the box follows.
    await owner.goBack();
    await owner.waitForURL((url) => !url.search.includes('actor'));
    // The box follows the address once the screen has drawn it: polled, not read at once.
    await expect.poll(() => owner.getByRole('combobox', { name: 'Person' }).inputValue()).toBe('');
  });

  it("resets another administrator's app and passkey from their row, with your password", async () => {
    // Newbie (joined above, signed in once) gets an app that is on, its secret sealed as the
    // server seals it, and a passkey: the rows a set-up on the Account screen leaves.
    const factorsOfNewbie = () =>
      withDatabase(server.dbPath, (db) => {
        const count = (table: string) =>
          (
            db
              .prepare(
                `SELECT count(*) AS n FROM ${table} WHERE user_id = (SELECT id FROM users WHERE username = 'newbie')`,
              )
              .get() as { n: number }
          ).n;
        return {
          app: count('totp_credentials'),
          passkeys: count('passkeys'),
          sessions: count('sessions'),
        };
      });
    const { id } = withDatabase(
      server.dbPath,
      (db) => db.prepare("SELECT id FROM users WHERE username = 'newbie'").get() as { id: number },
    );
    const { sealed } = await newTotpSecret(SESSION_SECRET, id);
    withDatabase(server.dbPath, (db) => {
      const now = Date.now();
      db.prepare(
        'INSERT INTO totp_credentials (user_id, secret, enabled_at, last_step, created_at) VALUES (?, ?, ?, 0, ?)',
      ).run(id, sealed, now, now);
      db.prepare(
        "INSERT INTO passkeys (user_id, credential_id, public_key, name, created_at) VALUES (?, 'e2e-credential', 'e2e-key', 'Phone', ?)",
      ).run(id, now);
    });
    expect(factorsOfNewbie()).toEqual({ app: 1, passkeys: 1, sessions: 1 });

    await section(owner, 'Administrators').click();
    await owner.waitForURL('**/admin/users');
    const list = owner.getByRole('list', { name: 'Administrators' });
    const row = list.getByRole('listitem').filter({ hasText: 'newbie@example.com' });
    await visible(row.getByText('Authenticator app + 1 passkey'));
    // Not offered for yourself.
    expect(await owner.getByRole('button', { name: 'Reset second factor of owner' }).count()).toBe(
      0,
    );

    await row.getByRole('button', { name: 'Reset second factor of newbie' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Reset the second factor of newbie' });
    await visible(dialog);
    const said = (await dialog.innerText()).replace(/\s+/g, ' ');
    expect(said).toContain(
      'their authenticator app is turned off and their recovery codes are deleted;',
    );
    expect(said).toContain('their 1 passkey is deleted;');
    expect(said).toContain('they are signed out everywhere.');
    expect(said).toContain('their password and a code e-mailed to newbie@example.com');
    await axeCleanLightAndDark(owner);
    await fitsPhone(owner, dialog);

    const password = dialog.getByLabel('Your password');
    await password.fill('not my password at all');
    await dialog.getByRole('button', { name: 'Reset second factor' }).click();
    await visible(dialog.getByText('The password is wrong.'), 20_000);
    expect(factorsOfNewbie()).toEqual({ app: 1, passkeys: 1, sessions: 1 });

    await password.fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Reset second factor' }).click();
    await toast(owner, 'Second factor reset');
    await dialog.waitFor({ state: 'detached' });
    await visible(row.getByText(/^Code by e-mail ·/));
    // The button that opened the dialog is gone: focus stays in the row, on the name.
    const focused = row.locator(':focus');
    await focused.waitFor();
    expect(await focused.innerText()).toBe('newbie');
    expect(await row.getByRole('button', { name: 'Reset second factor of newbie' }).count()).toBe(
      0,
    );
    expect(factorsOfNewbie()).toEqual({ app: 0, passkeys: 0, sessions: 0 });
    const mail = await smtp.waitForMail({ to: 'newbie@example.com' });
    expect(mail.subject).toBe('Your second factor was reset');
    expect(mail.text).toContain('The administrator owner reset your second factor');
  });
});
