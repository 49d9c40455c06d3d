/**
 * The newsletter's confirm and unsubscribe pages in Chromium: one button, the answer shown in
 * place (announced and focused), dead links told on the first look, axe clean in both themes;
 * then the whole way, from the footer's form through the mail's link to the stored status.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  CONFIRMATION_TTL_MS,
  newConfirmationToken,
  tokenHash,
  unsubscribeToken,
} from '#server/newsletter/tokens';
import {
  DESKTOP,
  newPage,
  startSmtpCatcher,
  withDatabase,
  type RunningServer,
  type SmtpCatcher,
  startServerAndBrowser,
} from './support';
import { openApp } from './support/home';
import { expectNoAxeViolations, toast, visible } from './admin-support';

/** The server's secret, known here so the test can make the unsubscribe tokens it accepts. */
const SECRET = randomBytes(32).toString('hex');

let server: RunningServer;
let browser: Browser;
let smtp: SmtpCatcher;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  [server, browser] = await startServerAndBrowser({
    env: { SMTP_URL: smtp.url, SESSION_SECRET: SECRET },
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

interface StoredSubscriber {
  status: string;
  confirmed_at: number | null;
  unsubscribed_at: number | null;
}

function subscriber(email: string): StoredSubscriber | undefined {
  return withDatabase(server.dbPath, (db) =>
    db
      .prepare('select status, confirmed_at, unsubscribed_at from subscribers where email = ?')
      .get(email),
  ) as StoredSubscriber | undefined;
}

/** A pending address and its confirmation mail's token, as a sign-up leaves them. */
function storeConfirmationLink(email: string): string {
  const token = newConfirmationToken();
  withDatabase(server.dbPath, (db) => {
    const { id } = db
      .prepare(`insert into subscribers (email) values (?) returning id`)
      .get(email) as { id: number };
    db.prepare(
      `insert into subscriber_confirmations (token_hash, subscriber_id, expires_at) values (?, ?, ?)`,
    ).run(tokenHash(token), id, Date.now() + CONFIRMATION_TTL_MS);
  });
  return token;
}

/** A confirmed address and the unsubscribe token its newsletters carry. */
function storeUnsubscribeLink(email: string): string {
  const token = unsubscribeToken(SECRET, email);
  withDatabase(server.dbPath, (db) =>
    db
      .prepare(
        `insert into subscribers (email, status, confirmed_at, unsubscribe_token_hash)
         values (?, 'confirmed', ?, ?)`,
      )
      .run(email, Date.now(), tokenHash(token)),
  );
  return token;
}

async function open(page: Page, path: string, status: number): Promise<void> {
  const response = await page.goto(`${server.url}${path}`);
  expect(response?.status()).toBe(status);
  expect(response?.headers()['content-type']).toBe('text/html; charset=UTF-8');
}

/** The answer's region: a polite live region that holds the keyboard focus. */
async function expectAnswer(page: Page, text: string): Promise<void> {
  const answer = await visible(page.getByRole('status').filter({ hasText: text }));
  expect(await answer.getAttribute('aria-live')).toBeNull(); // role=status is polite itself
  expect(await answer.evaluate((el) => el === document.activeElement)).toBe(true);
}

/**
 * Each page and state once per theme, the theme the device asks for: the pages apply it
 * before the first paint (public/boot.js), as the site does.
 */
describe.each([
  { theme: 'light' as const, viewport: { width: 390, height: 844 } },
  { theme: 'dark' as const, viewport: DESKTOP },
])('the link pages in the $theme theme', ({ theme, viewport }) => {
  it('confirm: one button, and after the press the answer in place; the GET changed nothing', async () => {
    const email = `confirm-${theme}@example.com`;
    const token = storeConfirmationLink(email);
    const page = await newPage(browser, { ...viewport, colorScheme: theme });
    try {
      await open(page, `/newsletter/confirm?token=${token}`, 200);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
        theme === 'dark',
      );
      await visible(page.getByRole('heading', { level: 1, name: 'Confirm your subscription' }));
      expect(await page.getByRole('button').count()).toBe(1);
      await visible(page.getByRole('link', { name: 'Acme AI Engineering, home' }));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      // Opening the page (as a mail scanner would) confirmed nothing.
      expect(subscriber(email)).toEqual({
        status: 'pending',
        confirmed_at: null,
        unsubscribed_at: null,
      });
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: 'Confirm subscription' }).click();
      await expectAnswer(page, "You're subscribed. Thank you!");
      expect(await page.getByRole('button').count()).toBe(0);
      expect(subscriber(email)?.status).toBe('confirmed');
      await expectNoAxeViolations(page);
    } finally {
      await page.context().close();
    }
  });

  it('unsubscribe: one button, and after the press the answer in place', async () => {
    const email = `leave-${theme}@example.com`;
    const token = storeUnsubscribeLink(email);
    const page = await newPage(browser, { ...viewport, colorScheme: theme });
    try {
      await open(page, `/newsletter/unsubscribe?token=${token}`, 200);
      await visible(
        page.getByRole('heading', { level: 1, name: 'Unsubscribe from the newsletter' }),
      );
      expect(await page.getByRole('button').count()).toBe(1);
      expect(subscriber(email)?.status).toBe('confirmed');
      await expectNoAxeViolations(page);

      // The keyboard: the button takes the focus and Enter presses it.
      await page.getByRole('button', { name: 'Unsubscribe' }).focus();
      await page.keyboard.press('Enter');
      await expectAnswer(
        page,
        'You have been unsubscribed. You will not receive further newsletters.',
      );
      expect(subscriber(email)?.status).toBe('unsubscribed');
      await expectNoAxeViolations(page);
    } finally {
      await page.context().close();
    }
  });

  it('a dead link says so on the first look, with status 404 and no button', async () => {
    const page = await newPage(browser, { ...viewport, colorScheme: theme });
    try {
      for (const kind of ['confirm', 'unsubscribe']) {
        await open(page, `/newsletter/${kind}?token=${newConfirmationToken()}`, 404);
        await visible(
          page.getByRole('heading', { level: 1, name: 'This link is invalid or has expired.' }),
        );
        expect(await page.getByRole('button').count()).toBe(0);
        await expectNoAxeViolations(page);
      }
      await open(page, '/newsletter/confirm?token=cut-short', 404);
      await visible(page.getByRole('heading', { name: 'This link is invalid or has expired.' }));
    } finally {
      await page.context().close();
    }
  });
});

it('a link that died after the page opened shows the invalid-link text after the press', async () => {
  const email = 'removed@example.com';
  const token = storeConfirmationLink(email);
  const page = await newPage(browser, { colorScheme: 'light' });
  try {
    await open(page, `/newsletter/confirm?token=${token}`, 200);
    // The administrator removes the address meanwhile: its confirmation goes with it.
    withDatabase(server.dbPath, (db) =>
      db.prepare('delete from subscribers where email = ?').run(email),
    );
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await expectAnswer(page, 'This link is invalid or has expired.');
    expect(await page.getByRole('button').count()).toBe(0);
    expect(subscriber(email)).toBeUndefined();
  } finally {
    await page.context().close();
  }
});

it('the whole way: the footer form, the mail’s link, Confirm, then Unsubscribe', async () => {
  const email = 'whole.way@example.com';
  const home = await newPage(browser, { colorScheme: 'light' });
  try {
    await openApp(home, server.url);
    const form = home.getByRole('form', { name: 'Newsletter signup' });
    await form.scrollIntoViewIfNeeded();
    const subscribe = form.getByRole('button', { name: 'Subscribe' });
    await home.waitForFunction(
      (button) => button !== null && !(button as HTMLButtonElement).disabled,
      await subscribe.elementHandle(),
    );
    await form.getByLabel('Email address').fill(email);
    await subscribe.click();
    await toast(home, 'Almost there!');
    await visible(home.getByText('Check your inbox to confirm your subscription.'));
  } finally {
    await home.context().close();
  }
  expect(subscriber(email)?.status).toBe('pending');

  const mail = await smtp.waitForMail({ to: email });
  const link = /https?:\/\/\S+?(\/newsletter\/confirm\?token=[A-Za-z0-9_-]{43})/.exec(mail.text);
  expect(link, mail.text).not.toBeNull();

  const page = await newPage(browser, { colorScheme: 'light' });
  try {
    await open(page, link![1]!, 200);
    expect(subscriber(email)?.status).toBe('pending');
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await expectAnswer(page, "You're subscribed. Thank you!");
    const confirmed = subscriber(email);
    expect(confirmed?.status).toBe('confirmed');
    expect(confirmed?.confirmed_at).toEqual(expect.any(Number));

    await open(page, `/newsletter/unsubscribe?token=${unsubscribeToken(SECRET, email)}`, 200);
    expect(subscriber(email)?.status).toBe('confirmed');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expectAnswer(
      page,
      'You have been unsubscribed. You will not receive further newsletters.',
    );
    const left = subscriber(email);
    expect(left?.status).toBe('unsubscribed');
    expect(left?.unsubscribed_at).toEqual(expect.any(Number));
  } finally {
    await page.context().close();
  }
});
