/**
 * Drafts written by AI, in the browser (docs/leads.md, "Drafts"; docs/newsletter.md, "A draft
 * from an entry"), against the server with AI set up and an OpenAI-compatible provider
 * of the test's own (tests/support/openai-server.ts): on a phone's 390 px, by keyboard, the
 * owner has a reply drafted, sends it as the ordinary reply (caught by a real SMTP server),
 * dismisses a draft their assistant kept on the lead, and has a newsletter draft written from a
 * published insight, which opens in its editor. Axe checks each screen in dark and light.
 * One server, one browser, one signed-in page for the file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  startOpenAiServer,
  type OpenAiServer,
  type RecordedRequest,
} from '#tests/support/openai-server';
import {
  apiRequest,
  newPage,
  startServerAndBrowser,
  startSmtpCatcher,
  withDatabase,
  type RunningServer,
  type SmtpCatcher,
} from './support';
import {
  addUser,
  expectNoAxeViolations,
  showColorScheme,
  startSignedIn,
  toast,
  visible,
} from './admin-support';

const visitor = {
  name: 'Lin Visitor',
  email: 'lin.visitor@example.com',
  company: 'Lin Labs',
  subject: 'consulting',
  message: 'We would like a pilot for our support inbox.',
  privacy: true,
};

const REPLY = {
  subject: 'Your support inbox pilot',
  text: 'Hello Lin,\n\nThank you for writing. A pilot takes **two weeks**; shall we talk on Thursday?',
};

const NEWSLETTER = {
  subject: 'How we answer in minutes',
  text: 'Our support team used to answer in days.\n\nHere is what changed.',
};

const INSIGHT = {
  kind: 'insight',
  title: 'Answers in minutes, not days',
  summary: 'A support team cut its time to answer.',
  body: 'Tickets waited **two days**. Now they wait minutes.',
};

let server: RunningServer;
let browser: Browser;
let smtp: SmtpCatcher;
let model: OpenAiServer;
let page: Page;

/** The system message of a chat request: which feature asked. */
function instructions(request: RecordedRequest): string {
  const system = request.body.messages?.find((message) => message.role === 'system');
  return typeof system?.content === 'string' ? system.content : '';
}

/**
 * The fake model answers each feature in the shape it asks for (docs/ai.md): the triage's
 * label, and one `{ subject, text }` object for either draft.
 */
function answer(request: RecordedRequest): string {
  const asked = instructions(request);
  if (asked.startsWith('You sort enquiries')) {
    return JSON.stringify({
      label: 'genuine',
      reason: 'A pilot for their inbox.',
      summary: 'Pilot.',
    });
  }
  if (/newsletter/i.test(asked)) return JSON.stringify(NEWSLETTER);
  return JSON.stringify(REPLY);
}

beforeAll(async () => {
  [smtp, model] = await Promise.all([startSmtpCatcher(), startOpenAiServer({ answer })]);
  [server, browser] = await startServerAndBrowser({
    env: {
      SMTP_URL: smtp.url,
      SITE_URL: 'https://acme.example',
      REPLY_TO: 'owner@acme.example',
      CONTACT_NOTIFY_TO: 'notify@acme.example',
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: model.baseUrl,
      AI_MODEL: 'fake-model',
    },
  });
  await addUser(server.dbPath, 'owner');
  page = await newPage(browser, { width: 390, height: 844 });
  await startSignedIn(page, server, 'owner');
});

afterAll(async () => {
  await page?.context().close();
  await browser?.close();
  await server?.stop();
  await smtp?.close();
  await model?.close();
});

/**
 * Light and dark, at 390 px: the mail's preview frames left out (sandboxed, they hold the
 * mail's markup, not the admin's).
 */
async function expectAxeClean(): Promise<void> {
  for (const scheme of ['dark', 'light'] as const) {
    await showColorScheme(page, scheme);
    await expectNoAxeViolations(page, { exclude: ['iframe'] });
  }
}

const timeline = () => page.getByRole('list', { name: 'Timeline' });

describe('a reply drafted by the model', () => {
  it('fills the editor, and goes as the ordinary reply', async () => {
    const response = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(visitor),
    });
    expect(response.status).toBe(201);
    const leadId = withDatabase(server.dbPath, (db) => {
      const lead = db.prepare('select id from leads where email = ?').get(visitor.email) as {
        id: number;
      };
      // A draft the owner's assistant kept on the lead over MCP (lead_reply_draft).
      db.prepare(
        'insert into lead_drafts (lead_id, subject, text, by, at) values (?, ?, ?, ?, ?)',
      ).run(
        lead.id,
        'Kept by the assistant',
        'Hello Lin, <b>soon</b>.',
        'owner via Claude',
        Date.now(),
      );
      return lead.id;
    });

    await page.goto(`${server.url}/admin/leads/${leadId}`);
    await visible(page.getByRole('heading', { name: visitor.name, level: 1 }));
    const kept = await visible(page.getByRole('list', { name: 'Drafts from your assistant' }));
    await visible(kept.getByText('Hello Lin, <b>soon</b>.'));

    await page.getByRole('button', { name: 'Draft a reply' }).press('Enter');
    const reply = page.getByRole('textbox', { name: 'Reply (Markdown)' });
    await expect.poll(() => reply.inputValue(), { timeout: 20_000 }).toBe(REPLY.text);
    expect(await page.getByRole('textbox', { name: 'Subject (optional)' }).inputValue()).toBe(
      REPLY.subject,
    );
    await visible(page.getByRole('status').getByText(/^The draft is in the editor/));
    // What the model was sent holds the visitor's words, as quoted data.
    const drafting = model.chatRequests().filter((r) => !instructions(r).startsWith('You sort'));
    expect(JSON.stringify(drafting.at(-1)?.body.messages)).toContain(visitor.message);
    await expectAxeClean();

    // The assistant's draft is dismissed, by keyboard.
    await kept.getByRole('button', { name: 'Dismiss' }).press('Enter');
    await toast(page, 'Draft dismissed');
    await expect.poll(() => kept.count()).toBe(0);

    await page.getByRole('button', { name: 'Send reply' }).press('Enter');
    const sent = timeline().getByRole('listitem').filter({ hasText: 'Reply by owner' });
    await visible(sent);
    const mail = await smtp.waitForMail({ to: visitor.email });
    expect(mail.subject).toBe(REPLY.subject);
    expect(mail.text).toContain('A pilot takes two weeks');
    expect(mail.raw).toMatch(/^Reply-To: owner@acme\.example\r?$/m);
  });
});

describe('a newsletter draft written by the model', () => {
  it('opens the new draft in its editor', async () => {
    const made = await apiRequest(page, `${server.url}/api/entries`, {
      method: 'POST',
      data: INSIGHT,
    });
    expect(made.status()).toBe(201);
    const { entry } = (await made.json()) as { entry: { id: number } };
    const published = await apiRequest(page, `${server.url}/api/entries/${entry.id}/publish`, {
      method: 'POST',
    });
    expect(published.status()).toBe(200);

    await page.goto(`${server.url}/admin/content/insights/${entry.id}`);
    const write = await visible(page.getByRole('button', { name: 'Write it with AI' }));
    await expectAxeClean();
    await write.press('Enter');
    await toast(page, 'Newsletter draft written');
    await page.waitForURL(/\/admin\/newsletters\/\d+$/);
    expect(await page.getByRole('textbox', { name: 'Subject' }).inputValue()).toBe(
      NEWSLETTER.subject,
    );
    expect(await page.getByRole('textbox', { name: /Body/ }).inputValue()).toContain(
      'Here is what changed.',
    );
    await expectAxeClean();
  });
});
