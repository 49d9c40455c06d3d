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
 * Then `/admin/login` on a fresh page: every script it asked for by itself until the network
 * was idle, against its own goal, and the check that sign-in loads none of the admin's
 * editors' chunks (content, newsletters, entries, proof), read from the router app's manifest.
 *
 * Last, the site assistant (docs/assistant.md): `/` on a fresh page with it off, then on (the
 * owner's switch; the provider is a fake of the tests' own, never asked), each first load's
 * scripts and HTML as transferred, the growth against its 1 KB target, then the panel's own
 * chunks once "Ask a question" is pressed (on request, counted in neither first load).
 *
 * It builds the client when stale, serves a snapshot of it from the real server on a throwaway
 * database where three case studies, two testimonials and a client logo are published (the
 * home page's proof sections shown: scripts/sample-entries.ts), drives the system Chromium, and compares with the targets in docs/performance.md.
 * Options: --no-build (measure the current dist/).
 */
import type { Request } from 'playwright-core';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale';
import { publishSampleEntries, SAMPLE_ADMIN } from './sample-entries';
import { providerEnv, turnAssistantOn } from './assistant-on';
import { withBuildLock } from './build-lock';
import { startOpenAiServer } from '../tests/support/openai-server';
import { launchBrowser, MOBILE, newPage } from '../tests/e2e/support/browser';
import { fillContactForm, openApp, waitForContactForm } from '../tests/e2e/support/home';
import { startServer } from '../tests/e2e/support/server';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUILD_DIR = path.join(ROOT, 'dist/client');

/** Targets in decimal kilobytes of brotli (docs/performance.md). */
const FIRST_LOAD_BUDGET = 83_000;
const MESSAGE_SENT_BUDGET = 120_000;
const SIGN_IN_BUDGET = 120_000;
/** What the site assistant switched on may add to the first load (docs/assistant.md). */
const ASSISTANT_GROWTH_BUDGET = 1_000;

/** The editors' screens and modules (route files and admin folders), by their source path. */
const EDITORS =
  /^src\/client\/(?:routes\/admin\/_protected\/(?:content|newsletters|entries|case-studies|insights|testimonials|client-logos)|admin\/(?:content|newsletters|entries|proof)\/)/;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * The router app's chunks only the editors bring: every chunk an editor's module reaches by
 * static imports, less those of the main chunk (which every admin page loads anyway).
 */
function editorChunks(clientDir: string): Set<string> {
  const manifestFile = path.join(clientDir, '.vite/manifest-app.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const reach = (keys: string[]) => {
    const seen = new Set<string>();
    const queue = [...keys];
    while (queue.length > 0) {
      const key = queue.pop()!;
      if (seen.has(key) || !manifest[key]) continue;
      seen.add(key);
      queue.push(...(manifest[key].imports ?? []));
    }
    return new Set([...seen].map((key) => `/${manifest[key]!.file}`));
  };
  const entry = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const editors = Object.keys(manifest).filter((key) => EDITORS.test(manifest[key]!.src ?? key));
  const main = reach(entry);
  return new Set([...reach(editors)].filter((file) => !main.has(file)));
}

/** `/admin/login` opened on a fresh page: its scripts, transferred, until the network rests. */
async function signInScripts(
  browser: Awaited<ReturnType<typeof launchBrowser>>,
  origin: string,
): Promise<Map<string, number>> {
  const page = await newPage(browser, MOBILE);
  const sizes = new Map<string, number>();
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (url.origin !== origin || !url.pathname.endsWith('.js')) return;
    pending.push(
      request.sizes().then((s) => {
        sizes.set(url.pathname, s.responseHeadersSize + s.responseBodySize);
      }),
    );
  });
  await page.goto(`${origin}/admin/login`);
  await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await page.close();
  return sizes;
}

/** `/` as the server sends it to a browser: its HTML, and in brotli as the server compresses it. */
async function homeHtml(origin: string): Promise<{ raw: number; br: number }> {
  const html = Buffer.from(await (await fetch(`${origin}/`)).arrayBuffer());
  const br = brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;
  return { raw: html.length, br };
}

/** `/` on a fresh page until the network rests: each script's transfer, and the HTML's. */
async function homeFirstLoad(
  browser: Awaited<ReturnType<typeof launchBrowser>>,
  origin: string,
): Promise<{
  page: Awaited<ReturnType<typeof newPage>>;
  html: { raw: number; br: number };
  js: Map<string, number>;
}> {
  const page = await newPage(browser, MOBILE);
  const js = new Map<string, number>();
  const pending: Promise<void>[] = [];
  const onFinished = (request: Request) => {
    const url = new URL(request.url());
    if (url.origin !== origin || !url.pathname.endsWith('.js')) return;
    pending.push(
      request.sizes().then((s) => {
        js.set(url.pathname, s.responseHeadersSize + s.responseBodySize);
      }),
    );
  };
  page.on('requestfinished', onFinished);
  await openApp(page, `${origin}/`);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  // What the visitor does next is not the first load.
  page.off('requestfinished', onFinished);
  return { page, html: await homeHtml(origin), js };
}

/** The first load with the site assistant off, then on, and the panel's chunks on request. */
async function assistantFirstLoad(
  browser: Awaited<ReturnType<typeof launchBrowser>>,
  origin: string,
): Promise<boolean> {
  const off = await homeFirstLoad(browser, origin);
  await off.page.context().close();
  await turnAssistantOn(origin);
  const on = await homeFirstLoad(browser, origin);
  const sum = (sizes: Map<string, number>) => [...sizes.values()].reduce((a, b) => a + b, 0);
  const growth = sum(on.js) - sum(off.js);
  const added = [...on.js.keys()].filter((p) => !off.js.has(p)).map((p) => path.basename(p));
  const panel = new Map<string, number>();
  const pending: Promise<void>[] = [];
  on.page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.endsWith('.js') || on.js.has(url.pathname)) return;
    pending.push(
      request.sizes().then((s) => {
        panel.set(path.basename(url.pathname), s.responseHeadersSize + s.responseBodySize);
      }),
    );
  });
  await on.page.getByRole('button', { name: 'Ask a question' }).click();
  await on.page.getByRole('dialog', { name: 'Ask a question' }).waitFor();
  await on.page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await on.page.context().close();
  const htmlGrowth = on.html.br - off.html.br;
  const ok = growth + htmlGrowth <= ASSISTANT_GROWTH_BUDGET;
  console.log('\nThe site assistant (docs/assistant.md), `/` on a fresh page, off then on:');
  console.log(`  JS at first load     off ${kb(sum(off.js))}, on ${kb(sum(on.js))}`);
  console.log(
    `  the first load grows by ${growth} bytes of JS${
      added.length ? ` (new scripts: ${added.join(', ')})` : ' (no script added)'
    } and ${htmlGrowth} bytes of HTML in brotli (the button; ${on.html.raw - off.html.raw} uncompressed): ${growth + htmlGrowth} <= ${ASSISTANT_GROWTH_BUDGET} bytes: ${ok ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  the panel            ${kb(sum(panel)).padStart(8)} on request (${[...panel.keys()].join(', ')})`,
  );
  return ok;
}

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

  // A provider for the site assistant's measurement: a fake of the tests' own, so nothing
  // leaves the machine (the contact form's triage is answered by it too).
  const openai = await startOpenAiServer();
  const server = await startServer({
    env: {
      CLIENT_DIR: clientDir,
      ADMIN_USERNAME: SAMPLE_ADMIN.username,
      ADMIN_PASSWORD: SAMPLE_ADMIN.password,
      ...providerEnv(openai.baseUrl),
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

    const signIn = await signInScripts(browser, new URL(server.url).origin);
    const editors = editorChunks(clientDir);
    console.log('\nScripts /admin/login loads on a fresh page (brotli, headers included):');
    for (const [p, size] of [...signIn].sort((a, b) => b[1] - a[1])) {
      console.log(`  ${kb(size).padStart(9)}  ${path.basename(p)}`);
    }
    const signInJs = [...signIn.values()].reduce((sum, size) => sum + size, 0);
    const editorsLoaded = [...signIn.keys()].filter((p) => editors.has(p));
    console.log(
      `\n  JS at /admin/login  ${kb(signInJs).padStart(9)} <= ${kb(SIGN_IN_BUDGET)}: ${verdict(signInJs <= SIGN_IN_BUDGET)}`,
    );
    console.log(
      `  editors' chunks (content, newsletters, entries, proof; ${editors.size} exist) loaded by /admin/login: ${
        editorsLoaded.length ? editorsLoaded.map((p) => path.basename(p)).join(', ') : 'none'
      }: ${verdict(editorsLoaded.length === 0)}`,
    );
    if (signInJs > SIGN_IN_BUDGET || editorsLoaded.length > 0) process.exitCode = 1;

    if (!(await assistantFirstLoad(browser, new URL(server.url).origin))) process.exitCode = 1;
  } finally {
    await browser.close();
    await server.stop();
    await openai.close();
    rmSync(clientDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bytes failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
