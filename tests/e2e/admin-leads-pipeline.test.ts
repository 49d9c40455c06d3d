/**
 * The owner's day with a lead, in the browser (docs/admin-guide.md, "Leads"): an enquiry
 * arrives, it waits at the top of the Leads screen, they open it from there, write a note,
 * reply (caught by a real SMTP server), see the reply sent, and mark the lead won with a
 * value; a value that is not whole is refused at its field with the server's words. The
 * screens are checked at 390 px in light and dark with axe. One server, one browser, one
 * signed-in session for the file.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  axeViolations,
  newPage,
  startServerAndBrowser,
  startSmtpCatcher,
  type RunningServer,
  type SmtpCatcher,
} from './support';
import { startDovecot, type Dovecot } from '#tests/support/dovecot';
import { addUser, showColorScheme, startSignedIn, toast, visible } from './admin-support';

const visitor = {
  name: 'Lin Visitor',
  email: 'lin.visitor@example.com',
  company: 'Lin Labs',
  subject: 'consulting',
  message: 'We would like a pilot for our support inbox.',
  privacy: true,
};

let server: RunningServer;
let browser: Browser;
let smtp: SmtpCatcher;
let dovecot: Dovecot;
let page: Page;

beforeAll(async () => {
  [smtp, dovecot] = await Promise.all([startSmtpCatcher(), startDovecot()]);
  [server, browser] = await startServerAndBrowser({
    env: {
      SMTP_URL: smtp.url,
      SITE_URL: 'https://acme.example',
      REPLY_TO: 'owner@acme.example',
      CONTACT_NOTIFY_TO: 'notify@acme.example',
      // The owner's mailbox, where the lead's answer arrives (read every 5 seconds).
      IMAP_URL: dovecot.url,
      IMAP_POLL_SECONDS: '5',
    },
  });
  await addUser(server.dbPath, 'owner');
});

afterAll(async () => {
  await page?.context().close();
  await browser?.close();
  await server?.stop();
  await smtp?.close();
  await dovecot?.stop();
});

/**
 * Light, then dark: no axe violation in either. The reply's preview frames are left out, as
 * in the newsletter suite: sandboxed, they run no script (axe's included), and they hold the
 * mail, whose markup is a mail client's, not the admin's.
 */
async function expectAxeCleanLightAndDark(): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await showColorScheme(page, scheme);
    expect(await axeViolations(page, { exclude: ['iframe[sandbox]'] })).toEqual([]);
  }
  await showColorScheme(page, 'light');
}

const timeline = () => page.getByRole('list', { name: 'Timeline' });

describe('a lead from enquiry to client', () => {
  it('waits for a first answer at the top of the Leads screen, and opens from there', async () => {
    const response = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(visitor),
    });
    expect(response.status).toBe(201);

    page = await newPage(browser, { width: 390, height: 844 });
    await startSignedIn(page, server, 'owner');
    // On a phone the sections are behind the menu button.
    await page.getByRole('button', { name: 'Menu' }).click();
    await visible(
      page
        .getByRole('navigation', { name: 'Admin sections' })
        .getByRole('link', { name: 'Messages, 1 unread' }),
    );
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Leads' })
      .click();
    await page.waitForURL('**/admin/leads');
    const waiting = await visible(page.getByRole('list', { name: 'Waiting for a first answer' }));
    await visible(waiting.getByText(/^waiting \d+ min$/));
    // The list below has it too, with its status and the whole-number filter counts.
    await visible(page.getByRole('radio', { name: 'New 1' }));
    await visible(page.getByRole('table').getByRole('link', { name: visitor.name }));
    // IMAP_URL is set: the screen says the mailbox is read, and when it was last.
    await visible(page.getByText(/^Answers are read from your mailbox; last looked /));
    await expectAxeCleanLightAndDark();

    await waiting.getByRole('link', { name: visitor.name }).click();
    await page.waitForURL('**/admin/leads/*');
    await visible(page.getByRole('heading', { name: visitor.name, level: 1 }));
    await visible(timeline().getByText(visitor.message));

    // Opening it read its message: the navigation's unread badge follows without a reload.
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    const sections = page.getByRole('navigation', { name: 'Admin sections' });
    await visible(sections.getByRole('link', { name: 'Messages', exact: true }));
    await menu.click();

    // Its message opens in Messages, which links back to the lead.
    await timeline().getByRole('link', { name: 'Open message' }).click();
    await page.waitForURL('**/admin/messages/*');
    await page.getByRole('link', { name: 'Open lead' }).click();
    await page.waitForURL('**/admin/leads/*');
    await visible(page.getByRole('heading', { name: visitor.name, level: 1 }));
  });

  it('keeps a private note, and refuses one too long at its field', async () => {
    const note = page.getByRole('textbox', { name: 'Note' });
    await note.fill('x'.repeat(5001));
    await page.getByRole('button', { name: 'Add note' }).click();
    await visible(page.getByText('Note must be at most 5,000 characters'));

    await note.fill('Called them: they want a quote by Friday.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await visible(timeline().getByText('Note by owner'));
    await visible(timeline().getByText('Called them: they want a quote by Friday.'));
    await expect.poll(() => note.inputValue()).toBe('');
    await expectAxeCleanLightAndDark();
  });

  it('sends a reply, shown sending at once and then sent, as mail to the lead', async () => {
    await page.getByRole('textbox', { name: 'Reply (Markdown)' }).fill('Hello Lin,\n\n**Gladly.**');
    // The preview is the mail as it goes out.
    const preview = page.getByTitle('E-mail preview, light scheme');
    await expect
      .poll(() => preview.getAttribute('srcdoc'), { timeout: 10_000 })
      .toContain('<strong>Gladly.</strong>');
    await page.getByRole('button', { name: 'Send reply' }).click();
    const reply = timeline().getByRole('listitem').filter({ hasText: 'Reply by owner' });
    await visible(reply);

    const mail = await smtp.waitForMail({ to: visitor.email });
    expect(mail.text).toContain('Gladly.');
    expect(mail.raw).toMatch(/^Reply-To: owner@acme\.example\r?$/m);
    await visible(reply.getByText('Sent', { exact: true }), 20_000);
    // The first reply moved the lead on.
    await expect.poll(() => page.getByRole('radio', { name: 'Replied' }).isChecked()).toBe(true);
    await expectAxeCleanLightAndDark();
  });

  it('shows the answer that comes back to the owner\u2019s mailbox, its quoted history cut, and asks for attention', async () => {
    const mail = smtp.messages.find((m) => m.to.includes(visitor.email.toLowerCase()));
    const replyId = /^Message-ID: (<[^>]+>)\r?$/im.exec(mail?.raw ?? '')?.[1];
    expect(replyId).toMatch(/@acme\.example>$/);
    await dovecot.append(
      [
        `From: ${visitor.name} <${visitor.email}>`,
        'To: owner@acme.example',
        'Subject: Re: AI Consulting Services',
        'Message-ID: <answer-1@lin-labs.example>',
        `In-Reply-To: ${replyId}`,
        `References: ${replyId}`,
        '',
        'Thursday at 10 suits us.',
        '',
        'On Tue, 3 Mar 2026 at 10:00, Acme AI Engineering <no-reply@localhost> wrote:',
        '> Hello Lin,',
        '',
      ].join('\r\n'),
    );
    // The poller looks every 5 seconds; the owner opens the lead again.
    const answer = timeline().getByRole('listitem').filter({ hasText: 'Answer from' });
    await expect
      .poll(
        async () => {
          await page.reload();
          await visible(page.getByRole('heading', { name: visitor.name, level: 1 }));
          return answer.count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(1);
    expect(await answer.innerText()).toContain('Thursday at 10 suits us.');
    expect(await answer.innerText()).not.toContain('Hello Lin');

    // It asks for the owner: a notice mail, the Leads link's badge, and first in Needs attention.
    await expect
      .poll(() =>
        smtp.messages
          .filter((m) => m.to.includes('notify@acme.example'))
          .map((m) => m.subject)
          .filter((subject) => subject.startsWith('New answer')),
      )
      .toEqual([`New answer from ${visitor.name}`]);
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Leads, 1 answer waiting' })
      .click();
    await page.waitForURL('**/admin/leads');
    const attention = page.getByRole('region', { name: 'Needs attention' });
    const lists = attention.getByRole('list');
    expect(await lists.first().getAttribute('aria-label')).toBe('Answered, waiting for you');
    await visible(lists.first().getByText(/^waiting \d+ min$/));
    await lists.first().getByRole('link', { name: visitor.name }).click();
    await page.waitForURL('**/admin/leads/*');
    await visible(page.getByRole('heading', { name: visitor.name, level: 1 }));
  });

  it('is marked won with a value; a value that is not whole is refused at its field', async () => {
    await page.getByRole('radio', { name: 'Won' }).check({ force: true });
    const value = page.getByRole('textbox', { name: 'Value' });
    await value.fill('1200.5');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(page.getByText(/^Value must be a whole number/));

    await value.fill('12000');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Lead saved');
    // From Replied, where the reply above moved it; the entry names who changed it.
    await visible(timeline().getByText('owner changed the status from Replied to Won'));
    expect(await page.getByRole('radio', { name: 'Won' }).isChecked()).toBe(true);

    // Back on the list, it counts as won, with its value.
    await page.getByRole('link', { name: 'All leads' }).click();
    await page.waitForURL('**/admin/leads');
    await visible(page.getByRole('radio', { name: 'Won 1' }));
    const row = await visible(page.getByRole('row', { name: new RegExp(visitor.name) }));
    expect(await row.innerText()).toContain('12,000');
    await expectAxeCleanLightAndDark();

    // The Overview answers which sources bring clients: the enquiry came with no page read
    // before it, so Direct brought one lead, won, worth €12,000; and it was answered in minutes.
    await page.goto(`${server.url}/admin/overview`);
    const clients = await visible(page.getByRole('table', { name: 'Clients by source' }));
    const cells = await clients
      .getByRole('row', { name: /^Direct/ })
      .getByRole('cell')
      .allInnerTexts();
    expect(cells.slice(-3)).toEqual(['1', '1', '€12,000']);
    await visible(page.getByRole('region', { name: 'Totals' }).getByText(/^\d+ min$/));
  });

  it('exports the person’s data, then erases it after asking', async () => {
    // Opened afresh, the list stays where it first drew: what sits above it (the attention
    // block, the mailbox's line) comes with it, so a press aimed at a name lands on it. The
    // mailbox's line once came later and pushed the list 52 px down on a phone.
    // Its place is taken as the link is added, before the page runs anything else (a
    // mutation observer's callback), so no read of the test can come first.
    const firstDrawn = await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        const link = document.querySelector('table a');
        if (link === null) return;
        observer.disconnect();
        document.documentElement.dataset.firstLinkTop = String(link.getBoundingClientRect().top);
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${server.url}/admin/leads`);
    await firstDrawn.dispose();
    const link = page.getByRole('table').getByRole('link', { name: visitor.name });
    await visible(page.getByText(/^Answers are read from your mailbox/));
    expect(await link.evaluate((a) => String(a.getBoundingClientRect().top))).toBe(
      await page.evaluate(() => document.documentElement.dataset.firstLinkTop),
    );
    await link.click();
    await page.waitForURL('**/admin/leads/*');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^lead-\d+-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = await readFile(await download.path(), 'utf8');
    expect(exported).toContain(visitor.email);
    expect(exported).toContain(visitor.message);

    await page.getByRole('button', { name: 'Erase' }).click();
    const dialog = await visible(
      page.getByRole('alertdialog', { name: "Erase this person's data" }),
    );
    await dialog.getByRole('button', { name: 'Erase' }).click();
    await page.waitForURL('**/admin/leads');
    await visible(page.getByText('No leads yet.', { exact: false }));
  });
});
