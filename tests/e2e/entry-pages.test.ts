/**
 * A published case study's page and its list in a phone's width (390 px), as the server
 * writes them (docs/content.md, "The entry pages"): readable with JavaScript off (title,
 * results, body), within the screen's width, and clean for axe once the page's script ran.
 * Then, on the same server, the home page's proof sections (the case study and a testimonial
 * after About: hydrated as they are, nothing moving) and the search page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { addUser, PASSWORD, showColorScheme } from './admin-support';
import { axeViolations, newPage, startServerAndBrowser, type RunningServer } from './support';
import { layoutShifts } from './support/layout-shifts';

let server: RunningServer;
let browser: Browser;

const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true } as const;

/** The administrator's calls, as the admin's editor makes them. */
async function api(path: string, cookie: string, json?: unknown): Promise<unknown> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { cookie, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function signedIn(): Promise<string> {
  await addUser(server.dbPath, 'owner');
  const response = await fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'owner', password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

beforeAll(async () => {
  [server, browser] = await startServerAndBrowser();
  const cookie = await signedIn();
  const { entry } = (await api('/api/entries', cookie, {
    kind: 'case_study',
    slug: 'answers-in-minutes',
    title: 'Answers in minutes for a support team',
    summary: 'A support team cut its time to answer with a reply assistant.',
    client: 'Northwind',
    industry: 'Logistics',
    results: [
      { label: 'Time to answer', value: '-63 %' },
      { label: 'Tickets closed a day', value: '+40 %' },
      { label: 'Customer rating', value: '4.8 / 5' },
    ],
    body: [
      '# The problem',
      '',
      'Replies took two days, and the team read every ticket twice.',
      '',
      '## What we built',
      '',
      '- a reply assistant trained on the answers they had already written',
      '- a review step before anything is sent',
      '',
      '```ts',
      'const draft = await assistant.reply(ticket, { tone: "plain", reviewBeforeSending: true });',
      '```',
    ].join('\n'),
  })) as { entry: { id: number } };
  await api(`/api/entries/${entry.id}/publish`, cookie);
  const { testimonial } = (await api('/api/testimonials', cookie, {
    quote: 'Our answers went out the same morning from the first week.',
    name: 'Ada Byron',
    role: 'Head of Support',
    company: 'Northwind',
    consent: { at: '2026-01-10', how: 'e-mail of 10 January' },
  })) as { testimonial: { id: number } };
  await api(`/api/testimonials/${testimonial.id}/publish`, cookie);
  // A dark logo, as most are drawn for a light page.
  const { clientLogo } = (await api('/api/client-logos', cookie, {
    name: 'Northwind',
    consent: { at: '2026-01-10', how: 'e-mail of 10 January' },
  })) as { clientLogo: { id: number } };
  const logo = await sharp({
    create: { width: 200, height: 50, channels: 4, background: { r: 15, g: 23, b: 42, alpha: 1 } },
  })
    .png()
    .toBuffer();
  const upload = new FormData();
  upload.append('file', new Blob([new Uint8Array(logo)], { type: 'image/png' }), 'logo.png');
  const uploaded = await fetch(`${server.url}/api/client-logos/${clientLogo.id}/image`, {
    method: 'POST',
    headers: { cookie },
    body: upload,
  });
  expect(uploaded.status).toBe(200);
  await api(`/api/client-logos/${clientLogo.id}/publish`, cookie);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function withPage(javaScriptEnabled: boolean, fn: (page: Page) => Promise<void>) {
  const page = await newPage(browser, { ...PHONE, javaScriptEnabled });
  try {
    await fn(page);
  } finally {
    await page.context().close();
  }
}

/** Nothing wider than the screen: no sideways scrolling of the page. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('an entry’s page and its list at 390 px', () => {
  it('read with JavaScript off: title, results and body; the list links to the entry', async () => {
    await withPage(false, async (page) => {
      const answer = await page.goto(`${server.url}/case-studies/answers-in-minutes`);
      expect(answer?.status()).toBe(200);
      await expect
        .poll(() =>
          page
            .getByRole('heading', { level: 1, name: 'Answers in minutes for a support team' })
            .isVisible(),
        )
        .toBe(true);
      expect(await page.getByText('-63 %', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByText('Time to answer', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByRole('heading', { level: 2, name: 'The problem' }).isVisible()).toBe(
        true,
      );
      expect(await page.getByText('Replies took two days').isVisible()).toBe(true);
      expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

      expect((await page.goto(`${server.url}/case-studies`))?.status()).toBe(200);
      expect(await page.getByRole('heading', { level: 1, name: 'Case studies' }).isVisible()).toBe(
        true,
      );
      const link = page.getByRole('link', { name: 'Answers in minutes for a support team' });
      expect(await link.isVisible()).toBe(true);
      expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    });
  });

  it('axe finds nothing on either page, in the site’s frame', async () => {
    await withPage(true, async (page) => {
      for (const path of ['/case-studies/answers-in-minutes', '/case-studies']) {
        await page.goto(`${server.url}${path}`);
        await page.getByRole('contentinfo').waitFor();
        expect(await axeViolations(page), path).toEqual([]);
      }
    });
  });
});

describe('the home page and the search page with a case study published, at 390 px', () => {
  it('home, JavaScript off: the case study with its result and the testimonial after About', async () => {
    await withPage(false, async (page) => {
      await page.goto(server.url);
      const proof = page.locator('#proof');
      expect(await proof.getByRole('heading', { level: 2, name: 'Case studies' }).isVisible()).toBe(
        true,
      );
      const link = proof.getByRole('link', { name: 'Answers in minutes for a support team' });
      expect(await link.getAttribute('href')).toBe('/case-studies/answers-in-minutes');
      expect(await proof.getByText('-63 %', { exact: true }).isVisible()).toBe(true);
      expect(await proof.getByText('Our answers went out the same morning').isVisible()).toBe(true);
      expect(await proof.getByText('Head of Support, Northwind').isVisible()).toBe(true);
      expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    });
  });

  it('home, JavaScript on: hydrated with the sections as the server wrote them, nothing moved, axe-clean', async () => {
    await withPage(true, async (page) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      // The sections' element as parsed: a hydration that failed would replace it.
      await page.addInitScript(() => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState !== 'interactive') return;
          (window as unknown as { proof: Element | null }).proof = document.getElementById('proof');
        });
      });
      await page.goto(server.url);
      await page.waitForFunction(() => document.documentElement.dataset.ready !== undefined);
      await page.locator('#proof').scrollIntoViewIfNeeded();
      expect(
        await page.evaluate(() => {
          const kept = (window as unknown as { proof: Element | null }).proof;
          return kept !== null && kept === document.getElementById('proof') && kept.isConnected;
        }),
      ).toBe(true);
      expect(problems).toEqual([]);
      const shifts = await layoutShifts(page);
      expect(shifts, JSON.stringify(shifts, null, 1)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);

      // In the dark theme a dark logo stays visible: on a white tile, never on the page's
      // near-black, and not inverted.
      await showColorScheme(page, 'dark');
      const tile = page.locator('#clients li').first();
      await tile.scrollIntoViewIfNeeded();
      expect(
        await tile.evaluate((li) => ({
          tile: getComputedStyle(li).backgroundColor,
          section: getComputedStyle(li.closest('section')!).backgroundColor,
          filter: getComputedStyle(li.querySelector('img')!).filter,
        })),
      ).toEqual({ tile: 'rgb(255, 255, 255)', section: 'rgb(11, 17, 32)', filter: 'none' });
    });
  });

  it('search, JavaScript off: the list’s form finds the case study; a one-letter search says why', async () => {
    await withPage(false, async (page) => {
      await page.goto(`${server.url}/case-studies`);
      await page.getByLabel('Search case studies and insights').fill('reply assistant');
      await Promise.all([
        page.waitForURL(/\/search\?q=reply\+assistant$/),
        page.keyboard.press('Enter'),
      ]);
      const result = page.getByRole('link', { name: 'Answers in minutes for a support team' });
      expect(await result.getAttribute('href')).toBe('/case-studies/answers-in-minutes');
      expect(await page.locator('mark').first().isVisible()).toBe(true);
      expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
      const refused = await page.goto(`${server.url}/search?q=a`);
      expect(refused?.status()).toBe(400);
      expect(await page.getByText('Search must be 2 to 100 characters').isVisible()).toBe(true);
    });
    await withPage(true, async (page) => {
      await page.goto(`${server.url}/search?q=support`);
      await page.getByRole('contentinfo').waitFor();
      expect(await axeViolations(page)).toEqual([]);
    });
  });
});
