/** Helpers shared by the admin browser suites (tests/e2e/admin-*.test.ts). */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { closeDatabase, openDatabase, writeTransaction } from '#db';
import { auditInsert } from '#server/audit/record';
import { insertUser, PASSWORD } from '#tests/support/users';
import { sessionCookie } from '#tests/support/session-cookie';
import { axeViolations, type AxeScope, type RunningServer } from './support';

export { PASSWORD };

/**
 * Adds an administrator to the running server's database as `npm run admin -- add-user`
 * does: the user row and its "joined" entry from the command line (no actor, no address).
 * The command line itself is tested in src/server/cli.test.ts; here it would cost a process
 * start and a password hash at the production cost per user. The stored hash is the support
 * users' cheap one (tests/support/users.ts), which the server's sign-in checks with the same
 * code, reading the cost from the hash; the password is `PASSWORD` either way.
 */
export async function addUser(dbPath: string, username: string, email?: string): Promise<void> {
  const db = await openDatabase({ file: dbPath });
  try {
    const clock = { now: () => new Date() };
    await insertUser({ db, clock }, username, email ?? null);
    await writeTransaction(db, (tx) =>
      auditInsert(tx, clock.now(), {
        action: 'user_joined',
        target: username,
        actor: null,
        ip: null,
      }),
    );
  } finally {
    await closeDatabase(db);
  }
}

/** The six digits of a sign-in e-mail. */
export function codeFrom(text: string): string {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no 6-digit code in mail:\n${text}`);
  return code;
}

/**
 * Waits for the locator to show. When it does not, the error says what the page showed
 * instead (its address, alerts, toasts and statuses): a wait that runs out on a loaded
 * machine is otherwise only "Timeout exceeded", with nothing to find its cause by.
 */
export async function visible(locator: Locator, timeout = 10_000): Promise<Locator> {
  try {
    await locator.waitFor({ state: 'visible', timeout });
  } catch (error) {
    throw new Error(`${String(error)}\n${await whatThePageShows(locator.page())}`, {
      cause: error,
    });
  }
  return locator;
}

async function whatThePageShows(page: Page): Promise<string> {
  try {
    const messages = await page
      .locator('[role="alert"], [role="status"], [role="alertdialog"], [data-toast]')
      .allInnerTexts();
    const shown = messages.map((text) => text.trim()).filter(Boolean);
    return `the page at ${page.url()} showed: ${shown.length ? shown.join(' | ') : 'no alert, toast or status'}`;
  } catch (reading) {
    return `the page could not be read: ${String(reading)}`;
  }
}

/**
 * Waits until the toast region shows a toast with this title. Generous: a sign-in costs a
 * deliberately slow password hash, and the machine is shared by parallel suites.
 */
export async function toast(page: Page, title: string | RegExp): Promise<Locator> {
  const shown = await visible(page.getByRole('alertdialog', { name: title }), 20_000);
  // Settled, as a person sees it: the toast it replaced gone and the slide-in over.
  await shown.evaluate(async (el) => {
    const region = el.closest('[data-toast-region]') ?? el;
    for (let frame = 0; region.querySelectorAll('[role="alertdialog"]').length > 1; frame++) {
      if (frame > 600) throw new Error('the previous toast never left');
      await new Promise(requestAnimationFrame);
    }
    // An animation cut short (the toast replaced) rejects `finished`: it is over all the same.
    await Promise.all(
      region.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined)),
    );
  });
  return shown;
}

export async function fillCredentials(page: Page, username: string, password = PASSWORD) {
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
}

/** Signs in a user without a second factor and waits for the first screen, the facts dashboard. */
export async function signIn(page: Page, baseUrl: string, username: string): Promise<void> {
  await page.goto(`${baseUrl}/admin/login`);
  await fillCredentials(page, username);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL('**/admin/dashboard', { timeout: 10_000 });
  await dashboardDrawn(page);
}

/**
 * The first screen drawn whole: its heading comes with the route's pending screen (the page
 * itself) while the facts are still on their way, and a click in the navigation before the
 * landing has settled was lost on a loaded machine (the Mail screen's test stayed on the
 * dashboard): wait until the list's spinner is gone too.
 */
async function dashboardDrawn(page: Page): Promise<void> {
  await visible(page.getByRole('heading', { name: 'AI Facts Management', level: 1 }));
  await page.getByText('Loading facts...').waitFor({ state: 'detached', timeout: 10_000 });
}

/**
 * Gives the page's browser a live session of `username`, as signing in leaves it: the session
 * row in the server's database and its sealed cookie in the browser. For a file whose subject
 * is not the sign-in (admin-auth.test.ts and the second-factor files drive that): the sign-in
 * page, the password's hash at the production cost and the first screen are not loaded for
 * nothing. Then open the screen the test is about.
 */
export async function withSession(
  page: Page,
  server: RunningServer,
  username: string,
): Promise<void> {
  const db = await openDatabase({ file: server.dbPath });
  try {
    const cookie = await sessionCookie(
      { db, now: new Date(), sessionSecret: server.sessionSecret, production: false },
      username,
    );
    await page
      .context()
      .addCookies([{ ...cookie, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
  } finally {
    await closeDatabase(db);
  }
}

/**
 * The page signed in as `username` on the first screen, the facts dashboard, where signIn()
 * leaves it, without signing in (withSession).
 */
export async function startSignedIn(
  page: Page,
  server: RunningServer,
  username: string,
): Promise<void> {
  await withSession(page, server, username);
  await page.goto(`${server.url}/admin/dashboard`);
  await dashboardDrawn(page);
}

/** Opens the Overview through the admin's navigation (its first link), as a person would. */
export async function openOverview(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Overview' })
    .click();
  await page.waitForURL('**/admin/overview');
  await visible(page.getByRole('heading', { name: 'Overview', level: 1 }));
}

/** Opens the facts screen through the admin's navigation, as a person would. */
export async function openFacts(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Facts' })
    .click();
  await page.waitForURL('**/admin/dashboard');
  await visible(page.getByRole('heading', { name: 'AI Facts Management' }));
  await page.getByRole('row').first().waitFor();
}

/**
 * Switches the device's colour scheme and waits until the page shows it: the theme class
 * applied and the colour transitions it started finished (mid transition, text and
 * background are neither theme's, a contrast no one reads).
 */
export async function showColorScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction(
    (dark) => document.documentElement.classList.contains('dark') === dark,
    scheme === 'dark',
  );
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

export async function expectNoAxeViolations(page: Page, options: AxeScope = {}): Promise<void> {
  const violations = await axeViolations(page, options);
  // The offending markup makes a failure readable without re-running by hand.
  const markup = await Promise.all(
    violations.flatMap((v) =>
      v.targets.map((target) =>
        page
          .locator(target)
          .first()
          .evaluate((el) => el.outerHTML.slice(0, 300))
          .catch(() => target),
      ),
    ),
  );
  expect({ violations, markup }).toEqual({ violations: [], markup: [] });
}

/**
 * Records, in the page, when `message` first shows and when the address becomes `path`, so
 * the delay between them is measured without polling lag, and even when the whole redirect
 * finished before page.goto() returned (a slow `load` on a busy machine). Call before goto.
 */
export async function recordRedirect(page: Page, message: string, path: string): Promise<void> {
  await page.addInitScript(
    ([text, target]) => {
      const marks: { message?: number; arrived?: number } = {};
      Object.assign(window, { __redirectMarks: marks });
      const check = () => {
        // textContent, not innerText: no layout forced at every change.
        if (!marks.message && document.body?.textContent?.includes(text)) {
          marks.message = performance.now();
        }
        if (!marks.arrived && location.pathname === target) marks.arrived = performance.now();
      };
      // The message is marked when it is inserted (a mutation's callback runs right after it),
      // not at the next animation frame: on a loaded machine frames come late, and a late mark
      // would make the wait look shorter than it was.
      const observer = new MutationObserver(check);
      observer.observe(document, { childList: true, subtree: true, characterData: true });
      const frame = () => {
        check();
        if (marks.arrived) observer.disconnect();
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    },
    [message, path] as const,
  );
}

/** Milliseconds from the recorded message to the recorded arrival (NaN if it never showed). */
export async function redirectDelay(page: Page): Promise<number> {
  type Marks = { __redirectMarks?: { message?: number; arrived?: number } };
  await page.waitForFunction(() => (window as unknown as Marks).__redirectMarks?.arrived, null, {
    timeout: 20_000,
  });
  return page.evaluate(() => {
    const marks = (window as unknown as Marks).__redirectMarks;
    return (marks?.arrived ?? NaN) - (marks?.message ?? NaN);
  });
}

/** The focused element's name: its aria-label, its label element's text, or its text. */
export function focusedLabel(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el) return '';
    const labelled = el.getAttribute('aria-label');
    if (labelled) return labelled.trim();
    const labels = (el as HTMLInputElement).labels;
    if (labels && labels.length > 0) return (labels[0]?.textContent ?? '').trim();
    return (el.textContent ?? '').trim();
  });
}

export async function pressUntilFocused(
  page: Page,
  key: string,
  label: string | RegExp,
  maxPresses = 30,
): Promise<void> {
  for (let i = 0; i < maxPresses; i++) {
    const current = await focusedLabel(page);
    if (typeof label === 'string' ? current === label : label.test(current)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`"${String(label)}" never took focus pressing ${key}`);
}
