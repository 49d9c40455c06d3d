/**
 * A proposal's whole way in the browser (docs/proposals.md, docs/invoices.md), its steps in
 * order: the owner, with invoicing set up, writes and sends it from the admin, its item taking
 * the profile's VAT; the client opens the mailed link on a 390 px phone and accepts it by
 * keyboard alone (axe-clean in light and dark); the signed PDF reaches both sides; the client
 * pays the deposit with its VAT through Stripe's Checkout (the tests' fake Stripe, which
 * delivers the signed webhook as Stripe does), which issues and mails the deposit invoice; the
 * owner issues and sends the final invoice with the deposit deducted from the lead's page, the
 * admin's invoice screens axe-clean; the client pays the
 * balance on the invoice's page at 390 px by keyboard alone, axe-clean; the lead then shows Won,
 * and both payments. The site's address is http://localhost:<its port>, which
 * the mailed link and Stripe's way back (the Checkout Session's address on the site) name, so
 * the browser follows them to this test's server.
 */
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { parseMail } from '#tests/support/mime';
import { pdfText } from '#tests/support/pdf-text';
import {
  startFakeStripe,
  TEST_SECRET_KEY,
  TEST_WEBHOOK_SECRET,
  type FakeStripe,
} from '#tests/support/fake-stripe';
import {
  newPage,
  startServerAndBrowser,
  startSmtpCatcher,
  type RunningServer,
  type SmtpCatcher,
} from './support';
import { addUser, expectNoAxeViolations, toast, visible, withSession } from './admin-support';
import { expectClientPageAxeClean, mailTo, ownerRequest, tabTo } from './support/client-pages';
import { domesticBuyer, SELLER_PROFILE } from '#tests/support/invoices';

const OWNER_INBOX = 'notify@acme.example';
const client = {
  name: 'Noor Haddad',
  email: 'noor@client.example',
  company: 'Noor Labs',
  subject: 'consulting',
  message: 'Could you send us a proposal for a support inbox pilot?',
  privacy: true,
};

let server: RunningServer;
let browser: Browser;
let smtp: SmtpCatcher;
let stripe: FakeStripe;
let owner: Page;
let phone: Page;
let link: string;

beforeAll(async () => {
  [smtp, stripe] = await Promise.all([startSmtpCatcher(), startFakeStripe()]);
  const port = await freePort();
  [server, browser] = await startServerAndBrowser({
    env: {
      PORT: String(port),
      SITE_URL: `http://localhost:${port}`,
      SMTP_URL: smtp.url,
      CONTACT_NOTIFY_TO: OWNER_INBOX,
      STRIPE_SECRET_KEY: TEST_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
    },
  });
  stripe.deliverTo(`${server.url}/api/payments/stripe/webhook`);
  await addUser(server.dbPath, 'owner');
});

afterAll(async () => {
  await owner?.context().close();
  await phone?.context().close();
  await browser?.close();
  await server?.stop();
  await Promise.all([smtp?.close(), stripe?.close()]);
});

/** A port no one listens on now, for a server whose address must be known before it starts. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('a proposal from the admin to a paid deposit', () => {
  it('is written and sent from the admin', async () => {
    const enquiry = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(client),
    });
    expect(enquiry.status).toBe(201);
    owner = await newPage(browser);
    await withSession(owner, server, 'owner');
    // Invoicing set up: a German seller at 19 %, and the client's company as the lead's buyer.
    await ownerRequest(owner, server.url, 'PUT', '/api/invoices/settings', {
      ...SELLER_PROFILE,
      reminderOffsets: [],
    });
    await ownerRequest(owner, server.url, 'PATCH', '/api/leads/1', {
      buyer: { ...domesticBuyer, email: null },
    });
    await owner.goto(`${server.url}/admin/leads/1`);
    const proposals = await visible(owner.getByRole('region', { name: 'Proposals' }));
    await proposals
      .getByRole('textbox', { name: 'Title of a new proposal' })
      .fill('Support inbox pilot');
    await proposals.getByRole('button', { name: 'New proposal' }).click();
    await owner.waitForURL(/\/admin\/proposals\/\d+$/);
    await owner.getByRole('button', { name: 'Add item' }).click();
    await owner.getByRole('textbox', { name: 'Item 1 description' }).fill('Pilot, four weeks');
    await owner.getByRole('textbox', { name: 'Quantity' }).fill('1');
    await owner.getByRole('textbox', { name: 'Unit price (EUR)' }).fill('10000.00');
    await owner.getByRole('radio', { name: 'Percent' }).check({ force: true });
    await owner.getByRole('textbox', { name: 'Deposit (%)' }).fill('30');
    await owner.getByRole('button', { name: 'Save' }).click();
    await toast(owner, 'Proposal saved');
    await owner.getByRole('button', { name: 'Send', exact: true }).click();
    const dialog = await visible(owner.getByRole('alertdialog', { name: 'Send this proposal' }));
    await dialog.getByRole('button', { name: 'Send' }).click();
    await toast(owner, 'Proposal sent');

    const mail = await mailTo(smtp, client.email, /^Proposal P-\d{4}-1: Support inbox pilot$/);
    link = /http:\/\/localhost:\d+\/p\/[\w-]{43}/.exec(mail.text)![0];
  });

  it('is accepted on a phone by keyboard alone, axe-clean in light and dark', async () => {
    phone = await newPage(browser, { width: 390, height: 844, isMobile: true, hasTouch: true });
    await phone.goto(link);
    await visible(phone.getByRole('heading', { name: 'Support inbox pilot', level: 1 }));
    await visible(phone.getByText('€10,000.00').first());
    await expectClientPageAxeClean(phone);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    // From the top of the page, Tab until the name field: no pointer at all.
    const name = phone.getByRole('textbox', { name: 'Your full name' });
    for (let i = 0; i < 40 && !(await name.evaluate((el) => el === document.activeElement)); i++) {
      await phone.keyboard.press('Tab');
    }
    await phone.keyboard.type(client.name);
    await phone.keyboard.press('Tab');
    await phone.keyboard.type(client.email);
    await phone.keyboard.press('Tab');
    expect(await phone.evaluate(() => document.activeElement?.id)).toBe('accept-agree');
    await phone.keyboard.press('Space');
    await phone.keyboard.press('Tab');
    await phone.keyboard.press('Enter');
    await phone.waitForURL(/\?done=accepted$/);
    await visible(phone.getByText(`Accepted by ${client.name}`, { exact: false }));
    await visible(phone.getByRole('link', { name: /signed PDF/i }));
    await expectClientPageAxeClean(phone);
  });

  it('mails the signed PDF to both sides', async () => {
    for (const to of [client.email, OWNER_INBOX]) {
      const mail = await mailTo(smtp, to, /accepted proposal P-\d{4}-1$/);
      const { files } = await parseMail(Buffer.from(mail.raw));
      const pdf = files.find((file) => file.contentType === 'application/pdf');
      expect(pdf?.filename).toMatch(/^Proposal P-\d{4}-1 v1\.pdf$/);
      const text = (await pdfText(pdf!.content)).join('\n');
      expect(text).toContain('€10,000.00');
      expect(text).toContain(client.name);
      expect(text).toMatch(/[0-9a-f]{64}/);
    }
  });

  it('takes the deposit through Stripe Checkout', async () => {
    await phone.getByRole('button', { name: 'Pay the deposit' }).click();
    await phone.waitForURL(`${stripe.url}/pay/**`);
    const [session] = [...stripe.sessions.values()];
    // 30 % of €10,000.00 with 19 % VAT.
    expect(session).toMatchObject({ amount_total: 357_000, currency: 'eur' });
    await phone.getByRole('button', { name: 'Pay' }).click();
    // Back on the site at the session's address: no link token went to Stripe.
    await phone.waitForURL(/localhost:\d+\/p\/checkout\/cs_test_\w+$/);
    await visible(phone.getByText('Deposit paid. Thank you.'));
    expect(JSON.stringify([...stripe.sessions.values()])).not.toContain(link.slice(-43));
  });

  it('shows the lead won, and the proposal Deposit paid with the amount paid', async () => {
    await owner.goto(`${server.url}/admin/leads/1`);
    await visible(owner.getByText('Won', { exact: true }).first());
    const row = owner
      .getByRole('region', { name: 'Proposals' })
      .getByRole('row')
      .filter({ hasText: 'Support inbox pilot' });
    await visible(row.getByRole('cell', { name: 'Deposit paid', exact: true }));
    await visible(row.getByRole('cell', { name: '€3,570.00', exact: true }));
  });

  it('issues and mails the deposit invoice, paid', async () => {
    const mail = await mailTo(smtp, client.email, /^Invoice INV-\d{4}-0001: deposit received$/);
    const { files } = await parseMail(Buffer.from(mail.raw));
    const text = (await pdfText(files[0]!.content)).join('\n');
    expect(text).toContain('Deposit invoice');
    expect(text).toContain('€3,570.00');
  });

  it('has the owner issue and send the final invoice from the lead, axe-clean', async () => {
    await owner.goto(`${server.url}/admin/leads/1`);
    const invoices = owner.getByRole('region', { name: 'Invoices' });
    await visible(invoices.getByRole('link', { name: /^INV-\d{4}-0001$/ }));
    await visible(invoices.getByRole('region', { name: 'Invoicing details' }));
    await expectNoAxeViolations(owner);
    await invoices.getByRole('button', { name: /^Final invoice for / }).click();
    await owner.waitForURL(/\/admin\/invoices\/\d+$/);
    await visible(owner.getByText('€8,330.00').first());
    await expectNoAxeViolations(owner);
    await owner.getByRole('button', { name: 'Issue and send' }).click();
    const confirm = owner.getByRole('alertdialog', { name: 'Issue and send this invoice' });
    await confirm.getByRole('button', { name: 'Issue and send' }).click();
    await visible(owner.getByRole('heading', { name: /^INV-\d{4}-0002 Final invoice$/, level: 1 }));
    await expectNoAxeViolations(owner);
    await owner.goto(`${server.url}/admin/invoices`);
    await visible(owner.getByRole('region', { name: 'For your accountant' }));
    await expectNoAxeViolations(owner);
  });

  it('takes the balance on the invoice’s page, on a phone by keyboard alone', async () => {
    const mail = await mailTo(smtp, client.email, /^Invoice INV-\d{4}-0002$/);
    const page = /http:\/\/localhost:\d+\/i\/[\w-]{43}/.exec(mail.text)![0];

    await phone.goto(page);
    await visible(phone.getByRole('heading', { name: /^Invoice INV-\d{4}-0002$/, level: 1 }));
    await visible(phone.getByText('€8,330.00').first());
    await expectClientPageAxeClean(phone);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await tabTo(phone, phone.getByRole('button', { name: 'Pay by card' }));
    await phone.keyboard.press('Enter');
    await phone.waitForURL(`${stripe.url}/pay/**`);
    const session = [...stripe.sessions.values()].at(-1);
    expect(session).toMatchObject({ amount_total: 833_000, currency: 'eur' });
    await tabTo(phone, phone.getByRole('button', { name: 'Pay' }));
    await phone.keyboard.press('Enter');
    await phone.waitForURL(/localhost:\d+\/i\/checkout\/cs_test_\w+$/);
    expect(JSON.stringify([...stripe.sessions.values()])).not.toContain(page.slice(-43));
    // The signed event comes on its own: the page reads paid once it has.
    await expect
      .poll(async () => {
        await phone.goto(page);
        return phone.getByText('Paid in full. Thank you.').count();
      })
      .toBe(1);
    await expectClientPageAxeClean(phone);
  });

  it('shows the lead won with both payments', async () => {
    await owner.goto(`${server.url}/admin/leads/1`);
    await visible(owner.getByText('Won', { exact: true }).first());
    const timeline = owner.getByRole('list', { name: 'Timeline' });
    await visible(timeline.getByText(/Deposit paid: €3,570\.00/));
    await visible(timeline.getByText(/Invoice INV-\d{4}-0002 paid: €8,330\.00/));
    const notice = await mailTo(smtp, OWNER_INBOX, /^Invoice paid: €8,330\.00 from /);
    expect(notice.text).toContain('It is now paid in full.');
  });
});
