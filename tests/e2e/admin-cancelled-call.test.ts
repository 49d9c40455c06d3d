/**
 * A lead whose only call was cancelled asks for the owner again (docs/leads.md, "A cancelled
 * call"): Tom wrote, booked a call, then cancelled it with "Maybe next quarter" before any
 * reply. His lead is back to New, waits for a first answer in Needs attention, and its
 * timeline says the cancellation moved it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { OWNER_SETTINGS } from '#tests/support/booking-settings';
import {
  newPage,
  startServerAndBrowser,
  startSmtpCatcher,
  withDatabase,
  type RunningServer,
  type SmtpCatcher,
} from './support';
import { addUser, visible, withSession } from './admin-support';

let server: RunningServer;
let smtp: SmtpCatcher;
let browser: Browser;
let page: Page;

const TOM = { name: 'Tom Reed', email: 'tom@reed.example' };

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  [server, browser] = await startServerAndBrowser({
    env: { SMTP_URL: smtp.url, SITE_URL: 'https://acme.example' },
  });
  await addUser(server.dbPath, 'owner');
  // Every hour of every day open, so the real clock always finds a free time.
  const settings = {
    ...OWNER_SETTINGS,
    minNoticeHours: 3,
    weekly: Object.fromEntries(
      ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [['09:00', '17:00']]]),
    ),
  };
  withDatabase(server.dbPath, (db) => {
    db.prepare('insert into booking_settings (id, settings, updated_at) values (1, ?, ?)').run(
      JSON.stringify(settings),
      Date.now(),
    );
  });
});

afterAll(async () => {
  await page?.context().close();
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

async function post(path: string, body: object): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The first free time of the coming days, as the picker would offer it. */
async function firstFreeStart(): Promise<string> {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString();
  const response = await fetch(
    `${server.url}/api/booking/slots?from=${day(1).slice(0, 10)}&to=${day(7).slice(0, 10)}`,
  );
  expect(response.status).toBe(200);
  const { slots } = (await response.json()) as { slots: { start: string }[] };
  expect(slots.length).toBeGreaterThan(0);
  return slots[0]!.start;
}

describe('a lead whose only call was cancelled', () => {
  it('is New again and waits for a first answer in Needs attention', async () => {
    const wrote = await post('/api/contact', {
      ...TOM,
      subject: 'consulting',
      message: 'Could we talk about automating our invoices?',
      privacy: true,
    });
    expect(wrote.status).toBe(201);
    const booked = await post('/api/booking', {
      ...TOM,
      start: await firstFreeStart(),
      privacy: true,
    });
    expect(booked.status).toBe(201);
    const confirmation = await smtp.waitForMail({ to: TOM.email });
    const token = /\/booking\/manage\?token=([\w-]{43})/.exec(confirmation.text)?.[1];
    expect(token).toBeDefined();
    const cancelled = await post('/api/booking/cancel', { token, reason: 'Maybe next quarter' });
    expect(cancelled.status).toBe(200);

    page = await newPage(browser, { width: 1280, height: 900 });
    await withSession(page, server, 'owner');
    await page.goto(`${server.url}/admin/leads`);
    const waiting = page.getByRole('list', { name: 'Waiting for a first answer' });
    await visible(waiting.getByRole('link', { name: TOM.name }));
    await visible(page.getByRole('radio', { name: 'New 1' }));

    await waiting.getByRole('link', { name: TOM.name }).click();
    await page.waitForURL('**/admin/leads/*');
    await visible(page.getByRole('heading', { name: TOM.name, level: 1 }));
    await expect.poll(() => page.getByRole('radio', { name: 'New' }).isChecked()).toBe(true);
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await visible(timeline.getByText('Maybe next quarter'));
    await visible(timeline.getByText(/The cancellation changed the status/));
  });
});
