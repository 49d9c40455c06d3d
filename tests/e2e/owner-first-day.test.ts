/**
 * The owner's first days (docs/admin-guide.md): the brand saved on the Content screen on the
 * public pages (a long short name keeps the phone's header within the screen; the 404 page
 * wears it), then the first day in one walk: rebrand, upload a logo and a photo, see them on
 * the home page and the 404 page, and an enquiry arriving live in the open admin, its
 * notification mail in the new name with the logo.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { parseMail } from '#tests/support/mime';
import { testImage } from '#tests/support/images';
import {
  launchBrowser,
  newPage,
  startServer,
  startSmtpCatcher,
  type RunningServer,
} from './support';
import { fillContactForm, openApp, waitForContactForm } from './support/home';
import { addUser, startSignedIn, toast, visible } from './admin-support';
import { saveContent } from './content-support';

const NOTIFY_TO = 'owner@harbor.example';
const smtp = await startSmtpCatcher();
let server: RunningServer;
let browser: Browser;
/** The owner, signed in, who saves the content. */
let admin: Page;

beforeAll(async () => {
  server = await startServer({ env: { SMTP_URL: smtp.url, CONTACT_NOTIFY_TO: NOTIFY_TO } });
  await addUser(server.dbPath, 'owner');
  browser = await launchBrowser();
  admin = await newPage(browser);
  await startSignedIn(admin, server, 'owner');
});

afterAll(async () => {
  await admin?.context().close();
  await browser?.close();
  await server?.stop();
  await smtp.close();
});

describe('a 22-character short name on a 390 px phone', () => {
  const shortName = 'Harbor Lane Consulting';

  it('keeps the header within the screen and the menu button on it', async () => {
    expect(shortName.length).toBeGreaterThanOrEqual(22);
    await saveContent(admin, server.url, (content) => ({
      ...content,
      company: { ...content.company, name: `${shortName} Group`, shortName },
    }));
    const page = await newPage(browser, { width: 390, height: 844 });
    try {
      await openApp(page, server.url);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      const menu = await page.getByRole('button', { name: 'Open menu' }).boundingBox();
      expect(menu).not.toBeNull();
      expect(menu!.x).toBeGreaterThanOrEqual(0);
      expect(menu!.x + menu!.width).toBeLessThanOrEqual(390);
      // The header keeps its height: the name takes two lines at most, then "…".
      expect(
        await page.evaluate(() => document.querySelector('header')!.getBoundingClientRect().height),
      ).toBeLessThanOrEqual(65);
      // The whole name is still what the logo's link says.
      await page.getByRole('link', { name: `${shortName} Group, home` }).waitFor();
    } finally {
      await page.context().close();
    }
  });

  it('is what the Content screen warns about under the field', async () => {
    await admin.goto(`${server.url}/admin/content`);
    const field = admin.getByRole('textbox', { name: 'Short name (the logo’s bold part)' });
    await field.waitFor();
    expect(await field.getAttribute('aria-describedby')).not.toBeNull();
    const hint = await admin.evaluate(
      (ids) =>
        ids
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      (await field.getAttribute('aria-describedby'))!,
    );
    // It quotes what the phone's header shows (measured: admin-content.test.ts checks it).
    expect(hint).toMatch(/A phone’s header shows (it whole: )?“Harbor Lane[^”]*”/);
  });
});

describe('the page-not-found page', () => {
  const brand = {
    name: 'Harbor Lane AI Engineering',
    shortName: 'Harbor Lane',
    tagline: 'Practical AI for ports, shipping and the people who run them.',
    profileUrl: 'https://www.linkedin.com/company/harbor-lane',
    profileName: 'Harbor Lane on LinkedIn',
  };

  it.each(['/blog', '/services/rag', '/cookies'])(
    '%s wears the saved brand around the 404 texts',
    async (path) => {
      await saveContent(admin, server.url, (content) =>
        content.company.name === brand.name
          ? content
          : {
              ...content,
              company: {
                ...content.company,
                name: brand.name,
                shortName: brand.shortName,
                tagline: brand.tagline,
              },
              contact: {
                ...content.contact,
                profileUrl: brand.profileUrl,
                profileName: brand.profileName,
              },
              // Terms now exist, the cookie notice does not (/cookies is unknown).
              legal: { ...content.legal, terms: '# Terms\n\nPlain terms.', cookies: '' },
            },
      );
      const page = await newPage(browser);
      try {
        const response = await page.goto(`${server.url}${path}`);
        expect(response?.status()).toBe(404);
        await page.getByRole('heading', { name: '404 Page Not Found', level: 1 }).waitFor();
        expect(await page.getByText('Did you forget to add the page to the router?').count()).toBe(
          1,
        );
        const text = await page.locator('body').innerText();
        expect(text).not.toContain('Acme');
        expect(text).toContain(brand.tagline);
        expect(text).toContain(`© ${new Date().getFullYear()} ${brand.name}`);
        await page.getByRole('link', { name: `${brand.name}, home` }).waitFor();
        const profile = page.getByRole('link', { name: brand.profileName });
        expect(await profile.getAttribute('href')).toBe(brand.profileUrl);
        // The legal entries link to the pages that exist, and only to them.
        const footer = page.locator('footer');
        expect(
          await footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href'),
        ).toBe('/privacy');
        expect(
          await footer.getByRole('link', { name: 'Terms of Service' }).getAttribute('href'),
        ).toBe('/terms');
        expect(await footer.getByRole('link', { name: 'Cookie Policy' }).count()).toBe(0);
        const hrefs = await page.$$eval('a[href]', (links) =>
          links.map((link) => link.getAttribute('href')),
        );
        expect(hrefs).not.toContain('https://www.linkedin.com/company/example');
        expect(await page.title()).toBe(`404 Page Not Found | ${brand.name}`);
      } finally {
        await page.context().close();
      }
    },
  );
});

describe("the owner's first day", () => {
  const brand = { name: 'Tidewater Applied AI', shortName: 'Tidewater' };
  const site = { address: 'https://www.tidewater.example', timeZone: 'Asia/Kolkata' };

  it('rebrand, a logo and a photo: the home page, the 404 page and the mail wear them; an enquiry arrives live', async () => {
    // Rebrand, then upload the logo and the photo on the Content screen.
    await saveContent(admin, server.url, (content) => ({
      ...content,
      company: { ...content.company, ...brand },
    }));
    await admin.goto(`${server.url}/admin/content`);
    await admin.getByLabel('Upload a logo').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: await testImage('png', 400, 100),
    });
    await toast(admin, 'Logo uploaded');
    await admin.getByLabel("Upload a founder's photo").setInputFiles({
      name: 'me.jpg',
      mimeType: 'image/jpeg',
      buffer: await testImage('jpeg', 600, 800),
    });
    await toast(admin, "Founder's photo uploaded");
    // The public address and the time zone, on the same screen.
    const address = admin.getByRole('textbox', { name: 'Public address' });
    await address.fill(site.address);
    await admin.getByRole('combobox', { name: 'Time zone' }).fill(site.timeZone);
    await admin.getByRole('button', { name: 'Save address and time zone' }).click();
    await toast(admin, 'Address and time zone saved');

    // The home page and an unknown address: the new name, its logo, the photo in About.
    const visitor = await newPage(browser, { width: 390, height: 844 });
    try {
      await openApp(visitor, server.url);
      await visible(visitor.getByRole('link', { name: `${brand.name}, home` }).first());
      const logo = visitor.locator('header img[src^="/uploads/logo-png-"]');
      const logoSrc = await (await visible(logo)).getAttribute('src');
      expect(logoSrc).toMatch(/^\/uploads\/logo-png-[0-9a-f]{16}\.png$/);
      await visible(visitor.locator('#about img[src^="/uploads/photo-jpeg-1x-"]'));

      const missing = await newPage(browser);
      try {
        expect((await missing.goto(`${server.url}/services/rag`))?.status()).toBe(404);
        await visible(missing.getByRole('link', { name: `${brand.name}, home` }).first());
        const notFoundLogo = missing.locator('header img[src^="/uploads/logo-png-"]');
        expect(await (await visible(notFoundLogo)).getAttribute('src')).toBe(logoSrc);
      } finally {
        await missing.context().close();
      }

      // The owner keeps the admin open (its badge reads on the page's clock); an enquiry comes.
      const owner = await newPage(browser);
      try {
        await owner.clock.install();
        await startSignedIn(owner, server, 'owner');
        await waitForContactForm(visitor);
        await fillContactForm(visitor, {
          name: 'Helen Marsh',
          email: 'helen@example.com',
          subject: 'AI Consulting Services',
          message: 'We would like to talk about a pilot for our port.',
        });
        await visitor.getByRole('button', { name: 'Send Message' }).click();
        await visible(visitor.getByText('Message sent!').first());
        await owner.clock.runFor(30_000);
        await visible(owner.getByRole('link', { name: 'Messages, 1 unread' }));

        // Its notification: sent in the company's name, the logo above the card, on the
        // address saved, the time in the zone saved.
        const mail = await parseMail(Buffer.from((await smtp.waitForMail({ to: NOTIFY_TO })).raw));
        expect(mail.headers.get('from')).toMatch(new RegExp(`^"?${brand.name}"? <`));
        expect(mail.subject).toContain('Helen Marsh');
        const img = /<img [^>]*>/.exec(mail.html)?.[0] ?? '';
        expect(img).toContain(`src="${site.address}${logoSrc}"`);
        expect(mail.text).toMatch(/Received: .*, \d{2}:\d{2} GMT\+5:30/);
        expect(img).toContain(`alt="${brand.name}"`);
      } finally {
        await owner.context().close();
      }
    } finally {
      await visitor.context().close();
    }
  });
});
