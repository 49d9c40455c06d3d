/**
 * One call's life in the browser (docs/booking.md), its steps in order: booked with the home
 * page's picker at 390 px by keyboard alone, in the visitor's own time zone (New York), with
 * the invitation in the mail, the mail's time in that zone, and the calendar file and the
 * Google Calendar and Outlook links offered; the same call moved from the mailed manage link by
 * keyboard alone; then the owner's Bookings screen and the lead's timeline follow; all
 * axe-clean in both themes. Beside it: the picker opened from a sent message, filled in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import ICAL from 'ical.js';
import { parseMail } from '#tests/support/mime';
import { axeViolations } from './support/axe';
import { OWNER_SETTINGS } from '#tests/support/booking-settings';
import {
  launchBrowser,
  newPage,
  startServer,
  startSmtpCatcher,
  withDatabase,
  type RunningServer,
  type SmtpCatcher,
} from './support';
import { addUser, expectNoAxeViolations, startSignedIn, visible } from './admin-support';
import { fillContactForm, openApp, waitForContactForm } from './support/home';

let server: RunningServer;
let smtp: SmtpCatcher;
let browser: Browser;

const VISITOR = 'ivy@example.com';
const NOTICE_HOURS = 3;

/**
 * Two hours every day (a short list to check), starting at least an hour past the notice from
 * now in the site's time (London): the first free time stays free while the tests run. Fixed
 * at 09:00 to 11:00, a run that came at 07:00 saw its first time, 10:00, leave the notice
 * between the picker's load and the booking ("This time is no longer available").
 */
function everyDay(now = new Date()): [string, string][] {
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      hourCycle: 'h23',
      timeZone: 'Europe/London',
    }).format(now),
  );
  // The hour after next past the notice; hours that would run past midnight start at it.
  const from = (hour + NOTICE_HOURS + 2) % 24;
  const start = from > 21 ? 0 : from;
  const at = (h: number) => `${String(h).padStart(2, '0')}:00`;
  return [[at(start), at(start + 2)]];
}

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  server = await startServer({
    env: { SMTP_URL: smtp.url, SITE_URL: 'https://acme.example', SITE_TIMEZONE: 'Europe/London' },
  });
  browser = await launchBrowser();
  await addUser(server.dbPath, 'alice');
  // Open every hour of every day, so the real clock always finds free times.
  const settings = {
    ...OWNER_SETTINGS,
    minNoticeHours: NOTICE_HOURS,
    weekly: Object.fromEntries(
      ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, everyDay()]),
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
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/** The invitation of a caught mail, as a calendar reads it. */
async function invitationOf(raw: string) {
  const { calendars } = await parseMail(Buffer.from(raw));
  const calendar = new ICAL.Component(ICAL.parse(calendars[0]!.content));
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  return { uid: event.uid, sequence: event.sequence, start: event.startDate.toJSDate() };
}

/** "04:00" and "Eastern Standard Time" of a moment in New York, as a reader there says them. */
function eastern(at: Date): { time: string; zone: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'long',
    timeZone: 'America/New_York',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return { time: `${part('hour')}:${part('minute')}`, zone: part('timeZoneName') };
}

/** The call the picker books: the manage link's test moves it, the owner's test finds it. */
let booked: { start: string; link: string } | undefined;

const PHONE = {
  width: 390,
  height: 844,
  isMobile: true,
  hasTouch: true,
  timezoneId: 'America/New_York',
};

/** Presses Tab until the element has the focus: the keyboard alone, whatever lies between. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < 40; presses++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the element');
}

describe("the home page's picker", () => {
  it('books a free time at 390 px by keyboard, with the invitation and the calendar file', async () => {
    const page = await newPage(browser, PHONE);
    try {
      await openApp(page, `${server.url}/`);
      const offer = page.getByRole('button', { name: 'Book a free call' });
      await offer.focus();
      await page.keyboard.press('Enter');
      const picker = page.getByRole('form', { name: 'Book a free call' });
      await visible(picker);
      await visible(picker.getByText('Times are shown in'));
      expect(await picker.innerText()).toContain('(America/New_York)');

      // The first day is chosen; its first time is the one Tab reaches first, named by its
      // whole date and time, not "10:00" alone.
      const firstTime = picker
        .getByRole('group', { name: /^Free times on/ })
        .getByRole('radio', { name: /^\w+day,? \d{1,2} \w+ \d{4}, \d{2}:\d{2}$/ })
        .first();
      await tabTo(page, firstTime);
      await page.keyboard.press('Space');
      const start = await firstTime.inputValue();
      await tabTo(page, picker.getByRole('textbox', { name: 'Full Name' }));
      await page.keyboard.type('Ivy Quinn');
      await page.keyboard.press('Tab');
      await page.keyboard.type(VISITOR);
      await tabTo(page, picker.getByRole('checkbox', { name: /I agree/ }));
      await page.keyboard.press('Space');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      await expectNoAxeViolations(page);
      await tabTo(page, picker.getByRole('button', { name: 'Book the call' }));
      await page.keyboard.press('Enter');

      await visible(page.getByText('Your call is booked.'));
      const mail = await smtp.waitForMail({ to: VISITOR });
      expect(await invitationOf(mail.raw)).toMatchObject({ sequence: 0, start: new Date(start) });
      // The mail says the time the visitor picked, in Eastern time and named, London's beside it.
      const from = eastern(new Date(start));
      const until = eastern(new Date(new Date(start).getTime() + 30 * 60_000));
      expect(mail.text).toMatch(
        new RegExp(
          `When: \\w+day \\d+ \\w+ \\d{4}, ${from.time} to ${until.time} ${from.zone} \\(.+, our time\\)`,
        ),
      );
      const google = page.getByRole('link', { name: 'Add to Google Calendar' });
      const dates = new URL((await google.getAttribute('href'))!).searchParams.get('dates');
      expect(dates?.split('/')[0]).toBe(start.replace(/[-:]/g, '').replace('.000', ''));
      await visible(page.getByRole('link', { name: 'Add to Outlook' }));
      const link = /https:\/\/acme\.example(\/booking\/manage\?token=[\w-]{43})/.exec(
        mail.text,
      )?.[1];
      expect(link).toBeDefined();
      booked = { start, link: `${server.url}${link}` };
      const file = page.getByRole('link', { name: 'Add to calendar' });
      await tabTo(page, file);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.keyboard.press('Enter'),
      ]);
      const ics = readFileSync(await download.path(), 'utf8');
      const utc = start.replace(/[-:]/g, '').replace('.000', '');
      expect(ics).toContain(`DTSTART:${utc}\r\n`);
      // The mailed invitation's UID: a calendar given both keeps one entry.
      expect(ics).toContain(`UID:${(await invitationOf(mail.raw)).uid}\r\n`);
      await expectNoAxeViolations(page);
    } finally {
      await page.context().close();
    }
  });

  it('opens from a sent message with the name and address filled in, axe-clean in dark', async () => {
    const page = await newPage(browser, { ...PHONE, colorScheme: 'dark' });
    try {
      await openApp(page, `${server.url}/`);
      await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
      await waitForContactForm(page);
      await fillContactForm(page, {
        name: 'Jonas Wren',
        email: 'jonas@example.com',
        subject: 'AI Consulting Services',
        message: 'We would like to talk about a pilot.',
      });
      const form = page.getByRole('form', { name: 'Contact form' });
      await form.getByRole('button', { name: 'Send Message' }).click();
      const pick = form.getByRole('button', { name: 'Pick a time' });
      await visible(pick);
      await pick.focus();
      await page.keyboard.press('Enter');
      const picker = page.getByRole('form', { name: 'Book a free call' });
      await visible(picker.getByRole('radio').first());
      expect(await picker.getByRole('textbox', { name: 'Full Name' }).inputValue()).toBe(
        'Jonas Wren',
      );
      expect(await picker.getByRole('textbox', { name: 'Email Address' }).inputValue()).toBe(
        'jonas@example.com',
      );
      await expectNoAxeViolations(page);
    } finally {
      await page.context().close();
    }
  });
});

describe('a booked call', () => {
  let visitorPage: Page;

  it('is moved from the manage link at 390 px by keyboard, in the visitor time zone', async () => {
    if (!booked) throw new Error("the picker's test booked no call");
    const { start, link } = booked;
    visitorPage = await newPage(browser, {
      width: 390,
      height: 844,
      isMobile: true,
      hasTouch: true,
      timezoneId: 'America/New_York',
    });
    const page = visitorPage;
    await page.goto(link);
    const when = page.locator('[data-when]');
    const zoneName = (at: Date) =>
      new Intl.DateTimeFormat('en-GB', { timeZoneName: 'long', timeZone: 'America/New_York' })
        .formatToParts(at)
        .find((part) => part.type === 'timeZoneName')!.value;
    // Written in the zone the call was booked in (New York), named.
    await expect.poll(() => when.innerText()).toContain(zoneName(new Date(start)));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    await page.getByRole('button', { name: 'Choose another time' }).focus();
    await page.keyboard.press('Enter');
    const first = page.getByRole('radio').first();
    await expect.poll(() => first.evaluate((el) => el === document.activeElement)).toBe(true);
    // Each time is named by its whole date and time, not "10:00" alone.
    expect(await first.getAttribute('id')).toBeTruthy();
    const label = await page
      .locator(`label[for="${await first.getAttribute('id')}"]`)
      .getAttribute('aria-label');
    expect(label).toMatch(/^\w+day,? \d{1,2} \w+ \d{4}, \d{2}:\d{2}$/);
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await visible(page.getByText('Your call has moved. A new invitation is on its way to you.'));

    const moved = await smtp.waitForMail({ to: VISITOR });
    const invitation = await invitationOf(moved.raw);
    expect(invitation.sequence).toBe(1);
    expect(invitation.start.toISOString()).not.toBe(start);

    await expectNoAxeViolations(page);
    // The page takes the system's theme as it loads (public/boot.js), like the newsletter's.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await page.getByRole('button', { name: 'Choose another time' }).click();
    await page.getByRole('radio').first().waitFor({ state: 'attached' });
    await expectNoAxeViolations(page);
  });

  it("is on the owner's Bookings screen and on the lead's timeline", async () => {
    const page = await newPage(browser);
    try {
      await startSignedIn(page, server, 'alice');
      await page
        .getByRole('navigation', { name: 'Admin sections' })
        .getByRole('link', { name: 'Bookings' })
        .click();
      await visible(page.getByRole('heading', { name: 'Bookings', level: 1 }));
      await visible(page.getByRole('button', { name: 'Cancel the call with Ivy Quinn' }));
      expect(
        await page.getByRole('link', { name: /^Join call with Ivy Quinn/ }).getAttribute('href'),
      ).toBe(OWNER_SETTINGS.location);
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: 'Ivy Quinn', exact: true }).click();
      await visible(page.getByRole('heading', { name: 'Ivy Quinn', level: 1 }));
      await visible(page.getByText('Meeting', { exact: true }).first());
      // The reply's preview frames are sandboxed (no script, axe's included): left out.
      expect(await axeViolations(page, { exclude: ['iframe[sandbox]'] })).toEqual([]);
    } finally {
      await page.context().close();
      await visitorPage?.context().close();
    }
  });
});
