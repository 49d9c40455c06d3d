import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Download, Locator, Page } from 'playwright-core';
import {
  launchBrowser,
  newPage,
  startServer,
  startSmtpCatcher,
  withDatabase,
  type RunningServer,
  type SmtpCatcher,
} from './support';
import { storedContacts } from './support/home';
import {
  addUser,
  expectNoAxeViolations,
  showColorScheme,
  startSignedIn,
  toast,
  visible,
} from './admin-support';

let server: RunningServer;
let smtp: SmtpCatcher;
let browser: Browser;
/** One signed-in administrator for the whole file; the tests follow one session. */
let page: Page;

const NOTIFY_TO = 'team@example.com';
const visitor = {
  name: 'Ada Visitor',
  email: 'ada.visitor@example.com',
  subject: 'AI Consulting Services',
  message: 'Hello team,\n\nWe need help with <b>retrieval</b>.\n  Indented line',
};

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  server = await startServer({
    // The site's public address, which e-mail links are built on (the browser still talks to
    // 127.0.0.1: its writes pass the cross-site check by their Host).
    env: { SMTP_URL: smtp.url, CONTACT_NOTIFY_TO: NOTIFY_TO, SITE_URL: 'https://acme.example' },
  });
  browser = await launchBrowser();
  await addUser(server.dbPath, 'alice');
});

afterAll(async () => {
  await page?.context().close();
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/** A second enquiry, stored as the form would store it, for search and filter. */
function storeMessage(name: string, subject: string, message: string): void {
  withDatabase(server.dbPath, (db) => {
    db.prepare(
      `insert into contacts (name, email, company, subject, message, privacy)
       values (?, ?, 'Navy Labs', ?, ?, 1)`,
    ).run(name, `${name.split(' ')[0]!.toLowerCase()}@example.com`, subject, message);
  });
}

const messagesLink = () =>
  page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: /^Messages/ });
const card = (name: string): Locator => page.getByRole('article', { name });

async function downloadBytes(link: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [download]: [Download, void] = await Promise.all([
    page.waitForEvent('download'),
    link.click(),
  ]);
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(file) };
}

function csvText(bytes: Buffer): string {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return bytes.subarray(3).toString('utf8');
}

async function expectNoAxeViolationsLightAndDark(): Promise<void> {
  await showColorScheme(page, 'light');
  await expectNoAxeViolations(page);
  await showColorScheme(page, 'dark');
  await expectNoAxeViolations(page);
  await showColorScheme(page, 'light');
}

/**
 * What the home page's forms send (their pages are tested in home.desktop.test.ts): this file
 * is about the admin's screens of what they store.
 */
async function post(path: string, body: object): Promise<void> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
}

describe('a visitor enquiry', () => {
  it('is stored and mailed to the team with a link to it', async () => {
    await post('/api/contact', { ...visitor, subject: 'consulting', privacy: true });
    expect(storedContacts(server.dbPath)).toMatchObject([{ name: visitor.name }]);

    const mail = await smtp.waitForMail({ to: NOTIFY_TO });
    expect(mail.text).toContain('Open it in the admin: https://acme.example/admin/messages/1');
    // The visitor's words come after the site's link, quoted line by line.
    expect(mail.text).toContain(
      '> Hello team,\n>\n> We need help with <b>retrieval</b>.\n>   Indented line',
    );
    expect(mail.raw).toMatch(/^Reply-To: ada\.visitor@example\.com\r?$/m);
  });
});

describe('messages screen', () => {
  it('shows the unread count in the header on every admin page', async () => {
    storeMessage('Grace Hopper', 'custom', 'A compiler for our new machine, please.');
    page = await newPage(browser);
    await startSignedIn(page, server, 'alice');
    await visible(page.getByRole('link', { name: 'Messages, 2 unread' }));
    await visible(page.getByRole('link', { name: 'Facts' }));
    await visible(page.getByRole('link', { name: 'Subscribers' }));
  });

  it('lists the messages newest first with their details, unread ones marked', async () => {
    await messagesLink().click();
    await page.waitForURL('**/admin/messages');
    await visible(page.getByRole('heading', { name: 'Messages', level: 1 }));
    // The list has loaded once the older of the two messages shows.
    await visible(card('Ada Visitor Unread'));
    const names = await page
      .getByRole('list', { name: 'Messages' })
      .getByRole('article')
      .evaluateAll((articles) => articles.map((a) => a.querySelector('h2')?.textContent ?? ''));
    expect(names).toEqual(['Grace HopperUnread', 'Ada VisitorUnread']);

    const ada = card('Ada Visitor Unread');
    const mailto = ada.getByRole('link', { name: visitor.email });
    expect(await mailto.getAttribute('href')).toBe(
      'mailto:ada.visitor@example.com?subject=Re%3A%20AI%20Consulting%20Services',
    );
    await visible(ada.getByText('AI Consulting Services'));
    await visible(card('Grace Hopper Unread').getByText('Navy Labs'));
    await expectNoAxeViolationsLightAndDark();
  });

  it('opens a message as plain text with its line breaks, which marks it read', async () => {
    await card('Ada Visitor Unread').getByRole('link', { name: 'Ada Visitor' }).click();
    await page.waitForURL('**/admin/messages/1');
    const article = card('Ada Visitor');
    await visible(article);
    // Polled: marking the message read refreshes the screen, which may draw the paragraph anew
    // while it is read (a paragraph already taken out of the page has no computed style).
    const paragraph = article.locator('p.whitespace-pre-wrap');
    await expect
      .poll(
        () =>
          paragraph.evaluate((p: HTMLElement) => ({
            text: p.innerText,
            whiteSpace: getComputedStyle(p).whiteSpace,
          })),
        { timeout: 10_000 },
      )
      .toEqual({ text: visitor.message, whiteSpace: 'pre-wrap' });
    // The visitor's markup is shown, never rendered.
    expect(await article.locator('b').count()).toBe(0);
    await visible(page.getByRole('link', { name: 'Messages, 1 unread' }));
    await visible(article.getByRole('button', { name: 'Mark as unread: Ada Visitor' }));
    expect(await article.getByText('Unread', { exact: true }).count()).toBe(0);
    await expectNoAxeViolations(page);
  });

  it('marks it unread and read again', async () => {
    await page.getByRole('button', { name: 'Mark as unread: Ada Visitor' }).click();
    await visible(page.getByRole('link', { name: 'Messages, 2 unread' }));
    await visible(card('Ada Visitor Unread'));
    await page.getByRole('button', { name: 'Mark as read: Ada Visitor' }).click();
    await visible(page.getByRole('link', { name: 'Messages, 1 unread' }));
    await visible(card('Ada Visitor'));
  });

  it('searches and filters, keeping both in the address through a reload and Back', async () => {
    await messagesLink().click();
    await page.waitForURL('**/admin/messages');
    const search = page.getByRole('searchbox', { name: 'Search name, e-mail, company or text' });
    await search.fill('hopper');
    await search.press('Enter');
    await page.waitForURL(/\/admin\/messages\?q=hopper$/);
    await visible(card('Grace Hopper Unread'));
    await card('Ada Visitor').waitFor({ state: 'detached' });
    await page.reload();
    await visible(card('Grace Hopper Unread'));
    expect(await page.getByRole('searchbox').inputValue()).toBe('hopper');

    await page.getByRole('button', { name: 'Clear' }).click();
    await visible(card('Ada Visitor'));
    await page.getByLabel('Subject').selectOption({ label: 'AI Consulting Services' });
    await page.waitForURL(/subject=consulting/);
    await visible(card('Ada Visitor'));
    await card('Grace Hopper Unread').waitFor({ state: 'detached' });

    await page.goBack();
    await visible(card('Grace Hopper Unread'));
    await visible(card('Ada Visitor'));
    await page.goBack();
    await page.waitForURL(/q=hopper/);
    await card('Ada Visitor').waitFor({ state: 'detached' });
    await page.goForward();
    await page.goForward();
    await page.waitForURL(/subject=consulting/);
  });

  it('exports what matches the filter as a CSV download', async () => {
    await visible(card('Ada Visitor'));
    const filtered = await downloadBytes(page.getByRole('link', { name: 'Export CSV' }));
    expect(filtered.name).toMatch(/^messages-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csvText(filtered.bytes).split('\r\n');
    expect(lines[0]).toBe('id,name,email,company,subject,message,createdAt,readAt');
    expect(lines[1]).toMatch(
      /^1,Ada Visitor,ada\.visitor@example\.com,,consulting,"Hello team,\n\nWe need help with <b>retrieval<\/b>\.\n {2}Indented line",\d{4}-.+Z,\d{4}-.+Z$/,
    );
    expect(lines.slice(2)).toEqual(['']);

    await page.getByRole('button', { name: 'Clear' }).click();
    await visible(card('Grace Hopper Unread'));
    const all = csvText(
      (await downloadBytes(page.getByRole('link', { name: 'Export CSV' }))).bytes,
    );
    expect(
      all
        .split('\r\n')
        .filter((l) => /^\d+,/.test(l))
        .map((l) => l.split(',')[1]),
    ).toEqual(['Grace Hopper', 'Ada Visitor']);
  });

  it('applies what the search box holds when a subject is chosen: box, address and list agree', async () => {
    await messagesLink().click();
    await page.waitForURL('**/admin/messages');
    const search = page.getByRole('searchbox', { name: 'Search name, e-mail, company or text' });
    const subject = page.getByLabel('Subject');
    await search.fill('hopper');
    await search.press('Enter');
    await page.waitForURL(/\?q=hopper$/);
    // The box cleared by hand, then a subject: the old search must not linger in the address.
    await search.fill('');
    await subject.selectOption({ label: 'AI Consulting Services' });
    await page.waitForURL(/\/admin\/messages\?subject=consulting$/);
    await visible(card('Ada Visitor'));
    // Text typed without pressing Search, then another subject: the text applies too.
    await search.fill('hopper');
    await subject.selectOption({ label: 'All subjects' });
    await page.waitForURL(/\/admin\/messages\?q=hopper$/);
    await visible(card('Grace Hopper Unread'));
    await card('Ada Visitor').waitFor({ state: 'detached' });
    expect(await search.inputValue()).toBe('hopper');
  });

  it('pages through 25 at a time with the page in the address', async () => {
    withDatabase(server.dbPath, (db) => {
      const insert = db.prepare(
        `insert into contacts (name, email, subject, message, privacy) values (?, ?, 'other', ?, 1)`,
      );
      for (let i = 1; i <= 24; i++) {
        insert.run(`Bulk ${i}`, `bulk${i}@example.com`, `Bulk message number ${i}.`);
      }
    });
    await page.goto(`${server.url}/admin/messages`);
    await visible(page.getByText('Page 1 of 2'));
    await visible(card('Bulk 24 Unread'));
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/page=2/);
    await visible(page.getByText('Page 2 of 2'));
    await visible(card('Ada Visitor'));
    expect(await page.getByRole('list', { name: 'Messages' }).getByRole('article').count()).toBe(1);
    await page.reload();
    await visible(card('Ada Visitor'));
    await page.goBack();
    await visible(page.getByText('Page 1 of 2'));
  });

  it('deletes a message after a confirmation', async () => {
    await page.goto(`${server.url}/admin/messages?q=ada`);
    await card('Ada Visitor')
      .getByRole('button', { name: 'Delete message from Ada Visitor' })
      .click();
    const dialog = await visible(page.getByRole('alertdialog', { name: 'Delete message' }));
    await visible(dialog.getByText('Ada Visitor <ada.visitor@example.com>'));
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card('Ada Visitor')
      .getByRole('button', { name: 'Delete message from Ada Visitor' })
      .click();
    await page
      .getByRole('alertdialog', { name: 'Delete message' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await toast(page, 'Message deleted');
    await visible(page.getByText('No messages match your search.'));
    expect(storedContacts(server.dbPath).map((c) => c.name)).not.toContain('Ada Visitor');
  });
});

describe('subscribers screen', () => {
  it('shows a newsletter sign-up with its date and the total, exports and removes it', async () => {
    await post('/api/subscribe', { email: 'reader@example.com' });

    await page.getByRole('link', { name: 'Subscribers' }).click();
    await page.waitForURL('**/admin/subscribers');
    await visible(page.getByRole('heading', { name: 'Subscribers', level: 1 }));
    await visible(page.getByText('Newsletter sign-ups · 1 subscriber'));
    const row = page.getByRole('row', { name: /reader@example\.com/ });
    await visible(row);
    expect(await row.locator('time').last().getAttribute('datetime')).toMatch(
      /^\d{4}-\d{2}-\d{2}T/,
    );
    await expectNoAxeViolationsLightAndDark();

    const csv = await downloadBytes(page.getByRole('link', { name: 'Export CSV' }));
    expect(csv.name).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csvText(csv.bytes)).toMatch(
      /^id,email,status,createdAt,confirmedAt,unsubscribedAt\r\n1,reader@example\.com,pending,\d{4}-[^,]+Z,,\r\n$/,
    );

    await row.getByRole('button', { name: 'Remove reader@example.com' }).click();
    const dialog = await visible(page.getByRole('alertdialog', { name: 'Remove subscriber' }));
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await toast(page, 'Subscriber removed');
    await visible(page.getByText('No subscribers yet. Newsletter sign-ups appear here.'));
  });

  it('wraps a long address at a phone’s width only before its @ and dots', async () => {
    const address = 'samantha.longsurname@garage-workshop-services.example.com';
    withDatabase(server.dbPath, (db) =>
      db.prepare('insert into subscribers (email) values (?)').run(address),
    );
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(`${server.url}/admin/subscribers`);
      const cell = page
        .getByRole('row', { name: new RegExp(address.replaceAll('.', '\\.')) })
        .getByRole('cell')
        .first()
        .getByText(address, { exact: true });
      await visible(cell);
      // The text of each rendered line, read from the characters' boxes.
      const lines = await cell.evaluate((element) => {
        const text = element.textContent ?? '';
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        const tops: number[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let i = 0; i < (node.textContent ?? '').length; i++) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            tops.push(Math.round(range.getBoundingClientRect().top));
          }
        }
        const result: string[] = [];
        tops.forEach((top, i) => {
          if (i === 0 || top !== tops[i - 1]) result.push('');
          result[result.length - 1] = (result.at(-1) ?? '') + text.charAt(i);
        });
        return result;
      });
      expect(lines.join('')).toBe(address);
      expect(lines.length).toBeGreaterThan(1);
      for (const line of lines.slice(1)) expect(line).toMatch(/^[@.]/);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('filters by status: the choice, the address and the list agree, with each status counted', async () => {
    // Six addresses, oldest first; the dates as the confirmation and unsubscribe links set them.
    const people: [string, 'pending' | 'confirmed' | 'unsubscribed'][] = [
      ['ann@example.com', 'confirmed'],
      ['bob@example.com', 'pending'],
      ['cy@example.com', 'confirmed'],
      ['dee@example.com', 'unsubscribed'],
      ['eve@example.com', 'confirmed'],
      ['fay@example.com', 'pending'],
    ];
    withDatabase(server.dbPath, (db) => {
      db.prepare('delete from subscribers').run();
      const insert = db.prepare(
        `insert into subscribers (email, status, created_at, confirmed_at, unsubscribed_at)
         values (?, ?, ?, ?, ?)`,
      );
      people.forEach(([email, status], i) => {
        const created = Date.UTC(2026, 0, 10 + i, 9);
        insert.run(
          email,
          status,
          created,
          status === 'pending' ? null : created + 3_600_000,
          status === 'unsubscribed' ? created + 86_400_000 : null,
        );
      });
    });
    const newestFirst = (status?: string) =>
      people
        .filter(([, s]) => status === undefined || s === status)
        .map(([email]) => email)
        .reverse();
    const filter = page.getByRole('radiogroup', { name: 'Status' });
    const choice = (name: string) => filter.getByRole('radio', { name, exact: true });
    /** The rows shown once the list is no longer the previous one kept while loading. */
    const shown = () =>
      page.evaluate(() => {
        if (document.querySelector('table[aria-busy="true"]')) return null;
        return [...document.querySelectorAll('tbody tr')].map((row) => ({
          email: row.querySelector('td [title]')?.getAttribute('title'),
          status: row.querySelector('td:nth-child(2) > span')?.textContent?.trim(),
        }));
      });
    const rowsOf = (status: string) =>
      newestFirst(status).map((email) => ({
        email,
        status: status[0]!.toUpperCase() + status.slice(1),
      }));
    const exportLink = page.getByRole('link', { name: 'Export CSV' });

    await page.goto(`${server.url}/admin/subscribers`);
    await visible(choice('All 6'));
    for (const name of ['Confirmed 3', 'Pending 2', 'Unsubscribed 1']) await visible(choice(name));
    expect(await choice('All 6').getAttribute('aria-checked')).toBe('true');
    await expect.poll(async () => (await shown())?.map((r) => r.email)).toEqual(newestFirst());
    expect(await exportLink.getAttribute('href')).toBe('/api/subscribers.csv');

    await choice('Confirmed 3').click();
    await page.waitForURL(/\/admin\/subscribers\?status=confirmed$/);
    await expect.poll(shown).toEqual(rowsOf('confirmed'));
    expect(await choice('Confirmed 3').getAttribute('aria-checked')).toBe('true');
    expect(await choice('All 6').getAttribute('aria-checked')).toBe('false');
    expect(await exportLink.getAttribute('href')).toBe('/api/subscribers.csv?status=confirmed');
    // The confirmation date has its column; a pending address shows none.
    const eve = page.getByRole('row', { name: /eve@example\.com/ });
    expect(await eve.locator('td:nth-child(4) time').getAttribute('datetime')).toBe(
      new Date(Date.UTC(2026, 0, 14, 10)).toISOString(),
    );
    await expectNoAxeViolationsLightAndDark();

    const csv = await downloadBytes(exportLink);
    expect(
      csvText(csv.bytes)
        .split('\r\n')
        .map((line) => line.split(',').slice(1, 3).join(',')),
    ).toEqual([
      'email,status',
      ...newestFirst('confirmed').map((email) => `${email},confirmed`),
      '',
    ]);

    // Arrow keys move the choice, as in any radio group.
    await choice('Confirmed 3').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await page.waitForURL(/\?status=pending$/);
    await expect.poll(shown).toEqual(rowsOf('pending'));

    await page.reload();
    await expect.poll(shown).toEqual(rowsOf('pending'));
    expect(await choice('Pending 2').getAttribute('aria-checked')).toBe('true');
    await page.goBack();
    await page.waitForURL(/\?status=confirmed$/);
    await expect.poll(shown).toEqual(rowsOf('confirmed'));
    expect(await choice('Confirmed 3').getAttribute('aria-checked')).toBe('true');

    await page.goto(`${server.url}/admin/subscribers?status=unsubscribed`);
    await expect.poll(shown).toEqual(rowsOf('unsubscribed'));
    expect(await choice('Unsubscribed 1').getAttribute('aria-checked')).toBe('true');
    await expectNoAxeViolationsLightAndDark();

    await choice('All 6').click();
    await page.waitForURL(/\/admin\/subscribers$/);
    await expect.poll(async () => (await shown())?.map((r) => r.email)).toEqual(newestFirst());
  });

  it('fits a phone and a wide screen, status readable as a word, in both themes', async () => {
    for (const [width, height] of [
      [390, 844],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      try {
        await page.goto(`${server.url}/admin/subscribers?status=unsubscribed`);
        const row = await visible(page.getByRole('row', { name: /dee@example\.com/ }));
        // The badge says the status in words wherever the table puts it.
        await visible(row.getByText('Unsubscribed', { exact: true }).filter({ visible: true }));
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth),
          `no sideways scrolling at ${width} px`,
        ).toBeLessThanOrEqual(width);
        const filterBox = (await page.getByRole('radiogroup', { name: 'Status' }).boundingBox())!;
        expect(filterBox.x + filterBox.width).toBeLessThanOrEqual(width);
        // Axe at the phone's layout; the wide one is the same markup the filter test above
        // checks at 1280 px, unsubscribed rows included, in both themes.
        if (width === 390) await expectNoAxeViolationsLightAndDark();
      } finally {
        await page.setViewportSize({ width: 1280, height: 800 });
      }
    }
  });

  it('adds one by keyboard and imports a CSV at a phone’s width: each row answered, the mail, search and resend', async () => {
    withDatabase(server.dbPath, (db) => db.prepare('delete from subscribers').run());
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(`${server.url}/admin/subscribers`);
      await visible(page.getByText('No subscribers yet. Newsletter sign-ups appear here.'));
      const tools = page.getByRole('region', { name: 'Add subscribers' });

      // One address by hand, by keyboard alone: pending, and mailed its confirmation.
      const addForm = tools.getByRole('form', { name: 'Add one address' });
      await addForm.getByLabel('E-mail address').focus();
      await page.keyboard.type('hand@example.com');
      await page.keyboard.press('Enter');
      await toast(page, 'Subscriber added');
      const first = await smtp.waitForMail({ to: 'hand@example.com', timeoutMs: 20_000 });
      expect(first.text).toMatch(/https:\/\/acme\.example\/newsletter\/confirm\?token=/);
      await visible(page.getByRole('row', { name: /hand@example\.com/ }));

      // A file from another tool: quoted cells, `;` separators, a repeat and a bad row.
      const importForm = tools.getByRole('form', { name: 'Import a CSV file' });
      await importForm.getByLabel('CSV file with an e-mail column').setInputFiles({
        name: 'contacts.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          'Name;"E-mail address"\n"Doe; Jane";jane@example.com\nHand;HAND@example.com\nOops;not-an-address\n',
        ),
      });
      // The owner states these people agreed elsewhere: confirmed at once, no mail.
      await importForm.getByRole('checkbox', { name: /agreed to receive the newsletter/ }).focus();
      await page.keyboard.press('Space');
      await importForm.getByRole('button', { name: 'Import' }).focus();
      await page.keyboard.press('Enter');
      await visible(importForm.getByText('1 added, 1 already there, 1 invalid.'));
      const results = importForm.getByRole('region', { name: 'Import results' });
      for (const [address, result] of [
        ['not-an-address', 'Invalid'],
        ['HAND@example.com', 'Already there'],
        ['jane@example.com', 'Added'],
      ]) {
        await visible(results.getByRole('row', { name: new RegExp(`${address}.*${result}`) }));
      }
      await visible(page.getByRole('radio', { name: 'Confirmed 1', exact: true }));
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        'no sideways scrolling at 390 px',
      ).toBeLessThanOrEqual(390);
      await expectNoAxeViolationsLightAndDark();

      // Search by part of the address, kept in the page's address.
      await page.getByLabel('Search by address').fill('JANE');
      await page.waitForURL(/\?q=JANE$/);
      await visible(page.getByText('Newsletter sign-ups · 1 found'));
      const list = page.getByRole('table', { name: /newest first/ });
      await visible(list.getByRole('row', { name: /jane@example\.com/ }));
      await page.getByLabel('Search by address').fill('');
      await page.waitForURL(/\/admin\/subscribers$/);

      // Resend to the pending address: a new mail, then the 24-hour rule says no.
      const resend = page.getByRole('button', { name: 'Resend confirmation to hand@example.com' });
      await resend.click();
      await toast(page, 'Confirmation mail queued');
      const second = await smtp.waitForMail({ to: 'hand@example.com', timeoutMs: 20_000 });
      expect(second.text).toMatch(/\/newsletter\/confirm\?token=/);
      await resend.click();
      await visible(page.getByText(/Not resent: A confirmation was resent less than 24 hours ago/));
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});
