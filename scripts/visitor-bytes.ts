/**
 * `npm run bytes`: what a visitor on a phone downloads, in bytes as the browser transfers them
 * (the brotli body and the response's headers, as Chromium's network log counts them), at two
 * moments:
 *
 * - **first load**: `/` opened and hydrated, every script the page asked for by itself;
 * - **message sent**: the visitor then scrolled to the contact form, filled it in, sent it and
 *   saw the confirmation (toast and confetti included).
 *
 * Then it opens the booking picker from the confirmation's "Pick a time" and prints the
 * picker's own chunks on a line of their own: they load only on request, so they count in
 * neither total (booking is off on the throwaway database; the chunks load all the same).
 *
 * It builds the client when stale, serves a snapshot of it from the real server on a throwaway
 * database where three case studies, two testimonials and a client logo are published (the
 * home page's proof sections shown: scripts/sample-entries.ts), drives the system Chromium, and compares with the targets in docs/performance.md.
 * Options: --no-build (measure the current dist/).
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale';
import { publishSampleEntries, SAMPLE_ADMIN } from './sample-entries';
import { withBuildLock } from './build-lock';
import { launchBrowser, MOBILE, newPage } from '../tests/e2e/support/browser';
import { fillContactForm, openApp, waitForContactForm } from '../tests/e2e/support/home';
import { startServer } from '../tests/e2e/support/server';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUILD_DIR = path.join(ROOT, 'dist/client');

/** Targets in decimal kilobytes of brotli (docs/performance.md). */
const FIRST_LOAD_BUDGET = 85_000;
const MESSAGE_SENT_BUDGET = 120_000;

function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} KB`;
}

async function main() {
  if (!process.argv.includes('--no-build') && buildIfStale() !== 0) process.exit(1);
  const clientDir = mkdtempSync(path.join(tmpdir(), 'bytes-client-'));
  withBuildLock(() => cpSync(BUILD_DIR, clientDir, { recursive: true }));
  /** Each script's transfer as the browser saw it: the response's headers and its body. */
  const transferred = new Map<string, number>();
  /** What was transferred for an asset; what the server sends (its `.br`) until it is known. */
  const transferSize = (urlPath: string) => {
    const seen = transferred.get(urlPath);
    if (seen !== undefined) return seen;
    const file = path.join(clientDir, decodeURIComponent(urlPath));
    return existsSync(`${file}.br`) ? statSync(`${file}.br`).size : statSync(file).size;
  };

  const server = await startServer({
    env: {
      CLIENT_DIR: clientDir,
      ADMIN_USERNAME: SAMPLE_ADMIN.username,
      ADMIN_PASSWORD: SAMPLE_ADMIN.password,
    },
  });
  // The page as it is once the owner publishes: the three proof sections after About.
  await publishSampleEntries(server.url);
  const browser = await launchBrowser();
  try {
    const page = await newPage(browser, MOBILE);
    const scripts: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === new URL(server.url).origin && url.pathname.endsWith('.js')) {
        if (!scripts.includes(url.pathname)) scripts.push(url.pathname);
      }
    });
    page.on('requestfinished', (request) => {
      const url = new URL(request.url());
      if (!url.pathname.endsWith('.js')) return;
      void request.sizes().then((sizes) => {
        transferred.set(url.pathname, sizes.responseHeadersSize + sizes.responseBodySize);
      });
    });
    await openApp(page, `${server.url}/`);
    // Chunks asked for after hydration without any interaction belong to the first load too.
    await page.waitForLoadState('networkidle');
    const firstLoad = [...scripts];

    await waitForContactForm(page);
    await fillContactForm(page, {
      name: 'Byte Counter',
      email: 'bytes@example.com',
      subject: 'Partnership Opportunity',
      message: 'Counting what a phone downloads to send this.',
    });
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await form.getByRole('status').waitFor();
    await page.getByText('Message sent!').waitFor();
    await page.waitForLoadState('networkidle');
    const messageSent = [...scripts];

    await form.getByRole('button', { name: 'Pick a time' }).click();
    await page.getByText('Booking is not available.').waitFor();
    await page.waitForLoadState('networkidle');
    const picker = scripts.filter((p) => !messageSent.includes(p));

    const html = readFileSync(path.join(clientDir, 'index.html.br')).length;
    const rows = messageSent.map((p) => ({
      p,
      size: transferSize(p),
      first: firstLoad.includes(p),
    }));
    rows.sort((a, b) => Number(b.first) - Number(a.first) || b.size - a.size);
    console.log('Scripts a phone downloads to send a message (brotli, headers included):');
    for (const { p, size, first } of rows) {
      console.log(
        `  ${kb(size).padStart(9)}  ${first ? 'first load  ' : 'contact form'}  ${path.basename(p)}`,
      );
    }
    const firstJs = rows.filter((r) => r.first).reduce((sum, r) => sum + r.size, 0);
    const allJs = rows.reduce((sum, r) => sum + r.size, 0);
    const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
    console.log(`\n  index.html (prerendered page and its CSS) ${kb(html)}, not counted below`);
    console.log(
      `  JS at first load    ${kb(firstJs).padStart(9)} <= ${kb(FIRST_LOAD_BUDGET)}: ${verdict(firstJs <= FIRST_LOAD_BUDGET)}`,
    );
    console.log(
      `  JS to send a message ${kb(allJs).padStart(8)} <= ${kb(MESSAGE_SENT_BUDGET)}: ${verdict(allJs <= MESSAGE_SENT_BUDGET)}`,
    );
    const pickerJs = picker.reduce((sum, p) => sum + transferSize(p), 0);
    console.log(
      `  booking picker       ${kb(pickerJs).padStart(8)} on request (${picker.map((p) => path.basename(p)).join(', ')})`,
    );
    if (firstJs > FIRST_LOAD_BUDGET || allJs > MESSAGE_SENT_BUDGET) process.exitCode = 1;
  } finally {
    await browser.close();
    await server.stop();
    rmSync(clientDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bytes failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
