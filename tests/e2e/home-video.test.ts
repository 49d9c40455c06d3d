/**
 * "See AI in Action" on a fresh site: the demo video that comes with the site, in 16:9, with
 * only its poster loaded until the visitor plays it; then it plays, with English captions,
 * served by the site itself (byte ranges), and the play is counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { DEMO_VIDEO } from '#shared/demo-video';
import { DESKTOP, newPage, type RunningServer, startServerAndBrowser } from './support';
import { openApp } from './support/home';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await startServerAndBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const VIDEO = 'section[aria-labelledby="video-title"] video';

/** Every request the page makes, and those that have finished, by path. */
function recordRequests(page: Page) {
  const requested: Request[] = [];
  const finished = new Set<string>();
  page.on('request', (request) => requested.push(request));
  page.on('requestfinished', (request) => finished.add(new URL(request.url()).pathname));
  const paths = () => requested.map((request) => new URL(request.url()).pathname);
  return { requested, finished, paths };
}

describe('the demo video on a fresh site', () => {
  it('shows in 16:9 with its poster, fetches nothing of the video until played, then plays with captions', async () => {
    const page = await newPage(browser, DESKTOP);
    try {
      const requests = recordRequests(page);
      await openApp(page, `${server.url}/`);
      const heading = page.getByRole('heading', { name: 'See AI in Action' });
      expect(await heading.count()).toBe(1);
      await page.locator(VIDEO).scrollIntoViewIfNeeded();

      // The box is 16:9 and the video's name is its title.
      const box = await page.locator(VIDEO).boundingBox();
      expect(box).not.toBeNull();
      expect(Math.abs((box?.width ?? 0) / (box?.height ?? 1) - 16 / 9)).toBeLessThan(0.01);
      expect(await page.locator(VIDEO).getAttribute('aria-label')).toBe('Facility analytics demo');

      // The page has loaded and its poster has arrived: the positive sign that the video had
      // its chance to start downloading. It must not have.
      await page.waitForFunction(() => document.readyState === 'complete');
      await expect
        .poll(() => requests.finished.has(DEMO_VIDEO.poster), { timeout: 15_000 })
        .toBe(true);
      expect(requests.paths()).not.toContain(DEMO_VIDEO.video);
      expect(
        await page.locator(VIDEO).evaluate((video: HTMLVideoElement) => ({
          preload: video.preload,
          networkState: video.networkState,
          canPlay: video.canPlayType('video/mp4; codecs="avc1.640028"'),
        })),
      ).toEqual({
        preload: 'none',
        networkState: 1 /* NETWORK_IDLE: nothing fetched, none wanted */,
        canPlay: 'probably',
      });

      // The captions track, in English, shown by default.
      expect(
        await page.locator(VIDEO).evaluate((video: HTMLVideoElement) =>
          [...video.textTracks].map(({ kind, language, label, mode }) => ({
            kind,
            language,
            label,
            mode,
          })),
        ),
      ).toEqual([{ kind: 'captions', language: 'en', label: 'English', mode: 'showing' }]);

      const beacons = () => requests.paths().filter((path) => path === '/api/event').length;
      await expect.poll(beacons, { timeout: 10_000 }).toBe(1);
      // Press play, as a keyboard visitor does: the video's controls take Space. (A click on
      // the picture in headless Chromium only focuses it.)
      await page.locator(VIDEO).focus();
      await page.keyboard.press('Space');
      await expect.poll(() => requests.paths().includes(DEMO_VIDEO.video)).toBe(true);
      await expect
        .poll(
          () =>
            page
              .locator(VIDEO)
              .evaluate((video: HTMLVideoElement) => !video.paused && video.currentTime > 0.5),
          { timeout: 20_000 },
        )
        .toBe(true);
      // The captions' cues have arrived.
      await expect
        .poll(() =>
          page
            .locator(VIDEO)
            .evaluate((video: HTMLVideoElement) => video.textTracks[0]?.cues?.length ?? 0),
        )
        .toBeGreaterThan(3);
      // The beacon's body (a Blob) is not visible to the test: the pageview was the one beacon
      // before play, the play is the second.
      await expect.poll(beacons).toBe(2);
    } finally {
      await page.context().close();
    }
  });

  it('is served by the site in byte ranges, cached for a year', async () => {
    const part = await fetch(`${server.url}${DEMO_VIDEO.video}`, {
      headers: { Range: 'bytes=0-99' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-type')).toBe('video/mp4');
    expect(part.headers.get('content-range')).toMatch(/^bytes 0-99\/\d+$/);
    expect(part.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    const home = await fetch(`${server.url}/`);
    const csp = home.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("media-src 'self'");
    expect(csp).toContain("frame-src 'none'");
  });
});
