/**
 * After the deal, in the browser (docs/engagements.md), its steps in order: a proposal is
 * accepted (through its API: its page is proposal-accepted.test.ts's), and the client opens
 * the work's page from the acceptance mail on a 390 px phone, by keyboard alone and axe-clean:
 * downloads the signed PDF, sends a message and a file; the owner answers from the admin and
 * the answer shows on the page; the client approves a testimonial request, which the home page
 * shows once published, and withdraws it from the mailed link, which takes it off the home
 * page at once.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  apiRequest,
  newPage,
  startServerAndBrowser,
  startSmtpCatcher,
  type CaughtMail,
  type RunningServer,
  type SmtpCatcher,
} from './support';
import { addUser, toast, visible, withSession } from './admin-support';
import {
  expectClientPageAxeClean,
  fileChooserFrom,
  mailTo,
  ownerRequest,
  tabTo,
} from './support/client-pages';

const OWNER_INBOX = 'notify@acme.example';
const client = {
  name: 'Noor Haddad',
  email: 'noor@client.example',
  company: 'Noor Labs',
  subject: 'consulting',
  message: 'Could you send us a proposal for a support inbox pilot?',
  privacy: true,
};
const WORDS = 'They set up our support inbox in four weeks, and it answers itself.';

let server: RunningServer;
let browser: Browser;
let smtp: SmtpCatcher;
let owner: Page;
let phone: Page;
let workLink: string;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  [server, browser] = await startServerAndBrowser({
    env: { SMTP_URL: smtp.url, CONTACT_NOTIFY_TO: OWNER_INBOX },
  });
  await addUser(server.dbPath, 'owner');
});

afterAll(async () => {
  await owner?.context().close();
  await phone?.context().close();
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/** A client's page at 390 px: axe-clean in both schemes, nothing wider than the phone. */
async function expectPhoneClean(page: Page): Promise<void> {
  await expectClientPageAxeClean(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

/** A link of the site's in a mail, made to reach this test's server. */
function linkIn(mail: CaughtMail, path: RegExp): string {
  const found = new RegExp(`https?://[^/\\s]+(${path.source})`).exec(mail.text);
  expect(found, mail.text).not.toBeNull();
  return `${server.url}${found![1]}`;
}

describe('the client’s work page, from the acceptance to a withdrawn testimonial', () => {
  it('opens from the acceptance mail on a phone, and gives the signed PDF by keyboard', async () => {
    const enquiry = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(client),
    });
    expect(enquiry.status).toBe(201);
    owner = await newPage(browser);
    await withSession(owner, server, 'owner');
    const { proposal } = (await ownerRequest(owner, server.url, 'POST', '/api/leads/1/proposals', {
      title: 'Support inbox pilot',
    })) as { proposal: { id: number } };
    await ownerRequest(owner, server.url, 'PATCH', `/api/proposals/${proposal.id}`, {
      items: [{ description: 'Pilot, four weeks', quantity: 1, unitAmount: 1_000_000 }],
    });
    await ownerRequest(owner, server.url, 'POST', `/api/proposals/${proposal.id}/send`);
    const offer = await mailTo(smtp, client.email, /^Proposal P-\d{4}-1: Support inbox pilot$/);
    const token = /\/p\/([\w-]{43})/.exec(offer.text)![1]!;
    const accepted = await fetch(`${server.url}/api/p/${token}/accept`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', origin: server.url },
      body: JSON.stringify({ name: client.name, email: client.email, agree: true }),
    });
    expect(accepted.status, await accepted.text()).toBe(200);

    workLink = linkIn(await mailTo(smtp, client.email, /^You accepted proposal/), /\/e\/[\w-]{43}/);
    phone = await newPage(browser, { width: 390, height: 844, isMobile: true, hasTouch: true });
    await phone.goto(workLink);
    await visible(phone.getByRole('heading', { name: 'Support inbox pilot', level: 1 }));
    await expectPhoneClean(phone);

    const pdf = phone.getByRole('link', { name: 'Download the signed proposal (PDF)' });
    await tabTo(phone, pdf);
    const [download] = await Promise.all([
      phone.waitForEvent('download'),
      phone.keyboard.press('Enter'),
    ]);
    expect(
      readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('sends a file by keyboard once the owner allows client uploads', async () => {
    await ownerRequest(owner, server.url, 'PATCH', '/api/engagements/1', { clientUploads: true });
    await phone.reload();
    await tabTo(phone, phone.getByLabel('Share a file'));
    const chooser = await fileChooserFrom(phone, () => phone.keyboard.press('Space'));
    await chooser.setFiles({
      name: 'brief.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('What the inbox must answer first.\n'),
    });
    await tabTo(phone, phone.getByRole('button', { name: 'Upload' }));
    await phone.keyboard.press('Enter');
    await phone.waitForURL(/#files$/);
    await visible(phone.getByRole('link', { name: 'brief.txt' }));
  });

  it('sends a message by keyboard, which the owner answers from the admin', async () => {
    await tabTo(phone, phone.getByRole('textbox', { name: 'Your message' }));
    await phone.keyboard.type('When do we start?');
    await phone.keyboard.press('Tab');
    await phone.keyboard.press('Enter');
    await phone.waitForURL(/#thread$/);
    await visible(phone.getByText('When do we start?'));
    await mailTo(smtp, OWNER_INBOX, /engagement page/i);

    await owner.goto(`${server.url}/admin/leads/1`);
    await owner.getByRole('textbox', { name: 'Reply (Markdown)' }).fill('Monday at nine.');
    await owner.getByRole('button', { name: 'Send reply' }).click();
    await toast(owner, 'Reply stored');
    // The reply is mailed too (under the thread's subject, which the lead's messages set).
    for (let mail = await smtp.waitForMail({ to: client.email, timeoutMs: 20_000 }); ;) {
      if (mail.text.includes('Monday at nine.')) break;
      mail = await smtp.waitForMail({ to: client.email, timeoutMs: 20_000 });
    }
    await phone.reload();
    await visible(phone.getByText('Monday at nine.'));
    await expectPhoneClean(phone);
  });

  it('approves a testimonial by keyboard that the home page shows, and withdraws it', async () => {
    await ownerRequest(owner, server.url, 'POST', '/api/leads/1/testimonial-requests', {
      text: WORDS,
    });
    const asked = await mailTo(smtp, client.email, /^A few words about working with/);
    await phone.goto(linkIn(asked, /\/t\/[\w-]{43}/));
    await visible(phone.getByRole('heading', { name: 'Your words about our work' }));
    await expectPhoneClean(phone);
    await tabTo(phone, phone.getByRole('checkbox', { name: 'My name' }));
    await phone.keyboard.press('Space');
    await tabTo(phone, phone.getByRole('checkbox', { name: /^I agree that these words/ }));
    await phone.keyboard.press('Space');
    await tabTo(phone, phone.getByRole('button', { name: 'Approve' }));
    await phone.keyboard.press('Enter');
    await visible(phone.getByText(/^Thank you\. Your words were saved/));
    await expectPhoneClean(phone);

    const { testimonials } = (await (
      await apiRequest(owner, `${server.url}/api/testimonials`)
    ).json()) as { testimonials: { id: number; quote: string }[] };
    const approved = testimonials.find((t) => t.quote === WORDS);
    await ownerRequest(owner, server.url, 'POST', `/api/testimonials/${approved!.id}/publish`);
    await phone.goto(server.url);
    await visible(phone.getByText(WORDS));

    const thanks = await mailTo(smtp, client.email, /^Thank you for your words/);
    await phone.goto(linkIn(thanks, /\/t\/withdraw\/[\w-]{43}/));
    await expectPhoneClean(phone);
    await tabTo(phone, phone.getByRole('button', { name: 'Withdraw it' }));
    await phone.keyboard.press('Enter');
    await visible(phone.getByText(/^Your testimonial was withdrawn/));
    // The home page's proof is written into its HTML by the server: read at once, it is gone.
    const home = await (await fetch(server.url)).text();
    expect(home).toContain('<h1');
    expect(home).not.toContain(WORDS);
  });
});
