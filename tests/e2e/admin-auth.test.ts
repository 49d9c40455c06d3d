import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { REDIRECT_PROTECTED_MS, REDIRECT_WHEN_AUTHENTICATED_MS } from '#shared/constants';
import {
  newPage,
  startSmtpCatcher,
  type RunningServer,
  type SmtpCatcher,
  startServerAndBrowser,
} from './support';
import {
  addUser,
  codeFrom,
  expectNoAxeViolations,
  fillCredentials,
  focusedLabel,
  recordRedirect,
  redirectDelay,
  signIn,
  toast,
  visible,
} from './admin-support';

let server: RunningServer;
let browser: Browser;
let smtp: SmtpCatcher;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  [server, browser] = await startServerAndBrowser({ env: { SMTP_URL: smtp.url } });
  // Password only; e-mailed code for the others (one user per flow keeps each under the
  // server's limit of codes per user).
  await addUser(server.dbPath, 'alice');
  await addUser(server.dbPath, 'bob', 'bob@example.com');
  await addUser(server.dbPath, 'carol', 'carol@example.com');
  await addUser(server.dbPath, 'dave', 'dave@example.com');
  await addUser(server.dbPath, 'erin', 'erin@example.com');
  await addUser(server.dbPath, 'frank', 'frank@example.com');
  await addUser(server.dbPath, 'grace');
  await addUser(server.dbPath, 'heidi', 'heidi@example.com');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

async function withPage(run: (page: Page) => Promise<void>, permissions: string[] = []) {
  const page = await newPage(browser, { permissions });
  try {
    await run(page);
  } finally {
    await page.context().close();
  }
}

const digitBoxes = (page: Page) =>
  Array.from({ length: 6 }, (_, i) => page.getByRole('textbox', { name: `Digit ${i + 1} of 6` }));

/**
 * Closes the toast with this title by its Close button and returns the titles on screen the
 * moment it has gone: a toast waiting behind it takes its place in that same update, so an
 * empty list means none was waiting.
 */
async function closeToastAndSeeNext(page: Page, title: string): Promise<string[]> {
  return page.evaluate(
    (closing) =>
      new Promise<string[]>((resolve, reject) => {
        const titles = () =>
          [...document.querySelectorAll('[data-toast-region] [role="alertdialog"]')].map(
            (toast) => toast.querySelector('[slot="title"]')?.textContent ?? '',
          );
        const shown = [...document.querySelectorAll('[data-toast-region] [role="alertdialog"]')];
        const target = shown.find(
          (t) => t.querySelector('[slot="title"]')?.textContent === closing,
        );
        const close = target?.querySelector<HTMLButtonElement>('button[aria-label="Close"]');
        if (!target || !close) {
          reject(new Error(`no toast "${closing}" to close; shown: ${titles().join(', ')}`));
          return;
        }
        new MutationObserver((_, observer) => {
          if (target.isConnected) return;
          observer.disconnect();
          resolve(titles());
        }).observe(document.body, { childList: true, subtree: true });
        close.click();
      }),
    title,
  );
}

async function boxValues(page: Page): Promise<string> {
  const values = await Promise.all(digitBoxes(page).map((box) => box.inputValue()));
  return values.map((v) => v || '_').join('');
}

/** Signs in a second-factor user up to the code step and answers the e-mailed code. */
async function reachCodeStep(page: Page, username: string): Promise<string> {
  await page.goto(`${server.url}/admin/login`);
  await fillCredentials(page, username);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await visible(page.getByRole('heading', { name: 'Two-Factor Authentication' }));
  await visible(page.getByText('Enter the 6-digit verification code sent to your email'));
  const sent = await toast(page, 'Verification code sent');
  expect(await sent.innerText()).toContain(
    'Please check your email for the 6-digit verification code',
  );
  const mail = await smtp.waitForMail({ to: `${username}@example.com` });
  return codeFrom(mail.text);
}

/**
 * Where the login page sends the browser on: its path once it is no longer the login page
 * (polled until then, so a wrong destination shows as itself rather than as a timeout).
 */
async function landing(page: Page): Promise<string> {
  await page.waitForURL((url) => url.pathname !== '/admin/login', { timeout: 20_000 });
  return new URL(page.url()).pathname;
}

// Landing on the dashboard after the password alone is also every suite's signIn(), and after
// the e-mailed code, each test of the code step below (typed, pasted, a new code).
describe('where signing in lands: the dashboard, as the spec says', () => {
  it('after the password alone, and from the login page opened while signed in; the logo leads there too', async () => {
    await withPage(async (page) => {
      await page.goto(`${server.url}/admin/login`);
      await fillCredentials(page, 'grace');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      expect(await landing(page)).toBe('/admin/dashboard');
      await page.goto(`${server.url}/admin/login`);
      expect(await landing(page)).toBe('/admin/dashboard');
      const logo = page.getByRole('banner').getByRole('link', { name: / admin, / });
      expect(await logo.getAttribute('href')).toBe('/admin/dashboard');
      expect(await logo.getAttribute('aria-label')).toMatch(/ admin, dashboard$/);
    });
  });
});

describe('route guard', () => {
  it('shows "Checking authentication...", then "Redirecting to login...", then the login page after 0.5 s', async () => {
    await withPage(async (page) => {
      // Hold the server's answer until the pending state has been seen.
      let answer: () => void = () => {};
      const answered = new Promise<void>((resolve) => (answer = resolve));
      await page.route('**/api/trpc/admin.check**', async (route) => {
        await answered;
        await route.continue();
      });
      await recordRedirect(page, 'Redirecting to login...', '/admin/login');
      await page.goto(`${server.url}/admin/dashboard`);
      // A first visit loads the admin chunks; the shared 2-core machine can be slow.
      await visible(page.getByText('Checking authentication...'), 20_000);
      answer();
      await page.waitForURL('**/admin/login');
      const delay = await redirectDelay(page);
      expect(delay).toBeGreaterThanOrEqual(REDIRECT_PROTECTED_MS - 20);
      expect(delay).toBeLessThan(REDIRECT_PROTECTED_MS + 1500);
      await visible(page.getByRole('heading', { name: 'Admin Login' }));

      await page.unroute('**/api/trpc/admin.check**');
      // The message may come and go before goto() returns on a busy machine: the page's own
      // marks say whether it was shown, and for how long.
      await page.goto(`${server.url}/admin/ai-fact-edit/1`);
      expect(await redirectDelay(page)).toBeGreaterThanOrEqual(REDIRECT_PROTECTED_MS - 20);
      // Back does not return to a page that only redirects again.
      expect(page.url()).toMatch(/\/admin\/login$/);
    });
  });

  it("sends /admin to the first screen's guard", async () => {
    await withPage(async (page) => {
      await page.goto(`${server.url}/admin`);
      await page.waitForURL('**/admin/login');
    });
  });
});

describe('sign-in with username and password', () => {
  it('shows the documented messages, a readable failure toast, and has no axe violations', async () => {
    await withPage(async (page) => {
      await page.goto(`${server.url}/admin/login`);
      await visible(page.getByRole('heading', { name: 'Admin Login' }));
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await visible(page.getByText('Username is required'));
      await visible(page.getByText('Password is required'));
      // Focus goes to the first field in error.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe(
        'username',
      );
      expect(
        await page.getByRole('textbox', { name: 'Username' }).getAttribute('aria-invalid'),
      ).toBe('true');
      await expectNoAxeViolations(page);

      await fillCredentials(page, 'alice', 'not the password at all');
      expect(await page.getByText('Username is required').count()).toBe(0);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      const failed = await toast(page, 'Login failed');
      expect(await failed.innerText()).toContain('Invalid username or password');
      expect(page.url()).toMatch(/\/admin\/login$/);
    });
  });

  it('signs in by keyboard alone: toast, then the dashboard after 1 s', async () => {
    await withPage(async (page) => {
      await page.goto(`${server.url}/admin/login`);
      // The username field has focus on arrival.
      await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'username');
      await page.keyboard.type('alice');
      await page.keyboard.press('Tab');
      await page.keyboard.type('correct horse battery staple');
      await page.keyboard.press('Tab');
      expect(await focusedLabel(page)).toBe('Sign In');
      const since = Date.now();
      await page.keyboard.press('Enter');
      await toast(page, 'Login successful');
      await page.waitForURL('**/admin/dashboard');
      // The spec's 1 s pause after the answer (measured from the key press).
      expect(Date.now() - since).toBeGreaterThanOrEqual(1000);
      await visible(page.getByRole('heading', { name: 'AI Facts Management', level: 1 }));
      // The badge names who is signed in.
      await visible(page.getByText('Signed in as alice'));
    });
  });

  it('sends a signed-in visitor of the login page to the dashboard after 0.8 s', async () => {
    await withPage(async (page) => {
      await signIn(page, server.url, 'alice');
      await recordRedirect(
        page,
        'You are already signed in. Redirecting to the dashboard...',
        '/admin/dashboard',
      );
      await page.goto(`${server.url}/admin/login`);
      expect(await redirectDelay(page)).toBeGreaterThanOrEqual(REDIRECT_WHEN_AUTHENTICATED_MS - 20);
      await visible(page.getByRole('heading', { name: 'AI Facts Management', level: 1 }));
    });
  });

  it('logs out: toast, login page after 0.5 s, and Back does not reach the dashboard', async () => {
    await withPage(async (page) => {
      await signIn(page, server.url, 'alice');
      const since = Date.now();
      await page.getByRole('button', { name: 'Logout' }).click();
      await toast(page, 'Logout successful');
      await page.waitForURL('**/admin/login');
      expect(Date.now() - since).toBeGreaterThanOrEqual(500);
      await visible(page.getByRole('heading', { name: 'Admin Login' }));

      await page.goBack();
      await visible(page.getByText('Redirecting to login...'));
      await page.waitForURL('**/admin/login');
      await visible(page.getByRole('heading', { name: 'Admin Login' }));
      expect(
        await page.getByRole('heading', { name: 'AI Facts Management', level: 1 }).count(),
      ).toBe(0);

      // The server ended the session too: a reload asks it afresh.
      await page.goto(`${server.url}/admin/dashboard`);
      await page.waitForURL('**/admin/login');
    });
  });
});

describe('sign-in with the e-mailed code', () => {
  it('takes the typed code, with the first box focused and no axe violations', async () => {
    await withPage(async (page) => {
      const code = await reachCodeStep(page, 'bob');
      await page.waitForFunction(
        () => document.activeElement?.getAttribute('aria-label') === 'Digit 1 of 6',
      );
      const boxes = digitBoxes(page);
      for (const box of boxes) {
        expect(await box.getAttribute('autocomplete')).toBe('one-time-code');
        expect(await box.getAttribute('inputmode')).toBe('numeric');
      }
      const verify = page.getByRole('button', { name: 'Verify Code' });
      expect(await verify.isDisabled()).toBe(true);
      await expectNoAxeViolations(page);

      // Letters are ignored; digits fill box after box.
      await page.keyboard.type(`ab${code.slice(0, 5)}`);
      expect(await boxValues(page)).toBe(`${code.slice(0, 5)}_`);
      expect(await verify.isDisabled()).toBe(true);
      await page.keyboard.press('Backspace');
      await page.keyboard.press('Backspace');
      expect(await boxValues(page)).toBe(`${code.slice(0, 3)}___`);
      // The sixth digit sends the code by itself.
      await page.keyboard.type(code.slice(3));
      await toast(page, 'Authentication successful');
      await page.waitForURL('**/admin/dashboard');
      await visible(page.getByText('Signed in as bob'));
    });
  });

  it('takes a pasted code, after a refused wrong code', async () => {
    await withPage(
      async (page) => {
        const code = await reachCodeStep(page, 'carol');
        const wrong = code === '000000' ? '111111' : '000000';
        await page.keyboard.type(wrong);
        const failed = await toast(page, 'Verification failed');
        expect(await failed.innerText()).toMatch(/Wrong code\. 4 tries left/);
        // The boxes start over, with the cursor in the first.
        await page.waitForFunction(
          () => document.activeElement?.getAttribute('aria-label') === 'Digit 1 of 6',
        );
        expect(await boxValues(page)).toBe('______');
        expect(await page.getByRole('button', { name: 'Verify Code' }).isDisabled()).toBe(true);

        await page.evaluate((text) => navigator.clipboard.writeText(text), `Code: ${code}`);
        await page.keyboard.press('Control+V');
        expect(await boxValues(page)).toBe(code);
        await toast(page, 'Authentication successful');
        await page.waitForURL('**/admin/dashboard');
        await visible(page.getByText('Signed in as carol'));
      },
      ['clipboard-read', 'clipboard-write'],
    );
  });

  it('sends a new code on request, and goes back to the password step', async () => {
    await withPage(async (page) => {
      const first = await reachCodeStep(page, 'dave');
      await page.getByRole('button', { name: 'Send a new code' }).click();
      await toast(page, 'Verification code sent');
      const second = codeFrom((await smtp.waitForMail({ to: 'dave@example.com' })).text);
      // The boxes start over with the cursor in the first.
      await page.waitForFunction(
        () => document.activeElement?.getAttribute('aria-label') === 'Digit 1 of 6',
      );

      // Only the newest code counts (unless both happen to be the same six digits).
      if (first !== second) {
        await page.keyboard.type(first);
        await toast(page, 'Verification failed');
      }

      await page.getByRole('button', { name: 'Back to sign in' }).click();
      await visible(page.getByRole('heading', { name: 'Admin Login' }));
      expect(await page.getByRole('textbox', { name: 'Username' }).inputValue()).toBe('dave');

      // The password step works again, and a reload mid-way keeps the code step.
      await fillCredentials(page, 'dave');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await visible(page.getByRole('heading', { name: 'Two-Factor Authentication' }));
      const third = codeFrom((await smtp.waitForMail({ to: 'dave@example.com' })).text);
      await page.reload();
      await visible(page.getByRole('heading', { name: 'Two-Factor Authentication' }));
      // The server's check says an e-mailed code is awaited: its prompt, and a new code.
      await visible(page.getByText('Enter the 6-digit verification code sent to your email'));
      await visible(page.getByRole('button', { name: 'Send a new code' }));
      await page.waitForFunction(
        () => document.activeElement?.getAttribute('aria-label') === 'Digit 1 of 6',
      );
      await page.keyboard.type(third);
      await toast(page, 'Authentication successful');
      await page.waitForURL('**/admin/dashboard');
    });
  });

  it('drops the sign-in notices it outdates: none comes back once signed in', async () => {
    await withPage(async (page) => {
      await page.goto(`${server.url}/admin/login`);
      await fillCredentials(page, 'frank', 'not the password at all');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await toast(page, 'Login failed');
      await fillCredentials(page, 'frank');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await toast(page, 'Verification code sent');
      const mail = await smtp.waitForMail({ to: 'frank@example.com' });
      await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(codeFrom(mail.text));
      // The pointer over it stops its time, so it is still there to be closed.
      await (await toast(page, 'Authentication successful')).hover();
      await page.waitForURL('**/admin/dashboard');
      // Queued behind the newest, "Verification code sent" and then "Login failed" came back
      // on the first screen, one after the other, 5 s each.
      expect(await closeToastAndSeeNext(page, 'Authentication successful')).toEqual([]);
    });
  });

  it('returns to the password step when the last wrong code ends the sign-in', async () => {
    await withPage(async (page) => {
      const code = await reachCodeStep(page, 'erin');
      const wrong = code === '999999' ? '888888' : '999999';
      for (let attempt = 1; attempt <= 5; attempt++) {
        await page.waitForFunction(
          () => document.activeElement?.getAttribute('aria-label') === 'Digit 1 of 6',
        );
        await page.keyboard.type(wrong);
        await page.keyboard.press('Enter');
        if (attempt < 5) await toast(page, 'Verification failed');
      }
      await visible(page.getByText(/that was the last try/));
      await visible(page.getByRole('heading', { name: 'Admin Login' }));
      expect(await page.getByRole('textbox', { name: 'Username' }).inputValue()).toBe('erin');
    });
  });
});

describe('Forgot your password?', () => {
  it('walks from the login page’s link through the mailed link and the code to signed in', async () => {
    await withPage(async (page) => {
      await page.goto(`${server.url}/admin/login`);
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await visible(page.getByRole('heading', { name: 'Forgot your password?' }));
      await page.getByRole('textbox', { name: 'Username or e-mail address' }).fill('heidi');
      await page.getByRole('button', { name: 'Send the link' }).click();
      await visible(page.getByText('If that account has an e-mail address, a link is on its way.'));

      const mail = await smtp.waitForMail({ to: 'heidi@example.com' });
      const link = /https?:\/\/\S+\/admin\/reset-password\?token=[\w-]+/.exec(mail.text)?.[0];
      expect(link).toBeDefined();
      const { pathname, search } = new URL(link ?? '');
      await page.goto(`${server.url}${pathname}${search}`);
      // The token leaves the address at once.
      await page.waitForURL((url) => url.pathname === '/admin/reset-password' && url.search === '');
      await page.getByLabel('New password').fill('a fresh and long password');
      await page.getByLabel('Confirm password').fill('a fresh and long password');
      await page.getByRole('button', { name: 'Continue' }).click();

      // The new password is hashed at the production cost before the code step: seconds on
      // a busy 2-core machine (as in buttons.test.ts).
      await visible(page.getByRole('heading', { name: 'Two-Factor Authentication' }), 20_000);
      const code = codeFrom((await smtp.waitForMail({ to: 'heidi@example.com' })).text);
      await digitBoxes(page)[0]?.click();
      await page.keyboard.type(code);
      await page.waitForURL('**/admin/dashboard');
      await visible(page.getByText('Signed in as heidi'));
    });
  });
});
